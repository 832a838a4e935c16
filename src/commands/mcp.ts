import {Flags} from '@oclif/core'

import {BaseCommand} from '../base-command.js'
import {indexFlags, scopeFlag} from '../cli-flags.js'
import {TamaError, isTamaError} from '../core/errors/index.js'

export default class Mcp extends BaseCommand {
  static override summary = 'Serve the search and execute tools to an MCP client over stdio.'
  static override description = `Lists exactly two tools, search and execute, for a caller holding the scopes given with --scope. The index is read at every call, so cassettes imported while the server runs are found at once. Without --executors, execute answers a "no executor" error. Only protocol messages are written to stdout.`
  static override examples = [
    '<%= config.bin %> mcp --scope incus.read --scope incus.write --executors examples/executors/executors.mjs',
  ]
  static override flags = {
    ...indexFlags,
    scope: scopeFlag,
    executors: Flags.string({description: 'An ES module exporting the executor map (as `executors` or default).', helpValue: 'MODULE'}),
    timeout: Flags.integer({description: 'Fail an execute whose executor has not answered after this many milliseconds.', min: 1, helpValue: 'MS'}),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Mcp)
    const [{Server}, {StdioServerTransport}, {CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError}, mcp, {withIndex}, {loadExecutors}] =
      await Promise.all([
        import('@modelcontextprotocol/sdk/server/index.js'),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('@modelcontextprotocol/sdk/types.js'),
        import('../core/mcp/index.js'),
        import('../core/index/index.js'),
        import('../core/execute/index.js'),
      ])
    const executors = flags.executors === undefined ? {} : await loadExecutors(flags.executors, process.cwd())
    const caller = {scopes: flags.scope}
    const server = new Server({name: 'tama-dex', version: this.config.version}, {capabilities: {tools: {}}})
    server.setRequestHandler(ListToolsRequestSchema, () => ({tools: [mcp.searchTool(), mcp.executeTool()]}))
    server.setRequestHandler(CallToolRequestSchema, async ({params}, extra) => {
      const args = params.arguments ?? {}
      // A fresh read-only handle per call, so every call sees what is committed now.
      const call =
        params.name === 'search'
          ? () => withIndex(flags.index, (index) => mcp.handleSearch(index, args, caller), {readonly: true})
          : params.name === 'execute'
            ? () => withIndex(flags.index, (index) => mcp.handleExecute(index, args, caller, executors, {signal: extra.signal, timeout: flags.timeout}), {readonly: true})
            : undefined
      if (call === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${JSON.stringify(params.name)}: this server has search and execute.`)
      // Opening the index can fail (no index yet, a file that is not an index); nothing ran then.
      // The reason names the index's path: the host reads it on stderr, the agent gets the kind.
      const output: Record<string, unknown> = await call().catch((error: unknown) => {
        this.logToStderr(`tama-dex mcp: ${error instanceof Error ? error.message : String(error)}`)
        return {error: mcp.toToolError(withoutPath(error))}
      })
      return {content: [{type: 'text', text: JSON.stringify(output)}], structuredContent: output, isError: mcp.isToolFailure(output)}
    })
    const closed = new Promise<void>((resolve) => {
      server.onclose = resolve
    })
    await server.connect(new mcp.GuardedTransport(new StdioServerTransport()))
    // The client ending stdin ends the session.
    process.stdin.once('end', () => void server.close())
    await closed
  }
}

/** An index failure as agents may see it: its kind, and what it means for them, without the path. */
function withoutPath(error: unknown): unknown {
  if (!isTamaError(error)) return error
  const message =
    error.kind === 'not_ready'
      ? 'The index has no cassette installed yet: nothing can be found or run until the host installs one.'
      : 'The host\'s index cannot be used right now; nothing ran. The host has been told why.'
  return new TamaError(error.kind, message)
}
