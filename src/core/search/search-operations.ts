import {TamaError} from '../errors/tama-error.js'
import type {SqliteDatabase} from '../sqlite/driver.js'
import {inputSchemaOf} from './operation-store.js'
import {rerank, type Candidate} from './rerank.js'
import {ALLOWED_SCOPE_SETS, scopesParameter} from './scope-filter.js'
import {parseQuery, type ParsedQuery} from './search-query.js'
import type {SearchConfirmation, SearchHit, SearchOptions, SearchResponse} from './search-types.js'
import {statement} from './statement-cache.js'

const MAX_LIMIT = 50
// Re-ranking looks at this many of FTS5's best candidates.
const POOL = 30
// FTS5 scores every operation a term matches; the terms searched with may together match
// at most this many (the rarest first, always at least one), which bounds latency at any
// index size. Commoner terms still count in re-ranking.
const POSTING_BUDGET = 1000
// A query term no operation holds is searched as a prefix when it is at least this long.
const MIN_PREFIX = 3
// BM25 weights of the FTS columns: operation id, summary, tags, description, input fields.
const WEIGHTS = [2, 2, 1, 1, 1]

const COLUMNS = `o.id, o.cassette, o.operation_id, o.verb, o.summary, o.destructive, o.confirmation,
  t.name_terms, t.summary_terms, t.tag_terms, t.field_terms, t.description_terms`
const IN_SCOPE = `o.scope_set IN (SELECT id FROM allowed)
  AND (:cassettes IS NULL OR o.cassette IN (SELECT value FROM json_each(:cassettes)))`

// Ranks ids over the narrow operations table first; the wide text is read for the pool only.
const RANKED = `${ALLOWED_SCOPE_SETS},
ranked (id, bm25) AS (
  SELECT o.id, -bm25(operations_fts, ${WEIGHTS.join(', ')})
  FROM operations_fts JOIN operations o ON o.id = operations_fts.rowid
  WHERE operations_fts MATCH :match AND ${IN_SCOPE}
  ORDER BY 2 DESC, o.cassette, o.operation_id
  LIMIT :pool
)
SELECT ${COLUMNS}, ranked.bm25, 0 AS score FROM ranked JOIN operations o ON o.id = ranked.id JOIN operation_text t ON t.id = o.id`

const EXACT = `${ALLOWED_SCOPE_SETS}
SELECT ${COLUMNS}, 0 AS bm25, 0 AS score FROM operations o JOIN operation_text t ON t.id = o.id
WHERE o.operation_id = :text COLLATE NOCASE AND ${IN_SCOPE}`

const TERM_DOCS = 'SELECT term, docs FROM operation_terms WHERE term IN (SELECT value FROM json_each(?))'
// Terms sort as UTF-8 bytes; U+10FFFF is after every continuation of a prefix.
const PREFIX_DOCS = `SELECT p.value AS term, sum(t.docs) AS docs FROM json_each(?) p
  JOIN operation_terms t ON t.term > p.value AND t.term < p.value || char(1114111) GROUP BY p.value`

/** Ranked search across cassettes, over the operations the caller's scopes allow. */
export function searchOperations(db: SqliteDatabase, query: string, options: SearchOptions): SearchResponse {
  const limit = checkCount('limit', options.limit ?? 10, 1, MAX_LIMIT)
  const schemas = checkCount('schemas', options.schemas ?? 3, 0, MAX_LIMIT)
  const parsed = parseQuery(query)
  const params = {
    scopes: scopesParameter(options.scopes),
    cassettes: cassettesParameter(options.cassettes),
    text: parsed.text,
    pool: POOL,
  }
  const match = matchExpression(db, parsed)
  const pool = match === undefined ? [] : statement<Candidate>(db, RANKED).all({...params, match})
  const ranked = order(parsed, pool, statement<Candidate>(db, EXACT).all(params))
  return {results: ranked.slice(0, limit).map((candidate, rank) => hit(db, candidate, rank < schemas))}
}

/**
 * The MATCH expression: the query's rarest terms, quoted (so they are only ever terms,
 * never FTS5 syntax), within the posting budget; undefined when no term matches anything.
 */
function matchExpression(db: SqliteDatabase, query: ParsedQuery): string | undefined {
  type Docs = {term: string; docs: number}
  const phrases: Array<{phrase: string; docs: number}> = []
  const exact = new Map(statement<Docs>(db, TERM_DOCS).all(JSON.stringify(query.terms)).map((row) => [row.term, row.docs]))
  for (const [term, docs] of exact) phrases.push({phrase: `"${term}"`, docs})
  const partial = query.terms.filter((term) => !exact.has(term) && term.length >= MIN_PREFIX)
  if (partial.length > 0) {
    for (const {term, docs} of statement<Docs>(db, PREFIX_DOCS).all(JSON.stringify(partial))) phrases.push({phrase: `"${term}"*`, docs})
  }
  phrases.sort((a, b) => a.docs - b.docs || (a.phrase < b.phrase ? -1 : 1))
  const chosen: string[] = []
  let postings = 0
  for (const {phrase, docs: count} of phrases) {
    if (chosen.length > 0 && postings + count > POSTING_BUDGET) break
    chosen.push(phrase)
    postings += count
  }
  return chosen.length === 0 ? undefined : chosen.join(' OR ')
}

function order(query: ParsedQuery, pool: Candidate[], exact: Candidate[]): Candidate[] {
  rerank(query, pool)
  const top = pool.reduce((best, candidate) => Math.max(best, candidate.score), 0)
  const exactIds = new Set(exact.map((candidate) => candidate.id))
  // An exact operation-id match ranks first, above anything the words matched.
  for (const candidate of exact) candidate.score = top + 1 + (candidate.operation_id === query.text ? 1 : 0)
  const all = [...exact, ...pool.filter((candidate) => !exactIds.has(candidate.id))]
  return all.sort((a, b) => b.score - a.score || compare(a.cassette, b.cassette) || compare(a.operation_id, b.operation_id))
}

function hit(db: SqliteDatabase, candidate: Candidate, withSchema: boolean): SearchHit {
  const base = {
    cassette: candidate.cassette,
    operation_id: candidate.operation_id,
    summary: candidate.summary,
    score: Math.round(candidate.score * 1e6) / 1e6,
    destructive: candidate.destructive === 1,
    confirmation: candidate.confirmation === null ? null : (JSON.parse(candidate.confirmation) as SearchConfirmation),
  }
  return withSchema ? {...base, input_schema: inputSchemaOf(db, candidate.id)} : base
}

function cassettesParameter(cassettes: readonly string[] | undefined): string | null {
  if (cassettes === undefined) return null
  if (!Array.isArray(cassettes) || !cassettes.every((name) => typeof name === 'string')) {
    throw new TamaError('usage', 'The cassettes to search must be an array of cassette names; leave it out to search them all.')
  }
  return JSON.stringify(cassettes)
}

function checkCount(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new TamaError('usage', `The search ${name} must be a whole number from ${min} to ${max}; got ${String(value)}.`)
  }
  return value
}

/** Code-unit order, the tie-break order of results and suggestions. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
