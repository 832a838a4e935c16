import {type SqliteDatabase, statement} from '../sqlite/index.js'
import {compareCodeUnits} from '../text/index.js'
import {CANDIDATE_TERMS, type Candidate} from './features.js'
import {nameKeysOf} from './name-words.js'
import {RANKING_MODEL} from './ranking-model.js'
import {IN_ALLOWED_SETS} from './scope-filter.js'
import {withJoinedWords, type ParsedQuery} from './search-query.js'
import {relatedTerms} from './text-analysis.js'

// What each limit means: ranking-model.ts (CandidateLimits).
const {pool: POOL, widePool: WIDE_POOL, fastPoolFactor: FAST_POOL_FACTOR, postingBudget: POSTING_BUDGET, relatedBudget: RELATED_BUDGET, relatedPool: RELATED_POOL, minPrefix: MIN_PREFIX} =
  RANKING_MODEL.candidates

const COLUMNS = `o.id, o.cassette, o.operation_id, o.verb, o.summary, o.destructive, o.confirmation, ${CANDIDATE_TERMS} AS terms, t.name_counts`

/** The two pools: candidates of the query's words, and of related words only. Every LIMIT is written into the SQL: bound as a parameter, a LIMIT made queries slower. */
type Way = Extract<Candidate['found'], 'words' | 'related'>

/** How many rows FTS5 ranks for a pool of `size`: FAST_POOL_FACTOR times that, and room for the ids `found` already (fewer than POOL). */
function topOf(size: number, found: boolean): number {
  return FAST_POOL_FACTOR * size + (found ? POOL : 0)
}

/**
 * The queries of one search, with only the filters it uses: each filter is a JSON scan
 * SQLite pays for even when its parameter is NULL. Every query keeps only the scope sets
 * the caller may see (:allowed); `cassettes` keeps only the :cassettes named, `found`
 * leaves out the candidates already found (:pooled, a JSON array of ids). Rows come out as
 * candidates, with how they were found (:way for the pools).
 */
function queries(cassettes: boolean, found: boolean, pool: number) {
  const inScope = [
    IN_ALLOWED_SETS,
    ...(cassettes ? ['o.cassette IN (SELECT value FROM json_each(:cassettes))'] : []),
    ...(found ? ['o.id NOT IN (SELECT value FROM json_each(:pooled))'] : []),
  ].join(' AND ')
  const bm25 = `-bm25(operations_fts, ${RANKING_MODEL.bm25Columns.join(', ')})`
  // The fast path: FTS5 ranks its best rows (topOf) alone (cheap, before any join), then
  // the scope rule keeps the visible ones; `ranked` and `floor` say how many rows FTS5
  // ranked and the lowest BM25 among them, which tells whether the answer is exact (see rankedPool).
  const visible = (size: number) => `WITH top (id, bm25) AS MATERIALIZED (
  SELECT rowid, ${bm25} FROM operations_fts WHERE operations_fts MATCH :match ORDER BY 2 DESC LIMIT ${topOf(size, found)}
),
kept (id, bm25) AS (
  SELECT o.id, top.bm25 FROM top JOIN operations o ON o.id = top.id WHERE ${inScope}
  ORDER BY top.bm25 DESC, o.cassette, o.operation_id LIMIT ${size}
)
SELECT ${COLUMNS}, kept.bm25, :way AS found, (SELECT count(*) FROM top) AS ranked, (SELECT min(bm25) FROM top) AS floor
FROM kept JOIN operations o ON o.id = kept.id JOIN operation_text t ON t.id = o.id`
  // Scope first: ranks ids over the narrow operations table; the wide text is read for the pool only.
  const ranked = (size: number) => `WITH ranked (id, bm25) AS (
  SELECT o.id, ${bm25} FROM operations_fts JOIN operations o ON o.id = operations_fts.rowid
  WHERE operations_fts MATCH :match AND ${inScope}
  ORDER BY 2 DESC, o.cassette, o.operation_id LIMIT ${size}
)
SELECT ${COLUMNS}, ranked.bm25, :way AS found FROM ranked JOIN operations o ON o.id = ranked.id JOIN operation_text t ON t.id = o.id`
  return {
    visible: {words: visible(pool), related: visible(RELATED_POOL)},
    ranked: {words: ranked(pool), related: ranked(RELATED_POOL)},
    // Operations the query names (`found` says how): by their id (`id`: the query text is
    // the id), by what their summary says (`saying`, see sayingOf), and by their name words
    // (`name`: one of the query's :keys, see name-words.ts; a bare key only when the id holds
    // every one of the query's :naming terms). The last two read at most POSTING_BUDGET
    // summaries or keys, and keep at most POOL operations each, the first installed.
    named: `SELECT ${COLUMNS}, 0 AS bm25, 'id' AS found FROM operations o JOIN operation_text t ON t.id = o.id
WHERE o.operation_id = :text COLLATE NOCASE AND ${inScope}
UNION ALL
SELECT * FROM (SELECT ${COLUMNS}, :floor AS bm25, 'saying' AS found FROM operations o JOIN operation_text t ON t.id = o.id
  WHERE o.id IN (SELECT id FROM operation_text WHERE summary_saying = :saying LIMIT ${POSTING_BUDGET}) AND ${inScope} ORDER BY t.id LIMIT ${POOL})
UNION ALL
SELECT * FROM (SELECT ${COLUMNS}, :floor AS bm25, 'name' AS found FROM operations o JOIN operation_text t ON t.id = o.id
  WHERE o.id IN (
    SELECT k.id FROM (SELECT id, bare FROM operation_name_keys WHERE key IN (SELECT value FROM json_each(:keys)) LIMIT ${POSTING_BUDGET}) k
    WHERE k.bare = 0 OR NOT EXISTS (SELECT 1 FROM json_each(:naming) w JOIN operation_text b ON b.id = k.id
      WHERE instr(' ' || b.name_terms || ' ', ' ' || w.value || ' ') = 0)
  ) AND ${inScope} ORDER BY t.id LIMIT ${POOL})`,
  }
}

// Built once: [cassettes filter][found filter][pool of the query's words: POOL, WIDE_POOL].
const QUERIES = [false, true].map((cassettes) => [false, true].map((found) => [POOL, WIDE_POOL].map((pool) => queries(cassettes, found, pool))))
const queriesFor = (cassettes: string | null, found: readonly number[], pool: number) => QUERIES[cassettes === null ? 0 : 1]![found.length === 0 ? 0 : 1]![pool === POOL ? 0 : 1]!

const TERM_DOCS = 'SELECT term, docs FROM operation_terms WHERE term IN (SELECT value FROM json_each(?))'
// Terms sort as UTF-8 bytes; U+10FFFF is after every continuation of a prefix.
const PREFIX_DOCS = `SELECT p.value AS term, sum(t.docs) AS docs FROM json_each(?) p
  JOIN operation_terms t ON t.term > p.value AND t.term < p.value || char(1114111) GROUP BY p.value`

/** What the candidates of one search are, with what the features need of the query. */
export interface CandidatePool {
  readonly query: ParsedQuery
  /** Operations the query's words, their relatives or their name keys found. */
  readonly pool: readonly Candidate[]
  /** Operations whose id is the query text (their tier, see search-operations.ts). */
  readonly exact: readonly Candidate[]
  /** Operations whose summary says what the query says. */
  readonly saying: ReadonlySet<number>
  /** Operations holding each query term, and each related word, the index has. */
  readonly docs: ReadonlyMap<string, number>
  readonly relatedDocs: ReadonlyMap<string, number>
}

/**
 * The candidates of a search, over the operations the caller may see (:allowed, a JSON
 * array of scope set ids; :cassettes, null or a JSON array of names): FTS5's best by
 * BM25 for the query's words, then for their relatives when those found too few, then the
 * operations the query names by id, by summary or by name key.
 */
export function findCandidates(db: SqliteDatabase, asked: ParsedQuery, allowed: string, cassettes: string | null, wanted = POOL): CandidatePool {
  // A search wanting more results than a pool holds ranks a wider pool, so that it gets what it asked for.
  const size = wanted > POOL ? WIDE_POOL : POOL
  const params = {allowed, cassettes, text: asked.text, saying: asked.saying}
  // One lookup for the query's terms, its joined words and the relatives of both.
  const written = [...asked.terms, ...asked.joins]
  const held = termDocs(db, [...written, ...relatedTerms(written)])
  const query = withJoinedWords(asked, (term) => held.has(term))
  const related = relatedTerms(query.terms)
  const countsOf = (terms: readonly string[]) => {
    const counts = new Map<string, number>()
    for (const term of terms) {
      const count = held.get(term)
      if (count !== undefined) counts.set(term, count)
    }
    return counts
  }
  const docs = countsOf(query.terms)
  const relatedDocs = countsOf(related)
  // A query word no operation holds has only its relatives to speak for it: they join the query's own words.
  const searched = new Map(docs)
  for (const [term, count] of rarest(countsOf(relatedTerms(query.terms.filter((term) => !held.has(term)))), RELATED_BUDGET, false)) searched.set(term, count)
  const match = matchExpression(db, query.terms, searched, POSTING_BUDGET)
  const pool = match === undefined ? [] : rankedPool(db, params, size, match, 'words', [])
  // Related words only add candidates the query's own words did not find, when they found
  // fewer than a full pool: their query costs a tenth of a search.
  const relatedMatch = pool.length < size ? matchExpression(db, related, relatedDocs, RELATED_BUDGET, false) : undefined
  if (relatedMatch !== undefined) pool.push(...rankedPool(db, params, size, relatedMatch, 'related', pool.map((candidate) => candidate.id)))
  const {keys, naming} = nameKeysOf(query.terms)
  // Operations the lookups found join the pool when BM25 left them out, at the pool's
  // lowest BM25 (:floor): all they could have had, not being among the best.
  const floor = pool.length === 0 ? 0 : lowestBm25(pool)
  const named = statement<Candidate>(db, queriesFor(cassettes, [], size).named).all({...params, keys: JSON.stringify(keys), naming: JSON.stringify(naming), floor})
  const pooled = new Set(pool.map((candidate) => candidate.id))
  const exact: Candidate[] = []
  const saying = new Set<number>()
  // Each operation joins the pool once; an exact one is ranked apart, by its tier (search-operations.ts).
  for (const candidate of named) {
    if (candidate.found === 'saying') saying.add(candidate.id)
    if (candidate.found === 'id') exact.push(candidate)
    else if (!pooled.has(candidate.id)) pool.push(candidate)
    pooled.add(candidate.id)
  }
  return {query, pool, exact, saying, docs, relatedDocs}
}

/**
 * The best candidates the caller may see for `way` (`pool` of them for the query's words,
 * RELATED_POOL for related words), other than those `found` already, by BM25 (ties by
 * cassette, then operation id), in no set order. The fast path's answer is exact when FTS5
 * ranked every row the match has, or when a full pool of them is visible and the lowest
 * kept scores above the lowest ranked (nothing unranked could tie or beat it); otherwise
 * the scope-first query runs.
 */
function rankedPool(db: SqliteDatabase, params: {allowed: string; cassettes: string | null}, pool: number, match: string, way: Way, found: readonly number[]): Candidate[] {
  const size = way === 'words' ? pool : RELATED_POOL
  const queries = queriesFor(params.cassettes, found, pool)
  const bound = {...params, match, way, pooled: JSON.stringify(found)}
  const visible = statement<Candidate & {ranked: number; floor: number}>(db, queries.visible[way]).all(bound)
  // With no row visible, the statement cannot say how many FTS5 ranked: ask the scope-first query.
  // Every row carries the same `ranked` and `floor`; the rows themselves come in no set order.
  const stats = visible[0]
  if (stats !== undefined && (stats.ranked < topOf(size, found.length > 0) || (visible.length === size && lowestBm25(visible) > stats.floor))) return visible
  return statement<Candidate>(db, queries.ranked[way]).all(bound)
}

function lowestBm25(candidates: readonly Candidate[]): number {
  let lowest = Number.POSITIVE_INFINITY
  for (const candidate of candidates) lowest = Math.min(lowest, candidate.bm25)
  return lowest
}

/** How many operations hold each of `terms` that the index has, in one lookup. */
function termDocs(db: SqliteDatabase, terms: readonly string[]): Map<string, number> {
  const held = new Map<string, number>()
  for (const row of statement<{term: string; docs: number}>(db, TERM_DOCS).all(JSON.stringify(terms))) held.set(row.term, row.docs)
  return held
}

/**
 * The MATCH expression: the rarest of `terms`, quoted (so they are only ever terms, never
 * FTS5 syntax), within `budget` postings; undefined when no term matches anything. `docs`
 * counts the operations holding each term the index has. For the query's `own` terms, a
 * term the index lacks is searched as a prefix and the rarest term is searched even when
 * it alone exceeds the budget; related words get neither.
 */
function matchExpression(db: SqliteDatabase, terms: readonly string[], docs: ReadonlyMap<string, number>, budget: number, own = true): string | undefined {
  const phrases = new Map<string, number>()
  for (const [term, count] of docs) phrases.set(`"${term}"`, count)
  const partial = own ? terms.filter((term) => !docs.has(term) && term.length >= MIN_PREFIX) : []
  if (partial.length > 0) {
    for (const {term, docs: count} of statement<{term: string; docs: number}>(db, PREFIX_DOCS).all(JSON.stringify(partial))) phrases.set(`"${term}"*`, count)
  }
  const chosen = rarest(phrases, budget, own)
  return chosen.size === 0 ? undefined : [...chosen.keys()].join(' OR ')
}

/**
 * The rarest of `counts` (terms by the operations holding them; ties by term) that
 * together hold at most `budget` postings; `always` keeps the rarest even when it alone
 * holds more.
 */
function rarest(counts: ReadonlyMap<string, number>, budget: number, always: boolean): Map<string, number> {
  const chosen = new Map<string, number>()
  let postings = 0
  for (const [term, count] of [...counts].sort(([a, x], [b, y]) => x - y || compareCodeUnits(a, b))) {
    if ((chosen.size > 0 || !always) && postings + count > budget) break
    chosen.set(term, count)
    postings += count
  }
  return chosen
}
