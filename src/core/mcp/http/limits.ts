/** What one HTTP server lets a request take; a host may lower or raise each (serveHttp's `limits`). */
export interface HttpLimits {
  /** The largest request body read, in bytes; a larger one is answered 413 unread. */
  readonly maxBodyBytes: number
  /** How long one request may take, from its first byte to the end of its answer, in milliseconds; past it, 503 (or the stream is cut). */
  readonly requestTimeoutMs: number
  /** How many requests are answered at once; one more is answered 503 with Retry-After. */
  readonly maxConcurrentRequests: number
}

// A tools/call is a few kilobytes; an execute's input rarely more than a few hundred.
export const HTTP_LIMITS: HttpLimits = Object.freeze({
  maxBodyBytes: 1024 * 1024,
  requestTimeoutMs: 120_000,
  maxConcurrentRequests: 128,
})
