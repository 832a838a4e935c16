/**
 * Fits the ranking model's weights to candidate pools: coordinate ascent on the mean, over
 * the sets, of (MRR@10 + Recall@5) / 2, each set weighing the same whatever its size. One
 * weight moves at a time, to the best of a fixed ladder of steps, until a round over all
 * of them gains nothing: deterministic, and each weight stays readable as what its feature
 * adds to the score. `bm25` stays at 1, which fixes the scale.
 */
import {createHash} from 'node:crypto'

import {FEATURE_NAMES, type FeatureName} from '../../src/internal.js'
import {type Quality, qualityOfRanks} from './metrics.js'
import type {QueryPool, SetPools} from './training-sets.js'

/** Features whose weight is not fitted but taken from others (no fitting data holds keywords or examples). */
export const TIED: Readonly<Partial<Record<FeatureName, readonly FeatureName[]>>> = {
  // A keyword counts as a word of the summary would.
  keywordQuery: ['summaryCoverage'],
  // An example request the query matches in full counts as a summary it covers and pairs in full.
  exampleMatch: ['summaryCoverage', 'pairs'],
}
/** `bm25` fixes the scale; `namedHeld` is read by the confidence model only (fit-confidence.ts). */
const FIXED: ReadonlySet<FeatureName> = new Set(['bm25', 'namedHeld'])
const STEPS = [-1, -0.5, -0.25, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.25, 0.5, 1]
const MAX_ROUNDS = 12
/** Gains smaller than this are noise, not improvement: they end the fitting. */
const MIN_GAIN = 1e-4

export type Weights = Record<FeatureName, number>

/** The weights with tied features set from the features they follow (never below 0). */
export function withTies(weights: Weights): Weights {
  const out = {...weights}
  for (const [name, sources] of Object.entries(TIED) as Array<[FeatureName, FeatureName[]]>) out[name] = Math.max(0, sources.reduce((sum, source) => sum + weights[source], 0))
  return out
}

/**
 * The 0-based rank of the first relevant candidate, or -1 when none is a candidate, with
 * each candidate scored `scores[i]` plus `by` times `column[i]` (the change one weight makes).
 */
function firstRelevant(pool: QueryPool, scores: Float64Array, column?: Float64Array, by = 0): number {
  const {tiers, ties, relevant} = pool
  const score = column === undefined ? (i: number) => scores[i]! : (i: number) => scores[i]! + by * column[i]!
  let best = -1
  let bestScore = 0
  for (let i = 0; i < relevant.length; i++) {
    if (relevant[i] !== 1) continue
    const value = score(i)
    if (best === -1 || tiers[i]! > tiers[best]! || (tiers[i] === tiers[best] && (value > bestScore || (value === bestScore && ties[i]! < ties[best]!)))) {
      best = i
      bestScore = value
    }
  }
  if (best === -1) return -1
  let rank = 0
  for (let i = 0; i < relevant.length; i++) {
    if (i === best || tiers[i]! < tiers[best]!) continue
    const value = score(i)
    if (tiers[i]! > tiers[best]! || value > bestScore || (value === bestScore && ties[i]! < ties[best]!)) rank++
  }
  return rank
}

/** Each candidate's score under `weights`, summed in FEATURE_NAMES order as search sums it. */
function scoresOf(pool: QueryPool, weights: Weights): Float64Array {
  const scores = new Float64Array(pool.relevant.length)
  for (const [index, name] of FEATURE_NAMES.entries()) {
    const column = pool.columns[index]!
    for (let i = 0; i < scores.length; i++) scores[i]! += weights[name] * column[i]!
  }
  return scores
}

/** A candidate of a pool as search orders it: its features, tier and score, and where it is in the pool (`at`). */
export interface OrderedResult {
  readonly features: Float64Array
  readonly tier: number
  readonly score: number
  readonly at: number
}

/** The candidates of `pool` in search's order under `weights`: by tier, then score, then tie order. */
export function orderedResults(pool: QueryPool, weights: Weights): OrderedResult[] {
  const scores = scoresOf(pool, weights)
  return Array.from(pool.relevant, (_, at) => ({features: Float64Array.from(pool.columns, (column) => column[at]!), tier: pool.tiers[at]!, score: scores[at]!, at})).sort(
    (a, b) => b.tier - a.tier || b.score - a.score || pool.ties[a.at]! - pool.ties[b.at]!,
  )
}

/** Recall@1/5/10 and MRR@10 of `set` ranked by `weights`. */
export function evaluate(set: SetPools, weights: Weights): Quality {
  return qualityOfRanks(set.pools.map((pool) => firstRelevant(pool, scoresOf(pool, weights))))
}

/** Coordinate ascent from `start` on `sets`; only `features` move (the rest keep their `start` weight). */
export function fitWeights(sets: readonly SetPools[], start: Weights, features: readonly FeatureName[] = FEATURE_NAMES): Weights {
  const weights = {...start}
  const free = features.filter((name) => !FIXED.has(name) && TIED[name] === undefined)
  const scores = sets.map((set) => set.pools.map((pool) => scoresOf(pool, withTies(weights))))
  // The objective with every score shifted by `delta` times each feature's values.
  const objective = (delta: ReadonlyMap<number, number>): number => {
    let total = 0
    for (const [s, set] of sets.entries()) {
      const ranks = set.pools.map((pool, p) => {
        if (delta.size <= 1) {
          const [feature, by] = [...delta][0] ?? [0, 0]
          return firstRelevant(pool, scores[s]![p]!, pool.columns[feature], by)
        }
        const shifted = Float64Array.from(scores[s]![p]!)
        for (const [feature, by] of delta) for (let i = 0; i < shifted.length; i++) shifted[i]! += by * pool.columns[feature]![i]!
        return firstRelevant(pool, shifted)
      })
      const q = qualityOfRanks(ranks)
      total += (q.mrr + q.recall5) / 2
    }
    return total / Math.max(sets.length, 1)
  }
  const deltaOf = (name: FeatureName, value: number): Map<number, number> => {
    const now = withTies(weights)
    const next = withTies({...weights, [name]: value})
    return new Map(FEATURE_NAMES.flatMap((feature, index) => (next[feature] === now[feature] ? [] : [[index, next[feature] - now[feature]] as const])))
  }
  let best = objective(new Map())
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = best
    for (const name of free) {
      let chosen: number | undefined
      for (const step of STEPS) {
        const value = round6(weights[name] + step)
        const gain = objective(deltaOf(name, value))
        if (gain > best + 1e-12) {
          best = gain
          chosen = value
        }
      }
      if (chosen === undefined) continue
      const delta = deltaOf(name, chosen)
      weights[name] = chosen
      for (const [s, set] of sets.entries()) {
        for (const [p, pool] of set.pools.entries()) for (const [feature, by] of delta) for (let i = 0; i < pool.relevant.length; i++) scores[s]![p]![i]! += by * pool.columns[feature]![i]!
      }
    }
    if (best - before < MIN_GAIN) break
  }
  return withTies(weights)
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6

/** SHA-256 of a model's weights and column weights as written: recorded in the model file, recomputed by its test. */
export function modelHash(weights: Readonly<Record<string, number>>, bm25Columns: readonly number[], confidence: unknown): string {
  return createHash('sha256').update(JSON.stringify({bm25Columns, weights, confidence})).digest('hex')
}
