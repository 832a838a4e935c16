import type {Transport, TransportSendOptions} from '@modelcontextprotocol/sdk/shared/transport.js'
import type {JSONRPCMessage, MessageExtraInfo} from '@modelcontextprotocol/sdk/types.js'

import {isObject, jsonType} from '../profile/json-value.js'

// JSON-RPC 2.0 error codes.
const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const INVALID_PARAMS = -32602

/**
 * Wraps the SDK's stdio transport where it falls short of JSON-RPC for a client:
 * - a line that is not JSON, or not a JSON-RPC message, is answered (-32700, -32600)
 *   instead of dropped, so a client waiting on it is not left hanging;
 * - a tools/call whose params or arguments are the wrong type is answered -32602 in one
 *   sentence, before the SDK's schema check turns it into -32603 with a schema dump;
 * - answers are written one at a time, so a burst of concurrent calls waits on stdout's
 *   drain once instead of adding a listener per answer.
 */
export class GuardedTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void

  private sending: Promise<void> = Promise.resolve()

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.()
    inner.onerror = (error) => this.receiveError(error)
    inner.onmessage = (message, extra) => this.receive(message, extra)
  }

  start(): Promise<void> {
    return this.inner.start()
  }

  close(): Promise<void> {
    return this.inner.close()
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const sent = this.sending.then(() => this.inner.send(message, options))
    this.sending = sent.catch(() => {})
    return sent
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const problem = 'method' in message && 'id' in message && message.method === 'tools/call' ? toolCallProblem(message.params) : undefined
    if (problem === undefined) {
      this.onmessage?.(message, extra)
      return
    }
    const id = (message as {id: string | number}).id
    void this.send({jsonrpc: '2.0', id, error: {code: INVALID_PARAMS, message: `Invalid tools/call params: ${problem}.`}})
  }

  /** The SDK reports a line it could not read as an error and drops it; answer it instead. */
  private receiveError(error: Error): void {
    const code = error instanceof SyntaxError ? PARSE_ERROR : error.name === 'ZodError' ? INVALID_REQUEST : undefined
    if (code !== undefined) {
      // The id of an unreadable request cannot be known, so the answer has none.
      const message = code === PARSE_ERROR ? 'Parse error: the line is not JSON.' : 'Invalid request: the line is JSON but not a JSON-RPC 2.0 message.'
      void this.send({jsonrpc: '2.0', error: {code, message}} as JSONRPCMessage)
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
