import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import type {InferredFlags} from '@oclif/core/interfaces'
import {parse} from '@oclif/core/parser'

import {HELP_AND_VERSION_FLAGS, indexFlags, scopeFlag} from './flags.js'
import {terminalWidth} from './terminal-width.js'
import {TamaError} from '../core/errors/index.js'
import type {SearchResponse} from '../core/search/index.js'

// Not required by oclif, whose message for a missing argument would tell the user to put the words before --scope: they may go anywhere.
export const searchArgs = {query: Args.string({description: 'What you are looking for, in words (several words need no quotes).'})}

/** The flags of `tama-dex search`: the command's, and what its start parses before oclif loads. */
export const searchFlags = {
  ...indexFlags,
  scope: scopeFlag,
  cassette: Flags.string({description: 'Only search this installed cassette (repeat for several).', multiple: true, multipleNonGreedy: true, helpValue: 'NAME'}),
  limit: Flags.integer({description: 'How many results at most, 1 to 50.', default: 10, min: 1, max: 50}),
  from: Flags.string({description: 'Search this cassette file or API description instead of the index (nothing is installed).', helpValue: 'FILE', exclusive: ['index']}),
}

export type SearchFlags = InferredFlags<typeof searchFlags>

/** What `tama-dex search WORDS --flags` answers: the installed cassettes' operations, or those of the --from file. */
export async function searchWithFlags(words: readonly string[], flags: SearchFlags): Promise<SearchResponse> {
  const {withIndex, withPrivateIndex} = await import('../core/host-index/index.js')
  const query = words.join(' ')
  if (query.trim() === '') throw new TamaError('usage', 'Say what you are looking for, in words: tama-dex search list pods --scope k8s.read. See --help.')
  const options = {scopes: flags.scope, limit: flags.limit, cassettes: flags.cassette}
  return flags.from === undefined
    ? withIndex(flags.index, (index) => index.search(query, options), {readonly: true})
    : withPrivateIndex(flags.from, (index) => index.search(query, options))
}

/** The results as the table `tama-dex search` prints without --json. */
export async function renderResults(response: SearchResponse): Promise<string> {
  const {formatTable, printable} = await import('../core/text/index.js')
  // A title is the producer's text: cut and escaped, as any text from a file is on a terminal.
  const held = (response.cassettes ?? []).map(({cassette, title}) => (title ? `${cassette} (${printable(title)})` : cassette)).join(', ')
  if (response.results.length === 0) return held === '' ? 'No operations match (or none your scopes allow).' : `No operations match. Your scopes allow operations of: ${held}.`
  const rows = response.results.map((hit) => [
    hit.cassette,
    hit.operation_id,
    hit.confidence.toFixed(2),
    hit.destructive ? 'destructive' : '',
    hit.summary,
  ])
  const table = formatTable(['CASSETTE', 'OPERATION', 'CONFIDENCE', 'FLAGS', 'SUMMARY'], rows, {width: terminalWidth()})
  return response.match === 'none'
    ? `Nothing installed is likely to do this; the nearest operations are below. Your scopes allow operations of: ${held}.\n${table}`
    : `${table}\nMatch: ${response.match}.`
}


// oclif answers these itself (help, the version, JSON output) wherever they stand.
const LEFT_TO_OCLIF = new Set([...HELP_AND_VERSION_FLAGS, '--json', '--'])

// A search that failed before oclif loaded, for the command to report rather than search again.
let failedSearch: Promise<never> | undefined

/**
 * Runs `tama-dex search ARGV` before oclif loads, which takes longer than the search:
 * ARGV is parsed by oclif's own parser with the command's own flags, and the table is
 * printed as the command prints it. It answers only a search that succeeds; anything else
 * (help, JSON output, a bad flag, a search that fails) returns false, having printed
 * nothing, and oclif runs the command, so every failure reads and exits as any command's
 * does. A search that failed is not run again: the command takes its failure
 * (takeFailedSearch).
 */
export async function searchBeforeOclif(argv: readonly string[]): Promise<boolean> {
  if (argv.some((arg) => LEFT_TO_OCLIF.has(arg) || arg.startsWith('--json='))) return false
  // oclif's other way to ask for JSON output.
  if (process.env.TAMA_DEX_CONTENT_TYPE?.toLowerCase() === 'json') return false
  let parsed: {argv: unknown[]; flags: SearchFlags}
  try {
    parsed = await parse([...argv], {args: searchArgs, flags: searchFlags, strict: false})
  } catch {
    return false
  }
  let table: string
  try {
    table = await renderResults(await searchWithFlags(parsed.argv as string[], parsed.flags))
  } catch (error) {
    failedSearch = Promise.reject(error)
    // Handled by the command, which oclif runs next.
    failedSearch.catch(() => {})
    return false
  }
  process.stdout.write(`${table}\n`)
  return true
}

/** The failure of the search searchBeforeOclif ran, once; undefined when it ran none that failed. */
export function takeFailedSearch(): Promise<never> | undefined {
  const failure = failedSearch
  failedSearch = undefined
  return failure
}
