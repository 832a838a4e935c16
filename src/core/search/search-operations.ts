import {TamaError} from '../errors/index.js'
import type {SqliteDatabase} from '../sqlite/index.js'
import {compareCodeUnits as compare} from '../text/index.js'
import {findCandidates} from './candidates.js'
import {FEATURE_NAMES, QueryFeatures, type Candidate, type Features} from './features.js'
import {inputSchemaOf} from './operation-store.js'
import {modelScorer} from './ranking-model.js'
import {ALLOWED_SCOPE_SETS, scopesParameter} from './scope-filter.js'
import {parseQuery} from './search-query.js'
import type {SearchConfirmation, SearchHit, SearchOptions, SearchResponse} from './search-types.js'
import {statement} from './statement-cache.js'

const MAX_LIMIT = 50
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
export class RankedCandidate {
  constructor(
    readonly candidate: Candidate,
    readonly features: Features,
    readonly tier: number,
    readonly score: number,
  ) {}
}

/** Ranked search across cassettes, over the operations the caller's scopes allow. */
export function searchOperations(db: SqliteDatabase, query: string, options: SearchOptions): SearchResponse {
  const limit = checkCount('limit', options.limit ?? 10, 1, MAX_LIMIT)
  const schemas = checkCount('schemas', options.schemas ?? 3, 0, MAX_LIMIT)
  const ranked = rankCandidates(db, query, options)
  return {results: ranked.slice(0, limit).map((ranking, rank) => hit(db, ranking, rank < schemas))}
}

/** Every candidate of a search, ranked: candidates, then their features, then the model's score, then the sort keys. */
export function rankCandidates(db: SqliteDatabase, query: string, options: Pick<SearchOptions, 'scopes' | 'cassettes'>): RankedCandidate[] {
  const allowed = statement<{ids: string}>(db, ALLOWED).get({scopes: scopesParameter(options.scopes)})!.ids
  const found = findCandidates(db, parseQuery(query), allowed, cassettesParameter(options.cassettes))
  const exactIds = new Set(found.exact.map((candidate) => candidate.id))
  const candidates = [...found.exact, ...found.pool.filter((candidate) => !exactIds.has(candidate.id))]
  const features = new QueryFeatures(found.query, found.docs, found.relatedDocs).of(candidates)
  const tierOf = (candidate: Candidate): number =>
    exactIds.has(candidate.id) ? (candidate.operation_id === found.query.text ? 3 : 2) : found.saying.has(candidate.id) ? 1 : 0
  return candidates
    .map((candidate, index) => new RankedCandidate(candidate, features[index]!, tierOf(candidate), modelScore(features[index]!)))
    .sort((a, b) => b.tier - a.tier || descending(a.score, b.score) || compare(a.candidate.cassette, b.candidate.cassette) || compare(a.candidate.operation_id, b.candidate.operation_id))
}

// A sign, never the difference: the sort would box every difference of two scores as garbage.
const descending = (a: number, b: number): number => (b > a ? 1 : b < a ? -1 : 0)

function hit(db: SqliteDatabase, {candidate, score}: RankedCandidate, withSchema: boolean): SearchHit {
  const base = {
    cassette: candidate.cassette,
    operation_id: candidate.operation_id,
    summary: candidate.summary,
    score: Math.round(score * 1e6) / 1e6,
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
