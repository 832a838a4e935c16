/**
 * What an executor's error carries as `code` to say it refused the call before sending
 * anything (a path parameter that would change the path, a file that is not base64):
 * execute then reports `dispatched: false`. Compared as a value, not by class, so an
 * executor built against another copy of tama-dex, or none, can say it too.
 */
export const NOT_SENT_CODE = 'TAMA_DEX_NOT_SENT'

/** An executor's refusal before anything was sent; execute reports it with `dispatched: false`. */
export class NotSentError extends Error {
  readonly code = NOT_SENT_CODE
}

/**
 * Whether what an executor threw says nothing was sent. Fails closed: anything that cannot
 * be read (a Proxy, a throwing getter) may have been sent.
 */
export function saysNotSent(thrown: unknown): boolean {
  try {
    return typeof thrown === 'object' && thrown !== null && (thrown as {code?: unknown}).code === NOT_SENT_CODE
  } catch {
    return false
  }
}
