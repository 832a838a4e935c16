import {BaseCommand} from '../cli/base-command.js'
import {mcpFlags, takeMcpStart} from '../cli/mcp-start.js'
import type {ReadonlyIndexKeeper} from '../core/host-index/index.js'
import {TamaError} from '../core/errors/index.js'
import type {ConfirmBy, IndexLender, ServeHttpOptions} from '../core/mcp/index.js'
import {escapeUnsafe} from '../core/text/index.js'

export default class Mcp extends BaseCommand {
  static override summary = 'Serve the search and execute tools to an MCP client over stdio, or to many over Streamable HTTP.'
  static override description = `Lists exactly two tools, search and execute, for a caller holding the scopes given with --scope (over HTTP with --tokens, each caller's own). The index is read at every call, so cassettes imported while the server runs are found at once. Without --executors, execute answers a "no executor" error. Over stdio, only protocol messages are written to stdout. With --http, the server answers at http://HOST:PORT/mcp until interrupted; a HOST other than loopback needs --tokens.`
  static override examples = [
    '<%= config.bin %> mcp --scope incus.read --scope incus.write --executors examples/executors/executors.mjs',
    '<%= config.bin %> mcp --http 127.0.0.1:8080 --scope incus.read',
    '<%= config.bin %> mcp --http 0.0.0.0:8080 --tokens callers.jsonl --executors examples/executors/executors.mjs',
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
    const served = {
      executors,
      ...(flags.timeout === undefined ? {} : {timeout: flags.timeout}),
      confirmBy: flags['confirm-by'] as ConfirmBy,
      onIndexFailure: (error: unknown) => this.logToStderr(`tama-dex mcp: ${escapeUnsafe(error instanceof Error ? error.message : String(error))}`),
    }
    if (flags.http === undefined) {
      // bin/run.js may have answered initialize already, before oclif loaded.
      const start = takeMcpStart()
      await serveStdio(lendIndex, {...served, scopes: flags.scope, ...(start === undefined ? {} : {start})})
    } else {
      await this.serveHttp(lendIndex, served, flags.http, flags.tokens, flags.scope, flags['allow-origin'] ?? [])
    }
    if (keeper !== undefined) (await keeper).close()
  }

  /** Serves over HTTP at `address` until SIGINT or SIGTERM: callers from the token file, else anyone on loopback with `scopes`. */
  private async serveHttp(index: IndexLender, served: Omit<ServeHttpOptions, 'authenticate'>, address: string, tokens: string | undefined, scopes: string[], allowedOrigins: string[]): Promise<void> {
    const {host, port} = parseHostPort(address)
    const {isLoopback, readTokenFile, serveHttp, tokenAuthenticator} = await import('../core/mcp/index.js')
    if (tokens !== undefined && scopes.length > 0) throw new TamaError('usage', '--scope and --tokens: with a token file, each caller\'s scopes are its own. Drop --scope.')
    if (tokens === undefined && !isLoopback(host)) {
      throw new TamaError('usage', `--http ${address}: ${host} is not a loopback address, and without --tokens anyone who reaches it would be served. Give --tokens FILE, or bind 127.0.0.1.`)
    }
    const local = {name: 'local', scopes}
    const authenticate = tokens === undefined ? () => local : tokenAuthenticator(await readTokenFile(tokens))
    const serving = await serveHttp(index, {...served, host, port, authenticate, allowedOrigins}).catch((error: NodeJS.ErrnoException) => {
      throw new TamaError('usage', `--http ${address}: cannot listen there (${error.code ?? error.message}). Give a free port, or 0 for any.`)
    })
    this.logToStderr(`tama-dex mcp: serving MCP over HTTP at ${serving.url.href}`)
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    await serving.close()
  }
}

/** HOST:PORT, [IPV6]:PORT; a usage error names what is wrong. */
function parseHostPort(address: string): {host: string; port: number} {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(address)
  const port = Number(match?.[2])
  if (match === null || port > 65_535) throw new TamaError('usage', `--http ${JSON.stringify(address)}: give HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080 (port 0: any free one).`)
  return {host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port}
}
