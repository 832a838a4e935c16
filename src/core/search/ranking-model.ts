import model from './ranking-model.json' with {type: 'json'}

/**
 * The ranking model: one weight per feature, fitted by `npm run train:ranking`
 * (scripts/train-ranking.ts) and stored with what it was fitted on and its held-out
 * figures in ranking-model.json, beside every other number ranking uses. A candidate's
 * score is the weighted sum of its features (features.ts). The training command writes
 * the weights and keeps the rest as it finds it.
 */
export interface RankingModel {
  readonly weights: Readonly<Record<string, number>>
  /** FTS5 BM25 weights of the columns name, summary, tags, description, fields, keywords, examples. */
  readonly bm25Columns: readonly number[]
  readonly candidates: CandidateLimits
  readonly terms: TermLimits
}

/** How many candidates a search weighs, and how much FTS5 work it may spend finding them (candidates.ts). */
export interface CandidateLimits {
  /** The features are computed for this many of FTS5's best candidates. */
  readonly pool: number
  /**
   * FTS5 ranks this many times the rows wanted before the scope rule is applied to them;
   * when too few of them are visible, the scope-first query runs instead.
   */
  readonly fastPoolFactor: number
  /**
   * The query terms searched with may together match at most this many operations (the
   * rarest first, always at least one), which bounds latency at any index size; commoner
   * terms still count in the features. A lookup by summary or name key reads at most as many.
   */
  readonly postingBudget: number
  /** Related words are searched when the query's own words found fewer than `pool`: within this many postings, for this many candidates. */
  readonly relatedBudget: number
  readonly relatedPool: number
  /** A query term no operation holds is searched as a prefix when it is at least this long. */
  readonly minPrefix: number
}

/**
 * How text becomes the terms search stores and compares. `descriptionTerms`, `commonIdShare`
 * and `commonIdMin` decide stored rows: the search-data hash covers them, as it covers this whole file.
 */
export interface TermLimits {
  /** Only a description's first terms are stored: BM25 scales every match by the row's length, and pages of notes would push an operation below shorter ones for its own words. */
  readonly descriptionTerms: number
  /**
   * An id term is common to a cassette when at least this share of its operation ids, and
   * at least `commonIdMin` of them, hold it: it then says what kind of id it is (`Tool`,
   * `repos`, `namespaced`), not what the operation does (name-words.ts).
   */
  readonly commonIdShare: number
  readonly commonIdMin: number
  /** Queries with more naming terms than this are not looked up by name key. */
  readonly maxNamingTerms: number
  /** Two adjacent query words are read as one joined word when together at least this long, so two short words ("a", "b") never make one. */
  readonly minJoined: number
  /**
   * A query term and an operation term are derived forms of one word when they share
   * `derivedPrefix` first letters ("nutrition", "nutritional"), or when one of at least
   * `derivedStart` letters begins the other ("rent", "rental").
   */
  readonly derivedPrefix: number
  readonly derivedStart: number
}

export const RANKING_MODEL: RankingModel = model

// Features the model weighs at 0 add nothing to a score, so they are not read.
const WEIGHED = Object.entries(RANKING_MODEL.weights).filter(([, weight]) => weight !== 0)
const WEIGHED_NAMES = WEIGHED.map(([name]) => name)
const WEIGHTS = Float64Array.from(WEIGHED, ([, weight]) => weight)

/** The model's score of one candidate's features. */
export function modelScore(features: Readonly<Record<string, number>>): number {
  let score = 0
  for (let index = 0; index < WEIGHTS.length; index++) score += WEIGHTS[index]! * features[WEIGHED_NAMES[index]!]!
  return score
}
