import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../base-command.js'
import {indexFlags, scopeFlag} from '../cli-flags.js'
import type {SearchResponse} from '../core/search/index.js'

export default class Search extends BaseCommand {
  static override summary = 'Search the operations the given scopes allow, across every installed cassette.'
  static override description = `Ranked full-text search over operation ids, summaries, descriptions, tags and input fields. Only operations whose scopes are all among --scope are considered. With --from, searches one cassette file directly without installing it.`
  static override examples = [
    '<%= config.bin %> search "list instances" --scope incus.read',
    '<%= config.bin %> search "delete snapshot" --from incus.tama-cassette --scope incus.read --scope incus.write --json',
  ]
  static override args = {query: Args.string({description: 'What you are looking for, in words.', required: true})}
  static override flags = {
    ...indexFlags,
    scope: scopeFlag,
    cassette: Flags.string({description: 'Only search this cassette (repeat for several).', multiple: true, helpValue: 'NAME'}),
    limit: Flags.integer({description: 'How many results at most.', default: 10, min: 1, max: 50}),
    from: Flags.string({description: 'Search this cassette file instead of the index (nothing is installed).', helpValue: 'FILE', exclusive: ['index']}),
  }

  async run(): Promise<SearchResponse> {
    const {args, flags} = await this.parse(Search)
    const {openIndex, withIndex} = await import('../core/index/index.js')
    const options = {scopes: flags.scope, limit: flags.limit, cassettes: flags.cassette}
    let response: SearchResponse
    if (flags.from === undefined) response = await withIndex(flags.index, (index) => index.search(args.query, options), {readonly: true})
    else {
      const index = openIndex({path: ':memory:'})
      try {
        await index.import(flags.from)
        response = index.search(args.query, options)
      } finally {
        index.close()
      }
    }
    if (!this.jsonEnabled()) this.log(await renderResults(response))
    return response
  }
}

async function renderResults(response: SearchResponse): Promise<string> {
  if (response.results.length === 0) return 'No operations match (or none your scopes allow).'
  const {formatTable} = await import('../core/text/format-table.js')
  const rows = response.results.map((hit) => [
    hit.cassette,
    hit.operation_id,
    hit.score.toFixed(2),
    hit.destructive ? 'destructive' : '',
    hit.summary,
  ])
  return formatTable(['CASSETTE', 'OPERATION', 'SCORE', 'FLAGS', 'SUMMARY'], rows)
}
