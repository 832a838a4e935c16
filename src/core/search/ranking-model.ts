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
  readonly confidence: ConfidenceModel
}

/**
 * The confidence model (confidence.ts): a logistic model over the confidence features,
 * fitted by the training command, with the thresholds of `match`.
 */
export interface ConfidenceModel {
  readonly bias: number
  readonly weights: Readonly<Record<string, number>>
  /** The top result's confidence below which `match` is `none`. */
  readonly noneBelow: number
  /** The top result's confidence from which `match` is `confident`. */
  readonly confidentFrom: number
}

/** How many candidates a search weighs, and how much FTS5 work it may spend finding them (candidates.ts). */
interface CandidateLimits {
  /** The features are computed for this many of FTS5's best candidates. */
  readonly pool: number
  /** ... or this many, for a search asking for more results than `pool` (search's largest limit). */
  readonly widePool: number
  /** FTS5 ranks this many times the rows wanted before the scope rule is applied (the fast path). */
  readonly fastPoolFactor: number
  /**
   * The rarest query terms searched with, or summaries and name keys read by a lookup,
   * hold at most this many postings: it bounds latency at any index size. Commoner terms
   * still count in the features.
   */
  readonly postingBudget: number
  /** Related words, searched when the query's own words found fewer than `pool`: within this many postings, for this many candidates. */
  readonly relatedBudget: number
  readonly relatedPool: number
  /** A query term no operation holds is searched as a prefix when it is at least this long. */
  readonly minPrefix: number
}

/** How text becomes terms. The search-data hash covers this file, so one changed here re-derives stored rows. */
interface TermLimits {
  /** Only a description's first terms are stored: BM25 scales a match by the row's length, and pages of notes would bury an operation's own words. */
  readonly descriptionTerms: number
  /** An id term is common to a cassette (says what kind of id it is, not what it does) when this share of its ids, and at least `commonIdMin`, hold it. */
  readonly commonIdShare: number
  readonly commonIdMin: number
  /** Queries with more naming terms than this are not looked up by name key. */
  readonly maxNamingTerms: number
  /** Two adjacent query words are also read as one word when together at least this long. */
  readonly minJoined: number
  /** Two terms are derived forms of one word when they share `derivedPrefix` first letters, or one of at least `derivedStart` letters begins the other. */
  readonly derivedPrefix: number
  readonly derivedStart: number
}

export const RANKING_MODEL: RankingModel = model

// Features the model weighs at 0 add nothing to a score, so they are not read.
const WEIGHED = Object.entries(RANKING_MODEL.weights).filter(([, weight]) => weight !== 0)
const WEIGHTS = Float64Array.from(WEIGHED, ([, weight]) => weight)

/**
 * The model's score of a candidate's features, laid out as `names` says (features.ts
 * FEATURE_NAMES: this file does not import that one, which reads the model): the weighted
 * sum, in the model file's order.
 */
export function modelScorer(names: readonly string[]): (features: Float64Array) => number {
  const at = Int32Array.from(WEIGHED, ([name]) => names.indexOf(name))
  const unknown = WEIGHED.find((_, index) => at[index] === -1)
  // A weight for a feature search no longer computes would make every score NaN.
  if (unknown !== undefined) throw new Error(`ranking-model.json weighs ${unknown[0]}, which is not a feature`)
  return (features) => {
    let score = 0
    for (let index = 0; index < WEIGHTS.length; index++) score += WEIGHTS[index]! * features[at[index]!]!
    return score
  }
}
