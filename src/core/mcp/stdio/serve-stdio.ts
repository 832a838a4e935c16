import {PassThrough, type Readable, type Writable} from 'node:stream'

import {TAMA_DEX_SERVER_INFO} from '../revisions/index.js'
import type {IndexLender, ToolsIndex} from '../tool-call.js'
import type {ToolServerOptions} from '../tool-server.js'
import {answerFirstLine, type EarlyStart, readFirstLine} from './early-start.js'
import {GuardedTransport} from './guarded-transport.js'
import {MAX_MESSAGE_BYTES, MessageLines} from './message-lines.js'

export interface ServeOptions extends ToolServerOptions {
  /** Where requests come from and answers go; default process.stdin and process.stdout. */
  readonly input?: Readable
  readonly output?: Writable
  /** The first line, read from `input` and answered if it was an initialize, by a start-up path that ran before this module loaded. Not with `serverInfo`: it says as which server it answered. */
  readonly start?: Promise<EarlyStart>
}

/**
 * Serves the search and execute tools to one MCP client over stdio, on the MCP SDK
 * (loaded only here, and only once `initialize` is answered), until the client ends the
 * input: a 2026-07-28 client statelessly, an earlier one after the `initialize` handshake.
 * `index` is a host index kept open for the session, or an IndexLender that opens one per
 * call, so that every call sees what is committed now.
 */
export async function serveStdio(index: ToolsIndex | IndexLender, options: ServeOptions): Promise<void> {
  const input = options.input ?? process.stdin
  const output = options.output ?? process.stdout
  if (options.start !== undefined && options.serverInfo !== undefined) throw new TypeError('serveStdio takes serverInfo or start, not both: the early start answered as its own server.')
  // A 2025 client opens with initialize: answering it before the SDK loads is what makes
  // the server ready at once. The SDK still reads that request, so that its session state
  // is the same; its own answer to it is not sent twice.
  const {first, answered, serverInfo} = await (options.start ?? readFirstLine(input).then((line) => answerFirstLine(line, output, options.serverInfo ?? TAMA_DEX_SERVER_INFO)))

  const [{serveStdio: serveConnection, StdioServerTransport}, {LASTING_SESSIONS, over, toolServerFactory}] = await Promise.all([
    import('@modelcontextprotocol/server/stdio'),
    import('../tool-server.js'),
  ])
  const factory = toolServerFactory(index, over(options, {serverInfo}), LASTING_SESSIONS)

  // What was read ahead goes first, then the rest of the input, unread until now.
  const rest = new PassThrough()
  rest.write(first.received)
  if (first.ended) rest.end()
  else input.pipe(rest)
  // Whole lines only reach the SDK, one per chunk, so its buffer never holds more than one
  // message and its limit (which would close the session) is never reached; a longer line
  // is dropped as it streams in, and answered.
  const lines = rest.pipe(new MessageLines(MAX_MESSAGE_BYTES, () => transport.refuseOversizedLine(MAX_MESSAGE_BYTES), () => transport.refuseNotJson()))
  // The SDK's transport ends the session when its input ends, dropping what is still being
  // answered: its input ends only once every request received has been answered.
  const held = new PassThrough({objectMode: true})
  lines.pipe(held, {end: false})
  lines.once('end', () => void transport.settled().then(() => held.end()))
  const transport = new GuardedTransport(new StdioServerTransport(held, output, {maxBufferSize: MAX_MESSAGE_BYTES + 1}), {answered})
  const closed = transport.closed()
  // One caller, the options' own: the SDK's per-connection context names none.
  serveConnection(() => factory(), {transport})
  await closed
  input.unpipe(rest)
}
