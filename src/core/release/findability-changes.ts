import {type OperationRecord, operationSummary} from '../profile/index.js'
import {withRecordSearch} from '../search/index.js'
import {compareCodeUnits} from '../text/index.js'
import {documentExamples} from './example-requests.js'
import {DEFAULT_EXAMPLES_TOP, rankExamples} from './rank-examples.js'
import {rankOwnSummaries} from './rank-own-summaries.js'

// The namespace each release's operations are searched under; never shown.
const RELEASE_CASSETTE = 'release'

/** A request that found its operation in the old release and does not in the new. */
export interface FindabilityRegression {
  readonly operation_id: string
  /** `summary` for the operation's own summary (each release's own), `example` for one of its `x-tama-examples`. */
  readonly by: 'summary' | 'example'
  readonly request: string
  /** Where the request ranked the operation in each release: 1-based, null when not found at all. */
  readonly old_rank: number
  readonly new_rank: number | null
}

/** How each request of one release ranks its operation, keyed by `by` NUL operation NUL request. */
type Ranks = Map<string, {readonly operation: string; readonly by: FindabilityRegression['by']; readonly request: string; readonly rank: number | null; readonly found: boolean}>

/**
 * The findability an operation kept in both releases lost: its own summary found it (within
 * the depth lint reads) and no longer does, or an example request both releases hold found
 * it within the top DEFAULT_EXAMPLES_TOP and no longer does. Each release is searched as
 * lint searches it, without its example requests, so that no request finds itself.
 */
export function findabilityRegressions(before: readonly OperationRecord[], after: readonly OperationRecord[]): FindabilityRegression[] {
  const old = releaseRanks(before)
  const now = releaseRanks(after)
  const regressions: FindabilityRegression[] = []
  for (const [key, was] of old) {
    const is = now.get(key)
    if (!was.found || is === undefined || is.found) continue
    regressions.push({operation_id: was.operation, by: was.by, request: is.request, old_rank: was.rank!, new_rank: is.rank})
  }
  // Operation by operation, its own summary first.
  const order = (regression: FindabilityRegression) => `${regression.operation_id}\u0000${regression.by === 'summary' ? 0 : 1}\u0000${regression.request}`
  return regressions.sort((a, b) => compareCodeUnits(order(a), order(b)))
}

function releaseRanks(records: readonly OperationRecord[]): Ranks {
  const ranks: Ranks = new Map()
  const searched = records.map((record) => ({...record, examples: []}))
  withRecordSearch(RELEASE_CASSETTE, searched, (search) => {
    const own = rankOwnSummaries(records, search)
    for (const record of records) {
      const {rank} = own.get(record.operationId)!
      ranks.set(`summary\u0000${record.operationId}`, {operation: record.operationId, by: 'summary', request: operationSummary(record), rank, found: rank !== null})
    }
    for (const example of rankExamples(records, documentExamples(records), DEFAULT_EXAMPLES_TOP, search)) {
      ranks.set(`example\u0000${example.operation_id}\u0000${example.request}`, {operation: example.operation_id, by: 'example', request: example.request, rank: example.rank, found: example.found})
    }
  })
  return ranks
}
