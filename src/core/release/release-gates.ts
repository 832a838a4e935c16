import {count} from '../text/index.js'
import {TamaError} from '../errors/index.js'
import type {CassetteDiff} from './diff-types.js'
import type {LintReport} from './lint-types.js'

/** The classes of change a diff can be gated on (`failOn`); `none` only reports. */
export const FAIL_ON = ['any', 'breaking', 'security', 'none'] as const
export type FailOn = (typeof FAIL_ON)[number]

// Messages name the options by their keys in backticks (`failOn`); the CLI puts its flags there.

/** TamaError('changes_found') (exit 13) when the diff has a change of the class `failOn` names, else null. */
export function diffGateFailure(diff: CassetteDiff, failOn: FailOn): TamaError | null {
  const {summary} = diff
  const details = {fail_on: failOn, ...summary}
  if (failOn === 'breaking') {
    if (summary.breaking === 0) return null
    return new TamaError('changes_found', `${count(summary.breaking, 'breaking change')} found (\`failOn\` breaking): release them as a new major version, or restore what callers rely on.`, {details})
  }
  if (failOn === 'security') {
    if (summary.security === 0) return null
    return new TamaError('changes_found', `${count(summary.security, 'security-relevant change')} found (\`failOn\` security): have them reviewed before this release is published.`, {details})
  }
  if (failOn === 'none' || diff.identical) return null
  return new TamaError('changes_found', `The releases differ: ${summary.added} added, ${summary.removed} removed, ${summary.changed} changed (\`failOn\` any). Use \`failOn\` breaking or security to gate on those only.`, {details})
}

/** TamaError('lint_failed') (exit 14) when the catalogue scored below `minScore`, else null (always, without one). */
export function lintGateFailure(report: LintReport, minScore: number | undefined): TamaError | null {
  if (minScore === undefined || report.score >= minScore) return null
  return new TamaError('lint_failed', `The catalogue scored ${report.score}, below \`minScore\` ${minScore}: fix the worst operations the report lists, then lint again.`, {
    details: {score: report.score, min_score: minScore},
  })
}
