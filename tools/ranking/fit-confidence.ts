/**
 * Fits the confidence model: a logistic model over the confidence features of a search's
 * best result (src/core/search/confidence.ts), telling searches made where the answer is
 * installed (answerable) from searches made where it is not (nothing fits). Newton's method
 * with a small L2 penalty: deterministic, and a handful of weights an eye can read. Also
 * the figures it is judged by: AUROC, and the shares kept and flagged at a threshold.
 */
import {CONFIDENCE_FEATURE_NAMES, confidenceFeatures, confidenceOf, type ConfidenceFeatureName} from '../../src/internal.js'
import type {Weights} from './fit-ranking.js'
import {orderedResults} from './fit-ranking.js'
import type {ConfidencePools} from './training-sets.js'

/** One search's best result, as the confidence model and its judges read it. */
export interface Judged {
  /** The best result's confidence features. */
  readonly row: Float64Array
  /** Its ranking score: the raw figure confidence is compared with. */
  readonly topScore: number
  readonly answerable: boolean
  /** The answer is among the first five results. */
  readonly inTop5: boolean
}

export interface FittedConfidence {
  readonly bias: number
  readonly weights: Record<ConfidenceFeatureName, number>
  readonly noneBelow: number
  readonly confidentFrom: number
}

/** The share of answerable searches, answer in the top five, that the threshold must keep. */
const KEEP = 0.95
/** The share of nothing-fits searches a `confident` match may hold at most. */
const CONFIDENT_FALSE = 0.05
const L2 = 1000
const ROUNDS = 50

/** Every search of `set` judged with the ranking `weights`. */
export function judge(set: ConfidencePools, weights: Weights): Judged[] {
  return set.pools.map((pool, index) => {
    const ranked = orderedResults(pool, weights)
    const row = ranked.length === 0 ? new Float64Array(CONFIDENCE_FEATURE_NAMES.length) : confidenceFeatures(ranked, pool.coverage, 1)[0]!
    const answerRank = ranked.findIndex((result) => pool.relevant[result.at] === 1)
    return {row, topScore: ranked[0]?.score ?? 0, answerable: set.answerable[index] === 1, inTop5: answerRank >= 0 && answerRank < 5}
  })
}

/**
 * The logistic model fitted to `sets` (each weighing the same whatever its size), with its
 * thresholds: `none` below the confidence that keeps KEEP of the answerable searches whose
 * answer is in the top five, `confident` from the one that at most CONFIDENT_FALSE of the
 * nothing-fits searches reach.
 */
export function fitConfidence(sets: ReadonlyArray<readonly Judged[]>): FittedConfidence {
  const total = sets.reduce((sum, set) => sum + set.length, 0)
  const examples = sets.flatMap((set) => set.map((judged) => ({judged, weight: total / (sets.length * set.length)})))
  const size = CONFIDENCE_FEATURE_NAMES.length + 1
  const beta = new Float64Array(size)
  const x = (row: Float64Array, j: number) => (j === 0 ? 1 : row[j - 1]!)
  for (let round = 0; round < ROUNDS; round++) {
    const gradient = new Float64Array(size)
    const hessian = Array.from({length: size}, () => new Float64Array(size))
    for (const {judged, weight} of examples) {
      let logit = 0
      for (let j = 0; j < size; j++) logit += beta[j]! * x(judged.row, j)
      const p = 1 / (1 + Math.exp(-logit))
      const residual = (judged.answerable ? 1 : 0) - p
      for (let j = 0; j < size; j++) {
        gradient[j]! += weight * residual * x(judged.row, j)
        for (let k = 0; k < size; k++) hessian[j]![k]! += weight * p * (1 - p) * x(judged.row, j) * x(judged.row, k)
      }
    }
    // The penalty leaves the bias free.
    for (let j = 1; j < size; j++) {
      gradient[j]! -= L2 * beta[j]!
      hessian[j]![j]! += L2
    }
    const step = solve(hessian, gradient)
    let moved = 0
    for (let j = 0; j < size; j++) {
      beta[j]! += step[j]!
      moved = Math.max(moved, Math.abs(step[j]!))
    }
    if (moved < 1e-9) break
  }
  const weights = Object.fromEntries(CONFIDENCE_FEATURE_NAMES.map((name, j) => [name, round6(beta[j + 1]!)])) as Record<ConfidenceFeatureName, number>
  const model = {bias: round6(beta[0]!), weights}
  const {keepFrom, falseFrom} = thresholds(sets, (judged) => confidenceOf(judged.row, {...model, noneBelow: 0, confidentFrom: 1}))
  return {...model, noneBelow: round6(keepFrom), confidentFrom: round6(Math.max(keepFrom, falseFrom))}
}

/**
 * The threshold keeping KEEP of the answerable searches answered in the top five, and the
 * one at most CONFIDENT_FALSE of the nothing-fits searches reach, each set of `sets`
 * weighing the same whatever its size; `valueOf` is the figure thresholded.
 */
export function thresholds(sets: ReadonlyArray<readonly Judged[]>, valueOf: (judged: Judged) => number): {keepFrom: number; falseFrom: number} {
  const weighted = (pick: (judged: Judged) => boolean) =>
    sets.flatMap((set) => {
      const picked = set.filter(pick)
      return picked.map((judged) => ({value: valueOf(judged), weight: 1 / (picked.length * sets.length)}))
    }).sort((a, b) => a.value - b.value)
  const kept = weighted((judged) => judged.answerable && judged.inTop5)
  const nothing = weighted((judged) => !judged.answerable)
  // The highest value with at most 1 - KEEP of the weight below it, and the lowest with at most CONFIDENT_FALSE at or above it.
  let below = 0
  let keepFrom = kept[0]?.value ?? 0
  for (const {value, weight} of kept) {
    keepFrom = value
    if (below + weight > 1 - KEEP + 1e-12) break
    below += weight
  }
  let above = 0
  let falseFrom = 1
  for (let i = nothing.length - 1; i >= 0; i--) {
    if (above + nothing[i]!.weight > CONFIDENT_FALSE + 1e-12) break
    above += nothing[i]!.weight
    falseFrom = nothing[i]!.value
  }
  return {keepFrom, falseFrom}
}

/** What a figure (confidence, or the raw top score) achieves on `judged` at threshold `from`. */
export interface Separation {
  readonly auroc: number
  /** Share of answerable searches answered in the top five at or above the threshold. */
  readonly kept: number
  /** Share of nothing-fits searches below it. */
  readonly flagged: number
  /** Share of the searches below it (answerable or not) that are nothing-fits: how often `none` is right. */
  readonly precision: number
}

export function separation(judged: readonly Judged[], values: readonly number[], from: number): Separation {
  const kept = judged.filter((j, i) => j.answerable && j.inTop5 && values[i]! >= from).length / Math.max(1, judged.filter((j) => j.answerable && j.inTop5).length)
  const flagged = judged.filter((j, i) => !j.answerable && values[i]! < from).length / Math.max(1, judged.filter((j) => !j.answerable).length)
  const below = judged.filter((_, i) => values[i]! < from)
  const precision = below.filter((j) => !j.answerable).length / Math.max(1, below.length)
  return {auroc: round4(auroc(judged.map((j) => j.answerable), values)), kept: round4(kept), flagged: round4(flagged), precision: round4(precision)}
}

/** The probability that a random positive scores above a random negative (ties count half). */
export function auroc(positive: readonly boolean[], values: readonly number[]): number {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!)
  let rankSum = 0
  let positives = 0
  for (let i = 0; i < order.length; ) {
    let j = i
    while (j < order.length && values[order[j]!] === values[order[i]!]) j++
    // Tied values share the mean of their ranks (1-based).
    const mean = (i + j + 1) / 2
    for (let k = i; k < j; k++) {
      if (positive[order[k]!]) {
        rankSum += mean
        positives++
      }
    }
    i = j
  }
  const negatives = order.length - positives
  if (positives === 0 || negatives === 0) return Number.NaN
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives)
}

/** Solves `a` x = `b` by Gaussian elimination with partial pivoting (a small, well-posed system). */
function solve(a: readonly Float64Array[], b: Float64Array): Float64Array {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i]!])
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row
    ;[m[col], m[pivot]] = [m[pivot]!, m[col]!]
    for (let row = col + 1; row < n; row++) {
      const factor = m[row]![col]! / m[col]![col]!
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * m[col]![k]!
    }
  }
  const out = new Float64Array(n)
  for (let row = n - 1; row >= 0; row--) {
    let value = m[row]![n]!
    for (let k = row + 1; k < n; k++) value -= m[row]![k]! * out[k]!
    out[row] = value / m[row]![row]!
  }
  return out
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6
const round4 = (value: number) => Math.round(value * 1e4) / 1e4
