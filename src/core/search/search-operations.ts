import {TamaError} from '../errors/index.js'
import {type SqliteDatabase, statement} from '../sqlite/index.js'
import {compareCodeUnits as compare} from '../text/index.js'
import {findCandidates} from './candidates.js'
import {confidenceFeatures, confidenceOf, matchOf} from './confidence.js'
import {FEATURE_NAMES, QueryFeatures, type Candidate, type Features, type QueryCoverage} from './features.js'
import {inputSchemaOf} from './operation-store.js'
import {modelScorer, RANKING_MODEL} from './ranking-model.js'
import {ALLOWED_SCOPE_SETS, IN_ALLOWED_SETS, scopesParameter} from './scope-filter.js'
import {parseQuery} from './search-query.js'
import type {SearchCassette, SearchConfirmation, SearchHit, SearchOptions, SearchResponse} from './search-types.js'

// The wider pool is the largest limit: a search gets as many results as it asks for when as many match.
const MAX_LIMIT = RANKING_MODEL.candidates.widePool
const modelScore = modelScorer(FEATURE_NAMES)

// The scope sets the caller may see are worked out once per search, then passed to every
// query as :allowed (a JSON array of set ids).
const ALLOWED = `${ALLOWED_SCOPE_SETS} SELECT json_group_array(id) AS ids FROM allowed`

/**
 * How a candidate sorts: by tier first (3: its id is the query text as written, 2: its id
 * is the query text in another case, 1: its summary says what the query says, 0: the
 * rest), then by the model's score, then by cassette and operation id. A class: built as
 * an object literal, each ranked candidate left some 400 bytes of garbage, a tenth of
 * what a search allocates.
 */
class RankedCandidate {
  constructor(
    readonly candidate: Candidate,
    readonly features: Features,
    readonly tier: number,
    readonly score: number,
  ) {}
}

/** Every candidate of a search in rank order, and how much of the query they hold at all. */
export interface Ranking {
  readonly candidates: RankedCandidate[]
  readonly coverage: QueryCoverage
  /** The ids of the scope sets the caller may see, a JSON array (the :allowed of every query). */
  readonly allowed: string
}

/**
 * The cassettes holding an operation of the scope sets `allowed` (a JSON array of ids), by
 * name: what a search where nothing fits names. An index that knows more of its cassettes
 * than their operations say (their titles) lists them itself.
 */
export type CassetteLister = (db: SqliteDatabase, allowed: string) => SearchCassette[]

/**
 * Ranked search across cassettes, over the operations the caller's scopes allow: each
 * result with its confidence, and whether the best is likely to do what was asked (`match`).
 */
export function searchOperations(db: SqliteDatabase, query: string, options: SearchOptions, listCassettes: CassetteLister = visibleCassettes): SearchResponse {
  const limit = checkCount('limit', options.limit ?? 10, 1, MAX_LIMIT)
  const schemas = checkCount('schemas', options.schemas ?? 3, 0, MAX_LIMIT)
  const {candidates, coverage, allowed, pooled} = rankingFor(db, query, options, limit)
  const confidences = confidenceFeatures(candidates, coverage, limit, pooled).map((row) => confidenceOf(row))
  const match = matchOf(confidences[0])
  const results = candidates.slice(0, limit).map((ranking, rank) => hit(db, ranking, rank < schemas, confidences[rank]!, match === 'none'))
  // Nothing fits: what the caller can search instead, so an agent can rephrase or tell its user.
  // With the scope sets the ranking found visible: not worked out a second time.
  return match === 'none' ? {match, results, cassettes: listCassettes(db, allowed)} : {match, results}
}

/** The cassettes holding an operation the caller's scopes allow, by name alone: never one the caller cannot use. */
function visibleCassettes(db: SqliteDatabase, allowed: string): SearchCassette[] {
  return statement<SearchCassette>(db, VISIBLE_CASSETTES).all({allowed})
}
// Each cassette name once, by stepping through the (cassette, operation_id) index, then one
// visible operation of each: no count, which would read every operation of a large index.
const VISIBLE_CASSETTES = `WITH names (cassette) AS (
  SELECT min(cassette) FROM operations
  UNION ALL
  SELECT (SELECT min(cassette) FROM operations WHERE cassette > names.cassette) FROM names WHERE names.cassette IS NOT NULL
)
SELECT cassette FROM names WHERE cassette IS NOT NULL
  AND EXISTS (SELECT 1 FROM operations o WHERE o.cassette = names.cassette AND ${IN_ALLOWED_SETS})
ORDER BY cassette`

/**
 * The ranking of a search wanting `limit` results: a pool's, followed, when it holds fewer
 * than `limit`, by what a wider pool adds, so that a larger limit never changes the results
 * a smaller one gives; `pooled` of them are the first pool's, which confidence reads.
 */
function rankingFor(db: SqliteDatabase, query: string, options: SearchOptions, limit: number): Ranking & {pooled: number} {
  const ranking = rankCandidates(db, query, options)
  const pooled = ranking.candidates.length
  // Within a pool's size, a wider search would find the same candidates again.
  if (pooled >= limit || limit <= RANKING_MODEL.candidates.pool) return {...ranking, pooled}
  const ranked = new Set(ranking.candidates.map(({candidate}) => candidate.id))
  const wider = rankCandidates(db, query, options, limit).candidates.filter(({candidate}) => !ranked.has(candidate.id))
  return {...ranking, candidates: [...ranking.candidates, ...wider], pooled}
}

/**
 * Every candidate of a search, ranked: candidates, then their features, then the model's
 * score, then the sort keys. `wanted`: how many results the caller asked for (a search asking
 * for more than a pool holds ranks a wider pool).
 */
export function rankCandidates(db: SqliteDatabase, query: string, options: Pick<SearchOptions, 'scopes' | 'cassettes'>, wanted?: number): Ranking {
  const allowed = statement<{ids: string}>(db, ALLOWED).get({scopes: scopesParameter(options.scopes)})!.ids
  const found = findCandidates(db, parseQuery(query), allowed, cassettesParameter(options.cassettes), wanted)
  const exactIds = new Set(found.exact.map((candidate) => candidate.id))
  const candidates = [...found.exact, ...found.pool.filter((candidate) => !exactIds.has(candidate.id))]
  const queryFeatures = new QueryFeatures(found.query, found.docs, found.relatedDocs)
  const features = queryFeatures.of(candidates)
  const tierOf = (candidate: Candidate): number =>
    exactIds.has(candidate.id) ? (candidate.operation_id === found.query.text ? 3 : 2) : found.saying.has(candidate.id) ? 1 : 0
  const ranked = candidates
    .map((candidate, index) => new RankedCandidate(candidate, features[index]!, tierOf(candidate), modelScore(features[index]!)))
    .sort((a, b) => b.tier - a.tier || descending(a.score, b.score) || compare(a.candidate.cassette, b.candidate.cassette) || compare(a.candidate.operation_id, b.candidate.operation_id))
  return {candidates: ranked, coverage: queryFeatures.coverage(), allowed}
}

// A sign, never the difference: the sort would box every difference of two scores as garbage.
const descending = (a: number, b: number): number => (b > a ? 1 : b < a ? -1 : 0)

function hit(db: SqliteDatabase, {candidate, score}: RankedCandidate, withSchema: boolean, confidence: number, nearest: boolean): SearchHit {
  const base = {
    cassette: candidate.cassette,
    operation_id: candidate.operation_id,
    summary: candidate.summary,
    score: Math.round(score * 1e6) / 1e6,
    confidence: Math.round(confidence * 1e3) / 1e3,
    ...(nearest ? {nearest: true as const} : {}),
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
