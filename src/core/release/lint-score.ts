import {compareCodeUnits} from '../text/index.js'
import type {Finding, FindingKind, OperationLint, WorstOperation} from './lint-types.js'

/**
 * Points each finding takes off an operation's score of 100 (docs/release.md#the-score).
 * Not being found by its own summary weighs most: that is what lint is for.
 */
export const PENALTIES: Readonly<Record<FindingKind, number>> = {
  not_found: 50,
  not_first: 30,
  missing_summary: 25,
  indistinguishable: 20,
  unsplit_id: 15,
  short_summary: 10,
  long_summary: 10,
  no_tags: 5,
  // Each example request that misses its operation: the producer's own findability test failed.
  example_missed: 25,
}

/** How many of the worst operations a report lists. */
const WORST_LIMIT = 10

/** 100 minus the penalties of the operation's findings, at least 0. */
export function operationScore(findings: readonly Finding[]): number {
  return Math.max(0, 100 - findings.reduce((sum, finding) => sum + finding.penalty, 0))
}

/** The mean of the operations' scores, rounded; 100 when there are none. */
export function catalogueScore(results: readonly OperationLint[]): number {
  if (results.length === 0) return 100
  return Math.round(results.reduce((sum, result) => sum + result.score, 0) / results.length)
}

/** The lowest-scoring operations below 100, worst first (ties by operationId), each with the fix for its heaviest finding. */
export function worstOperations(results: readonly OperationLint[]): WorstOperation[] {
  return results
    .filter((result) => result.score < 100)
    .sort((a, b) => a.score - b.score || compareCodeUnits(a.operation_id, b.operation_id))
    .slice(0, WORST_LIMIT)
    .map((result) => {
      const heaviest = [...result.findings].sort((a, b) => b.penalty - a.penalty)[0]!
      return {operation_id: result.operation_id, score: result.score, findings: result.findings.map((finding) => finding.kind), suggestion: heaviest.suggestion}
    })
}
