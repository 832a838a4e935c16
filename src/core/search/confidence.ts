import {FEATURE, type Features, type QueryCoverage} from './features.js'
import {type ConfidenceModel, RANKING_MODEL} from './ranking-model.js'
import type {SearchMatch} from './search-types.js'

/**
 * The confidence model's features of one ranked result, each a named function of the
 * ranking and the query, in the order the model (ranking-model.json, `confidence`) weighs
 * them; docs/search.md#confidence says what each measures.
 */
export const CONFIDENCE_FEATURE_NAMES = ['score', 'lead', 'overMedian', 'heldAll', 'namedHeld', 'nameCoverage', 'summaryCoverage', 'pairs', 'named', 'unheld'] as const
export type ConfidenceFeatureName = (typeof CONFIDENCE_FEATURE_NAMES)[number]

/** What the confidence model reads of a ranked candidate. */
export interface RankedResult {
  readonly features: Features
  /** 3 or 2: its id is the query text; 1: its summary says what the query says; 0: the rest. */
  readonly tier: number
  readonly score: number
}

/**
 * The confidence features of the first `count` of `ranked` (in rank order), given how much
 * of the query the pool holds at all (`coverage`). The first `pooled` of `ranked` are the
 * search's pool, which the figures relative to other candidates read, so that results a
 * wider search appends change no confidence. A result's `lead` is its score less the best
 * score of any other candidate of the pool: the top result's margin over the second, below
 * 0 for the rest; its `overMedian` is its score less the pool's median score.
 */
export function confidenceFeatures(ranked: readonly RankedResult[], coverage: QueryCoverage, count: number, pooled = ranked.length): Float64Array[] {
  const pool = ranked.slice(0, pooled)
  let [first, second] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY]
  for (const {score} of pool) {
    if (score > first) [first, second] = [score, first]
    else if (score > second) second = score
  }
  const median = medianOf(Float64Array.from(pool, ({score}) => score))
  return ranked.slice(0, count).map((result) => {
    const other = result.score === first ? second : first
    const value: Record<ConfidenceFeatureName, number> = {
      score: result.score,
      lead: other === Number.NEGATIVE_INFINITY ? result.score : result.score - other,
      overMedian: result.score - median,
      heldAll: result.features[FEATURE.queryHeld]! * coverage.heldScale,
      namedHeld: result.features[FEATURE.namedHeld]! * coverage.heldScale,
      nameCoverage: result.features[FEATURE.nameCoverage]!,
      summaryCoverage: result.features[FEATURE.summaryCoverage]!,
      pairs: result.features[FEATURE.pairs]!,
      named: result.tier > 0 ? 1 : 0,
      unheld: coverage.unheld,
    }
    return Float64Array.from(CONFIDENCE_FEATURE_NAMES, (name) => value[name])
  })
}

/** The median of `values` (sorted in place): the mean of the middle two when they are even; 0 when there are none. */
function medianOf(values: Float64Array): number {
  if (values.length === 0) return 0
  values.sort()
  const middle = values.length >> 1
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2
}

/** The probability, by `model`, that the result of confidence features `row` does what was asked. */
export function confidenceOf(row: Float64Array, model: ConfidenceModel = RANKING_MODEL.confidence): number {
  let logit = model.bias
  for (const [index, name] of CONFIDENCE_FEATURE_NAMES.entries()) logit += model.weights[name]! * row[index]!
  return 1 / (1 + Math.exp(-logit))
}

/** The response's `match`, from its top result's confidence (undefined: no result at all). */
export function matchOf(top: number | undefined, model: Pick<ConfidenceModel, 'noneBelow' | 'confidentFrom'> = RANKING_MODEL.confidence): SearchMatch {
  if (top === undefined || top < model.noneBelow) return 'none'
  return top >= model.confidentFrom ? 'confident' : 'possible'
}
