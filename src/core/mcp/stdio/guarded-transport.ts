import {isObject, jsonType} from '../../json/index.js'

/** A JSON-RPC 2.0 message, as far as this wrapper reads it. */
export interface JsonRpcMessage {
  readonly jsonrpc: '2.0'
}

/**
 * The stdio transport of the MCP SDK, by its shape (the SDK's `Transport`), so that this
 * module loads without the SDK.
 */
export interface MessageTransport {
  onclose?(): void
  onerror?(error: Error): void
  onmessage?(message: JsonRpcMessage, extra?: unknown): void
  start(): Promise<void>
  close(): Promise<void>
  send(message: JsonRpcMessage, options?: unknown): Promise<void>
  setProtocolVersion?(version: string): void
}

// JSON-RPC 2.0 error codes.
const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const INVALID_PARAMS = -32602

/**
 * Wraps the SDK's stdio transport where it falls short of JSON-RPC for a client:
 * - a line that is not JSON, or not a JSON-RPC message, is answered (-32700, -32600)
 *   instead of dropped, so a client waiting on it is not left hanging, and so is a line
 *   too long to read (refuseOversizedLine);
 * - a tools/call whose params or arguments are the wrong type is answered -32602 in one
 *   sentence, before the SDK's schema check turns it into -32603 with a schema dump;
 * - answers are written one at a time, so a burst of concurrent calls waits on stdout's
 *   drain once instead of adding a listener per answer;
 * - the answer to a request already answered before the SDK loaded (`answered`, the
 *   early initialize) is not sent again.
 */
export class GuardedTransport implements MessageTransport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JsonRpcMessage, extra?: unknown) => void

  private sending: Promise<void> = Promise.resolve()
  /** The ids of the requests received and not answered yet. */
  private readonly unanswered = new Set<string | number>()
  private onSettled: (() => void) | undefined
  private readonly onClosed: Array<() => void> = []

  constructor(
    private readonly inner: MessageTransport,
    private readonly options: {readonly answered?: string | number} = {},
  ) {
    inner.onclose = () => {
      this.onclose?.()
      for (const resolve of this.onClosed.splice(0)) resolve()
    }
    inner.onerror = (error) => this.receiveError(error)
    inner.onmessage = (message, extra) => this.receive(message, extra)
  }

  start(): Promise<void> {
    return this.inner.start()
  }

  close(): Promise<void> {
    return this.inner.close()
  }

  /** Resolves once the transport has closed (its input ended, or the server closed it). */
  closed(): Promise<void> {
    return new Promise((resolve) => this.onClosed.push(resolve))
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version)
  }

  /** Resolves once every request received so far has been answered. */
  settled(): Promise<void> {
    if (this.unanswered.size === 0) return Promise.resolve()
    return new Promise((resolve) => (this.onSettled = resolve))
  }

  send(message: JsonRpcMessage, options?: unknown): Promise<void> {
    const {id, method} = message as {id?: string | number; method?: string}
    const answer = id !== undefined && method === undefined
    if (answer) this.answered(id)
    if (answer && id === this.options.answered) return Promise.resolve()
    const sent = this.sending.then(() => this.inner.send(message, options))
    this.sending = sent.catch(() => {})
    return sent
  }

  private answered(id: string | number): void {
    this.unanswered.delete(id)
    if (this.unanswered.size === 0) this.onSettled?.()
  }

  private receive(message: JsonRpcMessage, extra?: unknown): void {
    const {id, method, params} = message as {id?: string | number; method?: string; params?: unknown}
    if (id !== undefined && typeof method === 'string') this.unanswered.add(id)
    const problem = id !== undefined && method === 'tools/call' ? toolCallProblem(params) : undefined
    if (problem === undefined) {
      this.onmessage?.(message, extra)
      return
    }
    void this.send({jsonrpc: '2.0', id, error: {code: INVALID_PARAMS, message: `Invalid tools/call params: ${problem}.`}} as JsonRpcMessage)
  }

  /** Answers a line that was dropped unread for being longer than `limit` bytes (MessageLines). */
  refuseOversizedLine(limit: number): void {
    const message = `Invalid request: the line is longer than ${limit} bytes, the most a message may be; it was not read. Send a shorter message.`
    void this.send({jsonrpc: '2.0', error: {code: INVALID_REQUEST, message}} as JsonRpcMessage)
  }

  /** Answers a line that was dropped for not being JSON (MessageLines). */
  refuseNotJson(): void {
    // The id of an unreadable request cannot be known, so the answer has none.
    void this.send({jsonrpc: '2.0', error: {code: PARSE_ERROR, message: 'Parse error: the line is not JSON.'}} as JsonRpcMessage)
  }

  /** The SDK reports JSON that is not a JSON-RPC message as an error and drops it; answer it instead. */
  private receiveError(error: Error): void {
    if (/ZodError/.test(error.name)) {
      void this.send({jsonrpc: '2.0', error: {code: INVALID_REQUEST, message: 'Invalid request: the line is JSON but not a JSON-RPC 2.0 message.'}} as JsonRpcMessage)
    }
    this.onerror?.(error)
  }
}

/** What is wrong with the params of a tools/call, in a few words; undefined when nothing is. */
function toolCallProblem(params: unknown): string | undefined {
  if (!isObject(params)) return `params must be an object, found ${jsonType(params)}`
  if (typeof params.name !== 'string') return params.name === undefined ? '"name" is missing' : `"name" must be a string, found ${jsonType(params.name)}`
  if (params.arguments !== undefined && !isObject(params.arguments)) {
    return `"arguments" must be an object of the tool's input fields, found ${jsonType(params.arguments)}`
  }
  return undefined
}
