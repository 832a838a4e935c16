import {isTamaError} from '../errors/index.js'
import {type OperationRecord, operationSummary} from '../profile/index.js'
import {MAX_QUERY_CHARACTERS, type SearchOptions, type SearchResponse} from '../search/index.js'

/** How deep a search result list is read: an operation below this is "not found". */
export const RANK_DEPTH = 5

/** Runs one search the way a host does (TamaIndex.search, say). */
export type SearchFunction = (query: string, options: SearchOptions) => SearchResponse

export interface OwnSummaryRank {
  /** 1-based; null when not among the first RANK_DEPTH results. */
  readonly rank: number | null
  /** The operation ranked first; null when the search found nothing. */
  readonly first: string | null
}

/**
 * Searches for each operation with its own summary (or, without one, the first line of
 * its description), holding every scope the catalogue uses so no operation is hidden, and
 * records where the operation ranks. `search` must see exactly these operations.
 */
export function rankOwnSummaries(records: readonly OperationRecord[], search: SearchFunction): Map<string, OwnSummaryRank> {
  const scopes = catalogueScopes(records)
  const ranks = new Map<string, OwnSummaryRank>()
  for (const record of records) {
    const results = ownSearch(record, scopes, search)
    const position = results.findIndex((hit) => hit.operation_id === record.operationId)
    ranks.set(record.operationId, {rank: position === -1 ? null : position + 1, first: results[0]?.operation_id ?? null})
  }
  return ranks
}

/** Every scope any operation needs, sorted. */
export function catalogueScopes(records: readonly OperationRecord[]): string[] {
  return [...new Set(records.flatMap((record) => record.scopes))].sort()
}

function ownSearch(record: OperationRecord, scopes: readonly string[], search: SearchFunction): SearchResponse['results'] {
  const query = operationSummary(record).trim().slice(0, MAX_QUERY_CHARACTERS)
  return searchAsHost(query, scopes, RANK_DEPTH, search)
}

/** The first `limit` results for `query`, holding `scopes`; none for a text with no searchable word. */
export function searchAsHost(query: string, scopes: readonly string[], limit: number, search: SearchFunction): SearchResponse['results'] {
  try {
    return search(query, {scopes, limit, schemas: 0}).results
  } catch (error) {
    // A text with no searchable word (empty, only symbols) finds nothing.
    if (isTamaError(error) && error.kind === 'usage') return []
    throw error
  }
}
