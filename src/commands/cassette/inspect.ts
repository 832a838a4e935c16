import {Args} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {terminalWidth} from '../../cli/terminal-width.js'
import type {CassetteMeta} from '../../core/cassette/index.js'

export interface InspectResult {
  readonly name: string
  readonly version: string
  readonly sha256: string
  readonly bytes: number
  readonly meta: CassetteMeta
  readonly documents: ReadonlyArray<{readonly id: number; readonly sha256: string; readonly title: string; readonly version: string}>
  readonly operations: ReadonlyArray<{
    readonly operation_id: string
    /** The summary, or the first line of the description when there is none. */
    readonly summary: string
    readonly scopes: readonly string[]
    readonly destructive: boolean
  }>
}

export default class CassetteInspect extends BaseCommand {
  static override summary = 'Show what a cassette holds: name, version, digest, documents and operations.'
  static override description = `For a producer to review a cassette before releasing it. The file's structure is checked first (exit 4 when it fails); use \`cassette verify\` for the complete check. The operations' summaries are whole when piped, and cut with … to $COLUMNS, else the terminal's width, on a terminal.`
  static override examples = ['<%= config.bin %> cassette inspect incus.tama-cassette', '<%= config.bin %> cassette inspect incus.tama-cassette --json']
  static override args = {file: Args.string({description: 'The .tama-cassette file.', required: true})}

  async run(): Promise<InspectResult> {
    const {args} = await this.parse(CassetteInspect)
    const [{readCassette, readCassetteFile}, {operationSummary}] = await Promise.all([import('../../core/cassette/index.js'), import('../../core/profile/index.js')])
    const contents = readCassette(await readCassetteFile(args.file), {source: args.file})
    const result: InspectResult = {
      name: contents.meta.name,
      version: contents.meta.version,
      sha256: contents.sha256,
      bytes: contents.bytes,
      meta: contents.meta,
      documents: contents.documents.map(({id, sha256, title, version}) => ({id, sha256, title, version})),
      operations: contents.operations.map((record) => ({
        operation_id: record.operationId,
        summary: operationSummary(record),
        scopes: record.scopes,
        destructive: record.destructive,
      })),
    }
    if (!this.jsonEnabled()) this.log(await render(result))
    return result
  }
}

async function render(result: InspectResult): Promise<string> {
  const {formatTable, printable} = await import('../../core/text/index.js')
  const {meta} = result
  const documents = result.documents.map((document) => [String(document.id), document.sha256, printable(document.title), printable(document.version)])
  // Whole when piped; on a terminal the summary, last, is cut to its width.
  const operations = result.operations.map((operation) => [
    printable(operation.operation_id, 128),
    operation.scopes.length === 0 ? '(any caller)' : printable(operation.scopes.join(' '), Infinity),
    operation.destructive ? 'yes' : 'no',
    printable(operation.summary, Infinity),
  ])
  return [
    `Cassette  ${meta.name} ${meta.version}`,
    `SHA-256   ${result.sha256}`,
    `Size      ${result.bytes} bytes`,
    `Format    ${printable(`${meta.format}, profile ${meta.profile}, built by tama-dex ${meta.tamaDexVersion} with SQLite ${meta.sqliteVersion}`, 160)}`,
    '',
    `Documents (${result.documents.length})`,
    formatTable(['ID', 'SHA-256', 'TITLE', 'VERSION'], documents),
    '',
    `Operations (${result.operations.length})`,
    formatTable(['OPERATION', 'SCOPES', 'DESTRUCTIVE', 'SUMMARY'], operations, {width: terminalWidth()}),
  ].join('\n')
}
