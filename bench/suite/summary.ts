import {median} from '../../tools/ranking/metrics.js'

/** A figure measured several times: its median, and the spread around it. */
export interface Summary {
  readonly median: number
  readonly min: number
  readonly max: number
  readonly runs: number
}

export function summarise(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('nothing to summarise: a figure needs at least one run')
  return {median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length}
}

/**
 * Ratios of figures measured side by side in the same run, pair by pair, so that load
 * from elsewhere on the machine hits both sides of each ratio alike.
 */
export function pairedRatios(numerators: readonly number[], denominators: readonly number[]): Summary {
  if (numerators.length !== denominators.length) throw new Error('paired ratios need as many numerators as denominators')
  return summarise(numerators.map((value, i) => value / denominators[i]!))
}
