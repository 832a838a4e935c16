import {TamaError} from '../errors/index.js'
import {printable} from '../text/index.js'
import type {OperationRecord} from '../profile/index.js'
import {checkExampleOperations, documentExamples, type ExampleRequest} from './example-requests.js'
import {catalogueVocabulary, describeParts, suggestedId, unsplitIdParts, type Vocabulary} from './id-words.js'
import {catalogueScore, operationScore, PENALTIES, worstOperations} from './lint-score.js'
import type {CatalogueLint, Finding, FindingKind, OperationLint} from './lint-types.js'
import {DEFAULT_EXAMPLES_TOP, type ExampleRank, EXAMPLE_DEPTH, rankExamples} from './rank-examples.js'
import {catalogueScopes, RANK_DEPTH, rankOwnSummaries, type OwnSummaryRank, type SearchFunction} from './rank-own-summaries.js'
import {idList} from './release-label.js'
import {similarSummaries} from './similar-summaries.js'
import {summaryFindings} from './summary-findings.js'

const KINDS = Object.keys(PENALTIES) as FindingKind[]

export interface LintOptions {
  /** Example requests kept outside the document (`--examples FILE`), checked with its own. */
  readonly examples?: readonly ExampleRequest[]
  /** An example request passes when its operation is within this many results (`--examples-top`). */
  readonly examplesTop?: number
}

/**
 * The findability report of a catalogue: whether each operation's own summary finds it
 * first through `search` (which must search exactly these operations, as a host would),
 * which summaries cannot be told apart, what text checks find, and whether each example
 * request (the records' `examples`, then `options.examples`) finds its operation within
 * the top `options.examplesTop`, scored 0-100. Throws TamaError: 'usage' for a top outside
 * 1-EXAMPLE_DEPTH, 'invalid_document' for an example naming no operation of `records`.
 */
export function lintOperations(records: readonly OperationRecord[], search: SearchFunction, options: LintOptions = {}): CatalogueLint {
  const top = options.examplesTop ?? DEFAULT_EXAMPLES_TOP
  if (!Number.isInteger(top) || top < 1 || top > EXAMPLE_DEPTH) throw new TamaError('usage', `examplesTop must be an integer from 1 to ${EXAMPLE_DEPTH}.`)
  checkExampleOperations(options.examples ?? [], records)
  const examples = rankExamples(records, [...documentExamples(records), ...(options.examples ?? [])], top, search)
  const missed = new Map<string, ExampleRank[]>()
  for (const example of examples) if (!example.found) missed.set(example.operation_id, [...(missed.get(example.operation_id) ?? []), example])
  const ranks = rankOwnSummaries(records, search)
  const groups = similarSummaries(records)
  const lookalikes = new Map(groups.flatMap((group) => group.operations.map((id) => [id, group.operations.filter((other) => other !== id)] as const)))
  const vocabulary = catalogueVocabulary(records)
  const results = [...records]
    .sort((a, b) => (a.operationId < b.operationId ? -1 : 1))
    .map((record): OperationLint => {
      const rank = ranks.get(record.operationId)!
      const findings = [
        ...rankFindings(rank),
        ...similarFindings(lookalikes.get(record.operationId)),
        ...textFindings(record),
        ...idFindings(record, vocabulary),
        ...(missed.get(record.operationId) ?? []).map((example) => exampleFinding(example, top)),
      ]
      return {operation_id: record.operationId, summary: record.summary, rank: rank.rank, first: rank.first, score: operationScore(findings), findings}
    })
  const counts = Object.fromEntries([
    ['found_first', results.filter((result) => result.rank === 1).length],
    ...KINDS.map((kind) => [kind, results.filter((result) => result.findings.some((finding) => finding.kind === kind)).length]),
  ]) as CatalogueLint['counts']
  return {
    score: catalogueScore(results),
    scopes: catalogueScopes(records),
    counts,
    indistinguishable: groups,
    worst: worstOperations(results),
    results,
    examples: {top, checked: examples.length, found: examples.filter((example) => example.found).length, results: examples},
  }
}

function finding(kind: FindingKind, detail: string, suggestion: string): Finding {
  return {kind, penalty: PENALTIES[kind], detail, suggestion}
}

function rankFindings({rank, first}: OwnSummaryRank): Finding[] {
  if (rank === 1) return []
  const other = first === null ? '' : printable(first)
  if (rank !== null) {
    return [finding('not_first', `its own summary ranks it #${rank}; ${other} ranks first`, `Say in its summary what sets it apart from ${other}.`)]
  }
  if (first === null) return [finding('not_found', 'its own summary finds no operation', 'Write a summary naming the action and the object, in the words an agent would use.')]
  return [finding('not_found', `its own summary does not find it in the first ${RANK_DEPTH}; ${other} ranks first`, `Use the words an agent would use for it in its summary, and say what sets it apart from ${other}.`)]
}

function exampleFinding({request, rank, above}: ExampleRank, top: number): Finding {
  const quoted = `"${printable(request, 80)}"`
  const where = rank === null ? `does not find it in the first ${EXAMPLE_DEPTH}` : `ranks it #${rank}, below the top ${top}`
  const first = above[0] === undefined ? null : printable(above[0])
  const detail = `the example request ${quoted} ${where}${above.length === 0 ? '; it finds nothing' : `; above it: ${idList(above, 5)}`}`
  const suggestion =
    first === null
      ? `Add the words of ${quoted} that its summary lacks to its x-tama-keywords.`
      : `Add the words of ${quoted} that its summary lacks to its x-tama-keywords, or say in its summary what sets it apart from ${first}.`
  return finding('example_missed', detail, suggestion)
}

function similarFindings(others: readonly string[] | undefined): Finding[] {
  if (others === undefined) return []
  const names = idList(others)
  return [finding('indistinguishable', `its summary is the same as, or nearly, that of ${names}`, `Name in its summary what differs from ${names}.`)]
}

function textFindings(record: OperationRecord): Finding[] {
  return summaryFindings(record).map(({kind, detail, suggestion}) => finding(kind, detail, suggestion))
}

function idFindings(record: OperationRecord, vocabulary: Vocabulary): Finding[] {
  const parts = unsplitIdParts(record.operationId, vocabulary)
  if (parts.length === 0) return []
  const better = suggestedId(record.operationId, parts)
  const suggestion = better === null ? 'Separate the words of the id with _, - or camelCase, so search can match each one.' : `Separate the words of the id, e.g. ${printable(better)}.`
  return [finding('unsplit_id', `search reads the id as one word: ${describeParts(parts)}`, suggestion)]
}
