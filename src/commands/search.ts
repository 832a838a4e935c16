import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../base-command.js'
import {TamaError} from '../core/errors/index.js'
import {indexFlags, scopeFlag} from '../cli-flags.js'
import type {TamaIndex} from '../core/host-index/index.js'
import type {SearchOptions, SearchResponse} from '../core/search/index.js'

export default class Search extends BaseCommand {
  static override summary = 'Search the operations the given scopes allow, across every installed cassette.'
  static override description = `Ranked full-text search over operation ids, summaries, descriptions, tags and input fields. The words need no quotes, and flags may come before or after them. Only operations whose scopes are all among --scope are considered. With --from, searches one cassette file or API description directly without installing it. The table is fitted to $COLUMNS, else to the terminal's width: long summaries are cut with …. See one operation in full with \`describe\`.`
  static override examples = [
    '<%= config.bin %> search list instances --scope incus.read',
    '<%= config.bin %> search delete snapshot --from incus.tama-cassette --scope incus.read,incus.write --json',
  ]
  static override strict = false
  // Not required by oclif, whose message for a missing argument would tell the user to put the words before --scope: they may go anywhere.
  static override args = {query: Args.string({description: 'What you are looking for, in words (several words need no quotes).'})}
  static override flags = {
    ...indexFlags,
    scope: scopeFlag,
    cassette: Flags.string({description: 'Only search this installed cassette (repeat for several).', multiple: true, multipleNonGreedy: true, helpValue: 'NAME'}),
    limit: Flags.integer({description: 'How many results at most, 1 to 50.', default: 10, min: 1, max: 50}),
    from: Flags.string({description: 'Search this cassette file or API description instead of the index (nothing is installed).', helpValue: 'FILE', exclusive: ['index']}),
  }

  async run(): Promise<SearchResponse> {
    const {argv, flags} = await this.parse(Search)
    const {withIndex, withPrivateIndex} = await import('../core/host-index/index.js')
    const query = (argv as string[]).join(' ')
    if (query.trim() === '') throw new TamaError('usage', 'Say what you are looking for, in words: tama-dex search list pods --scope k8s.read. See --help.')
    const options = {scopes: flags.scope, limit: flags.limit, cassettes: flags.cassette}
    const response =
      flags.from === undefined
        ? await withIndex(flags.index, (index) => searchInstalled(index, query, options), {readonly: true})
        : await withPrivateIndex(flags.from, (index) => searchInstalled(index, query, options))
    if (!this.jsonEnabled()) this.log(await renderResults(response))
    return response
  }
}

/** Searches, then names a --cassette that is not installed rather than answering "no match". */
function searchInstalled(index: TamaIndex, query: string, options: SearchOptions): SearchResponse {
  const response = index.search(query, options)
  for (const name of options.cassettes ?? []) index.cassette(name)
  return response
}

async function renderResults(response: SearchResponse): Promise<string> {
  if (response.results.length === 0) return 'No operations match (or none your scopes allow).'
  const {formatTable} = await import('../core/text/index.js')
  const rows = response.results.map((hit) => [
    hit.cassette,
    hit.operation_id,
    hit.score.toFixed(2),
    hit.destructive ? 'destructive' : '',
    hit.summary,
  ])
  return formatTable(['CASSETTE', 'OPERATION', 'SCORE', 'FLAGS', 'SUMMARY'], rows, {width: terminalWidth()})
}

/** $COLUMNS, else the terminal's width; undefined (no cutting) when output goes to a file or pipe. */
function terminalWidth(): number | undefined {
  const columns = Number(process.env.COLUMNS)
  if (Number.isInteger(columns) && columns > 0) return columns
  return process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : undefined
}
