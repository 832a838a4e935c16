import {BaseCommand} from '../cli/base-command.js'
import {renderResults, searchArgs, searchFlags, searchWithFlags, takeFailedSearch} from '../cli/search-start.js'
import type {SearchResponse} from '../core/search/index.js'

export default class Search extends BaseCommand {
  static override summary = 'Search the operations the given scopes allow, across every installed cassette.'
  static override description = `Ranked full-text search over operation ids, summaries, descriptions, tags and input fields. The words need no quotes, and flags may come before or after them. Only operations whose scopes are all among --scope are considered. With --from, searches one cassette file or API description directly without installing it. The table is fitted to $COLUMNS, else to the terminal's width: long summaries are cut with …, and on a terminal too narrow for columns each result takes two lines. Each result shows its CONFIDENCE (0 to 1, comparable across searches) and the table ends with the match: confident, possible or none; with none, the results are only the nearest and the cassettes your scopes allow are named. See one operation in full with \`describe\`.`
  static override examples = [
    '<%= config.bin %> search list instances --scope incus.read',
    '<%= config.bin %> search delete snapshot --from incus.tama-cassette --scope incus.read,incus.write --json',
  ]
  static override strict = false
  static override args = searchArgs
  static override flags = searchFlags

  async run(): Promise<SearchResponse> {
    const {argv, flags} = await this.parse(Search)
    const response = await (takeFailedSearch() ?? searchWithFlags(argv as string[], flags))
    if (!this.jsonEnabled()) this.log(await renderResults(response))
    return response
  }
}
