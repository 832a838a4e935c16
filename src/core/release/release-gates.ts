import {count} from '../text/index.js'
import {TamaError, passOption} from '../errors/index.js'
import type {CassetteDiff} from './diff-types.js'
import type {FindabilityRegression} from './findability-changes.js'
import {PENALTIES} from './lint-score.js'
import type {FindingKind, LintReport} from './lint-types.js'

/** The classes of change a diff can be gated on (`failOn`); `none` only reports. */
export const FAIL_ON = ['any', 'breaking', 'security', 'findability', 'none'] as const
export type FailOn = (typeof FAIL_ON)[number]

// A message names the option it speaks of by key in backticks (`failOn`), and the CLI puts its flag there; what to do is the error's remedy.

/**
 * TamaError('changes_found') (exit 13) when the diff has a change of the class `failOn`
 * names, else null. `findability` needs the regressions diffReleases finds ('usage' without).
 */
export function diffGateFailure(diff: CassetteDiff & {readonly findability?: readonly FindabilityRegression[]}, failOn: FailOn): TamaError | null {
  const {summary} = diff
  const details = {fail_on: failOn, ...summary}
  if (failOn === 'findability') {
    if (diff.findability === undefined) throw new TamaError('usage', 'Gating on findability needs the findability of both releases: diff them with diffReleases.')
    if (diff.findability.length === 0) return null
    return new TamaError('changes_found', `${count(diff.findability.length, 'findability regression')} found (the gate fails on findability): a request that found its operation in the old release no longer does. Restore the summary, keywords or example requests the old release had, or gate on another class.`, {details})
  }
  if (failOn === 'breaking') {
    if (summary.breaking === 0) return null
    return new TamaError('changes_found', `${count(summary.breaking, 'breaking change')} found (the gate fails on breaking changes): release them as a new major version, or restore what callers rely on.`, {details})
  }
  if (failOn === 'security') {
    if (summary.security === 0) return null
    return new TamaError('changes_found', `${count(summary.security, 'security-relevant change')} found (the gate fails on security-relevant changes): have them reviewed before this release is published.`, {details})
  }
  if (failOn === 'none' || diff.identical) return null
  return new TamaError('changes_found', `The releases differ: ${summary.added} added, ${summary.removed} removed, ${summary.changed} changed (the gate fails on any change).`, {
    details,
    remedy: passOption('failOn', 'breaking or security to gate on those only'),
  })
}

/** A lint finding kind as a class `failOn` names and reports use as a rule id: `example-missed`. */
export function lintClass(kind: FindingKind): string {
  return kind.replaceAll('_', '-')
}

/** The finding classes lint can be gated on, in PENALTIES order; `none` gates on none. */
export const LINT_FAIL_ON: readonly string[] = [...(Object.keys(PENALTIES) as FindingKind[]).map(lintClass), 'none']

/** A missed example request is the producer's own findability test failing: it fails lint unless `failOn` says otherwise. */
export const DEFAULT_LINT_FAIL_ON: readonly string[] = ['example-missed']

export interface LintGate {
  /** Fail when the score is below this; no score gate without one. */
  readonly minScore?: number
  /** Fail when any finding of these classes (LINT_FAIL_ON) is found, whatever the score. */
  readonly failOn: readonly string[]
}

/**
 * TamaError('lint_failed') (exit 14) when the catalogue has a finding of a class
 * `failOn` names that its baseline does not accept, or scored below `minScore`; else null.
 */
export function lintGateFailure(report: LintReport, gate: LintGate): TamaError | null {
  const failing = new Map((Object.keys(PENALTIES) as FindingKind[]).filter((kind) => gate.failOn.includes(lintClass(kind))).map((kind) => [lintClass(kind), unacceptedOperations(report, kind)]))
  const found = [...failing].filter(([, operations]) => operations > 0)
  if (found.length > 0) {
    const counts = found.map(([lintClass, operations]) => `${lintClass} ${operations}`).join(', ')
    const baseline = report.baseline === undefined ? '' : `, beyond what the baseline ${report.baseline.file} accepts`
    return new TamaError('lint_failed', `The catalogue has findings of the classes the gate fails on (${counts}${baseline}): fix the operations the report lists, then lint again.`, {
      details: {score: report.score, fail_on: [...gate.failOn], found: Object.fromEntries(found)},
    })
  }
  if (gate.minScore === undefined || report.score >= gate.minScore) return null
  return new TamaError('lint_failed', `The catalogue scored ${report.score}, below the gate's minimum score ${gate.minScore}: fix the worst operations the report lists, then lint again.`, {
    details: {score: report.score, min_score: gate.minScore},
  })
}

/** How many operations have a finding of `kind` that no baseline accepted: report.counts[kind] without a baseline. */
function unacceptedOperations(report: LintReport, kind: FindingKind): number {
  if (kind !== 'example_missed') return report.results.filter((result) => result.findings.some((finding) => finding.kind === kind && finding.accepted !== true)).length
  return new Set(report.examples.results.filter((example) => !example.found && example.accepted !== true).map((example) => example.operation_id)).size
}
