import {type SqliteDatabase, statement} from '../sqlite/index.js'
import {compareCodeUnits as compare} from '../text/index.js'
import {ALLOWED_SCOPE_SETS, scopesParameter} from './scope-filter.js'
import type {OperationSuggestion} from './search-types.js'
import {terms} from './text-analysis.js'

// Visible ids about as long as the one asked for: only those can be a few edits away.
const NEAR_LENGTH = `${ALLOWED_SCOPE_SETS}
SELECT cassette, operation_id FROM operations
WHERE scope_set IN (SELECT id FROM allowed) AND (:cassette IS NULL OR cassette = :cassette)
  AND length(operation_id) BETWEEN :shortest AND :longest`

// Every visible operation of the cassette (or of all), for ranking by shared words.
const VISIBLE = `${ALLOWED_SCOPE_SETS}
SELECT cassette, operation_id, summary FROM operations
WHERE scope_set IN (SELECT id FROM allowed) AND (:cassette IS NULL OR cassette = :cassette)`

/**
 * Up to `max` visible operations close to an operation id that was not found, for "did
 * you mean" in errors: first ids a few edits away (typos), then the operations sharing
 * the most of the id's words. Both read, and rank by, only operations the caller's scopes
 * allow — not search scores, whose term statistics count every operation — so the answer
 * is the same whether a forbidden operation exists or not.
 */
export function suggestOperations(
  db: SqliteDatabase,
  cassette: string | null,
  operationId: string,
  scopes: readonly string[],
  max = 3,
): OperationSuggestion[] {
  if (typeof operationId !== 'string' || operationId === '' || max < 1) return []
  const wanted = operationId.slice(0, 256).toLowerCase()
  const within = Math.max(2, Math.floor(wanted.length / 4))
  const near = statement<OperationSuggestion>(db, NEAR_LENGTH)
    .all({scopes: scopesParameter(scopes), cassette, shortest: wanted.length - within, longest: wanted.length + within})
    .map((row) => ({...row, distance: editDistance(wanted, row.operation_id.toLowerCase(), within)}))
    .filter((row) => row.distance <= within)
    .sort((a, b) => a.distance - b.distance || compare(a.cassette, b.cassette) || compare(a.operation_id, b.operation_id))
  const out: OperationSuggestion[] = []
  const seen = new Set<string>()
  const add = (suggestion: OperationSuggestion) => {
    const key = `${suggestion.cassette}\u0000${suggestion.operation_id}`
    if (out.length < max && !seen.has(key)) {
      seen.add(key)
      out.push({cassette: suggestion.cassette, operation_id: suggestion.operation_id})
    }
  }
  for (const row of near) add(row)
  if (out.length < max) for (const row of sharingWords(db, cassette, operationId, scopes)) add(row)
  return out
}

/** Visible operations by how many of the id's words their id and summary hold, most first. */
function sharingWords(db: SqliteDatabase, cassette: string | null, operationId: string, scopes: readonly string[]): OperationSuggestion[] {
  const wanted = new Set(terms(operationId.slice(0, 256)))
  if (wanted.size === 0) return []
  return statement<{cassette: string; operation_id: string; summary: string}>(db, VISIBLE)
    .all({scopes: scopesParameter(scopes), cassette})
    .map((row) => {
      const held = new Set(terms(`${row.operation_id} ${row.summary}`))
      let shared = 0
      for (const term of wanted) if (held.has(term)) shared++
      return {cassette: row.cassette, operation_id: row.operation_id, shared}
    })
    .filter((row) => row.shared > 0)
    .sort((a, b) => b.shared - a.shared || compare(a.cassette, b.cassette) || compare(a.operation_id, b.operation_id))
}

/** Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({length: b.length + 1}, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      best = Math.min(best, current[j]!)
    }
    if (best > limit) return limit + 1
    previous = current
  }
  return previous[b.length]!
}
