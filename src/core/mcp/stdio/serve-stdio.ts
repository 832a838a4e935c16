import {PassThrough, type Readable, type Writable} from 'node:stream'

import {isTamaError} from '../../errors/index.js'
import {SERVER_CAPABILITIES, type ServerInfo, TAMA_DEX_SERVER_INFO} from '../revisions/index.js'
import type {IndexLender, ToolCallOptions, ToolsIndex} from '../tool-call.js'
import {executeTool, searchTool} from '../tool-definitions.js'
import {answerFirstLine, type EarlyStart, readFirstLine} from './early-start.js'
import {GuardedTransport} from './guarded-transport.js'
import {MAX_MESSAGE_BYTES, MessageLines} from './message-lines.js'

export interface ServeOptions extends ToolCallOptions {
  /** Default: name tama-dex, this package's version. Not with `start`, which says as which server it answered. */
  readonly serverInfo?: ServerInfo
  /** Where requests come from and answers go; default process.stdin and process.stdout. */
  readonly input?: Readable
  readonly output?: Writable
  /** The first line, read from `input` and answered if it was an initialize, by a start-up path that ran before this module loaded. */
  readonly start?: Promise<EarlyStart>
}

/**
 * Serves the search and execute tools to one MCP client over stdio, on the MCP SDK
 * (an optional peer dependency, loaded only here, and only once `initialize` is answered),
 * until the client ends the input. `index` is a host index kept open for the session, or
 * an IndexLender that opens one per call, so that every call sees what is committed now.
 */
export async function serveStdio(index: ToolsIndex | IndexLender, options: ServeOptions): Promise<void> {
  const input = options.input ?? process.stdin
  const output = options.output ?? process.stdout
  if (options.start !== undefined && options.serverInfo !== undefined) throw new TypeError('serveStdio takes serverInfo or start, not both: the early start answered as its own server.')
  // A client opens with initialize: answering it before the SDK loads is what makes the
  // server ready at once. The SDK still reads that request, so that its session state is
  // the same; its own answer to it is not sent twice.
  const {first, answered, serverInfo} = await (options.start ?? readFirstLine(input).then((line) => answerFirstLine(line, output, options.serverInfo ?? TAMA_DEX_SERVER_INFO)))

  const [{Server}, {StdioServerTransport}, {CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError}, {callTool}] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('../tool-call.js'),
  ])
  const server = new Server(serverInfo, {capabilities: SERVER_CAPABILITIES})
  const tools = [searchTool(), executeTool()]
  server.setRequestHandler(ListToolsRequestSchema, () => ({tools}))
  server.setRequestHandler(CallToolRequestSchema, async ({params}, extra) => {
    try {
      return {...(await callTool(index, params.name, params.arguments ?? {}, options, {signal: extra.signal}))}
    } catch (error) {
      if (isTamaError(error) && error.kind === 'usage') throw new McpError(ErrorCode.InvalidParams, error.message)
      throw error
    }
  })
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve
  })

  // What was read ahead goes first, then the rest of the input, unread until now.
  const rest = new PassThrough()
  rest.write(first.received)
  if (first.ended) rest.end()
  else input.pipe(rest)
  // Whole lines only reach the SDK, one per chunk, so its buffer never holds more than one
  // message and its limit (which would close the session) is never reached; a longer line
  // is dropped as it streams in, and answered.
  const lines = rest.pipe(new MessageLines(MAX_MESSAGE_BYTES, () => transport.refuseOversizedLine(MAX_MESSAGE_BYTES)))
  const transport = new GuardedTransport(new StdioServerTransport(lines, output, {maxBufferSize: MAX_MESSAGE_BYTES + 1}), {answered})
  // The client ending its input ends the session, once what it asked is answered.
  lines.once('end', () => void transport.settled().then(() => server.close()))
  await server.connect(transport)
  await closed
  input.unpipe(rest)
}
