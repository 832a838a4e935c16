import type {OperationRecord} from '../profile/index.js'
import {type ExampleRequest, exampleSource} from './example-requests.js'
import {type SearchFunction, catalogueScopes, searchAsHost} from './rank-own-summaries.js'

/** How deep a result list is read for an example request: below this its rank is unknown (null). */
export const EXAMPLE_DEPTH = 20

/** Within how many results an example request must find its operation, unless `--examples-top` says otherwise. */
export const DEFAULT_EXAMPLES_TOP = 3

/** Where one example request ranked its operation. */
export interface ExampleRank {
  readonly operation_id: string
  readonly request: string
  /** `document` for the operation's `x-tama-examples`, else `FILE:LINE` of the `--examples` file. */
  readonly source: string
  /** 1-based; null when not among the first EXAMPLE_DEPTH results. */
  readonly rank: number | null
  /** Found within the top N. */
  readonly found: boolean
  /** The operations ranked above it (all of the first EXAMPLE_DEPTH when it was not among them). */
  readonly above: readonly string[]
  /** A miss listed in the lint baseline: reported, but the gate passes over it. */
  readonly accepted?: true
}

/**
 * Searches each example request as an agent would send it, holding every scope the
 * catalogue uses (as the own-summary search does), and records where its operation ranks:
 * found when within the first `top`. `search` must see exactly these operations.
 */
export function rankExamples(records: readonly OperationRecord[], requests: readonly ExampleRequest[], top: number, search: SearchFunction): ExampleRank[] {
  const scopes = catalogueScopes(records)
  return requests.map((example) => {
    const {operation, request} = example
    const ids = searchAsHost(request, scopes, EXAMPLE_DEPTH, search).map((hit) => hit.operation_id)
    const position = ids.indexOf(operation)
    const rank = position === -1 ? null : position + 1
    return {operation_id: operation, request, source: exampleSource(example), rank, found: rank !== null && rank <= top, above: position === -1 ? ids : ids.slice(0, position)}
  })
}
