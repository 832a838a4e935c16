import {BaseCommand} from '../cli/base-command.js'
import {mcpFlags, takeMcpStart} from '../cli/mcp-start.js'
import type {ReadonlyIndexKeeper} from '../core/host-index/index.js'
import type {ConfirmBy, IndexLender} from '../core/mcp/index.js'
import {escapeUnsafe} from '../core/text/index.js'

export default class Mcp extends BaseCommand {
  static override summary = 'Serve the search and execute tools to an MCP client over stdio.'
  static override description = `Lists exactly two tools, search and execute, for a caller holding the scopes given with --scope. The index is read at every call, so cassettes imported while the server runs are found at once. Without --executors, execute answers a "no executor" error. Only protocol messages are written to stdout.`
  static override examples = [
    '<%= config.bin %> mcp --scope incus.read --scope incus.write --executors examples/executors/executors.mjs',
  ]
  static override flags = mcpFlags

  async run(): Promise<void> {
    const {flags} = await this.parse(Mcp)
    // The server module itself, not core/mcp/index.js, whose handlers load Ajv: initialize
    // is answered first, the index and the handlers are loaded for the first call.
    const {serveStdio} = await import('../core/mcp/stdio/serve-stdio.js')
    const executors = flags.executors === undefined ? {} : await (await import('../core/execute/index.js')).loadExecutors(flags.executors, process.cwd())
    let keeper: Promise<ReadonlyIndexKeeper> | undefined
    const lendIndex: IndexLender = async (use) => {
      keeper ??= import('../core/host-index/index.js').then(({ReadonlyIndexKeeper}) => new ReadonlyIndexKeeper(flags.index))
      return (await keeper).lend(use)
    }
    // bin/run.js may have answered initialize already, before oclif loaded.
    const start = takeMcpStart()
    await serveStdio(lendIndex, {
      scopes: flags.scope,
      executors,
      ...(flags.timeout === undefined ? {} : {timeout: flags.timeout}),
      confirmBy: flags['confirm-by'] as ConfirmBy,
      ...(start === undefined ? {} : {start}),
      onIndexFailure: (error) => this.logToStderr(`tama-dex mcp: ${escapeUnsafe(error instanceof Error ? error.message : String(error))}`),
    })
    if (keeper !== undefined) (await keeper).close()
  }
}
