import {count} from '../text/index.js'
import {TamaError} from '../errors/index.js'
import type {CassetteDiff} from './diff-types.js'
import type {LintReport} from './lint-types.js'

/** The classes of change `cassette diff --fail-on` can gate on; `none` only reports. */
export const FAIL_ON = ['any', 'breaking', 'security', 'none'] as const
export type FailOn = (typeof FAIL_ON)[number]

/** Whether the diff has a change of the class `failOn` names. */
export function diffGateFails(diff: CassetteDiff, failOn: FailOn): boolean {
  if (failOn === 'any') return !diff.identical
  if (failOn === 'breaking') return diff.summary.breaking > 0
  if (failOn === 'security') return diff.summary.security > 0
  return false
}

/** Throws TamaError('changes_found') (exit 13) when the diff has changes of the class `failOn` names. */
export function assertDiffGate(diff: CassetteDiff, failOn: FailOn): void {
  if (!diffGateFails(diff, failOn)) return
  const {summary} = diff
  const details = {fail_on: failOn, ...summary}
  if (failOn === 'breaking') {
    throw new TamaError('changes_found', `${count(summary.breaking, 'breaking change')} found (--fail-on breaking): release them as a new major version, or restore what callers rely on.`, {details})
  }
  if (failOn === 'security') {
    throw new TamaError('changes_found', `${count(summary.security, 'security-relevant change')} found (--fail-on security): have them reviewed before this release is published.`, {details})
  }
  throw new TamaError('changes_found', `The releases differ: ${summary.added} added, ${summary.removed} removed, ${summary.changed} changed (--fail-on any). Use --fail-on breaking or security to gate on those only.`, {details})
}

/** Whether the catalogue scored below `minScore` (never, without one). */
export function lintGateFails(report: LintReport, minScore: number | undefined): boolean {
  return minScore !== undefined && report.score < minScore
}

/** Throws TamaError('lint_failed') (exit 14) when the catalogue scored below `minScore`. */
export function assertLintGate(report: LintReport, minScore: number | undefined): void {
  if (!lintGateFails(report, minScore)) return
  throw new TamaError('lint_failed', `The catalogue scored ${report.score}, below --min-score ${minScore}: fix the worst operations the report lists, then lint again.`, {
    details: {score: report.score, min_score: minScore},
  })
}
