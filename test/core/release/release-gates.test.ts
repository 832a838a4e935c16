import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {type CassetteDiff, type DiffSummary, type FailOn, type LintReport, assertDiffGate, assertLintGate, diffGateFails} from '../../../src/core/release/index.js'

function diffWith(summary: Partial<DiffSummary>): CassetteDiff {
  const full = {added: 0, removed: 0, changed: 0, breaking: 0, security: 0, ...summary}
  return {identical: full.added + full.removed + full.changed === 0, added: [], removed: [], changed: [], summary: full}
}

describe('diffGateFails', () => {
  it.each<{given: string; summary: Partial<DiffSummary>; want: Record<FailOn, boolean>}>([
    {given: 'no change', summary: {}, want: {any: false, breaking: false, security: false, none: false}},
    {given: 'a harmless change', summary: {changed: 1}, want: {any: true, breaking: false, security: false, none: false}},
    {given: 'a breaking change', summary: {changed: 1, breaking: 1}, want: {any: true, breaking: true, security: false, none: false}},
    {given: 'a security-relevant change', summary: {changed: 1, security: 1}, want: {any: true, breaking: false, security: true, none: false}},
    {given: 'a removed operation', summary: {removed: 1, breaking: 1}, want: {any: true, breaking: true, security: false, none: false}},
  ])('on $given', ({summary, want}) => {
    const diff = diffWith(summary)
    for (const failOn of ['any', 'breaking', 'security', 'none'] as const) expect([failOn, diffGateFails(diff, failOn)]).toEqual([failOn, want[failOn]])
  })

  it.each<{failOn: FailOn; want: RegExp}>([
    {failOn: 'breaking', want: /^1 breaking change found \(--fail-on breaking\)/},
    {failOn: 'security', want: /^2 security-relevant changes found \(--fail-on security\)/},
    {failOn: 'any', want: /^The releases differ: 0 added, 0 removed, 3 changed \(--fail-on any\)/},
  ])('assertDiffGate fails --fail-on $failOn with changes_found (exit 13)', ({failOn, want}) => {
    const error = catchError(() => assertDiffGate(diffWith({changed: 3, breaking: 1, security: 2}), failOn))
    expect(error).toBeInstanceOf(TamaError)
    expect(error).toMatchObject({kind: 'changes_found', exitCode: 13, message: expect.stringMatching(want)})
  })
})

describe('assertLintGate', () => {
  const report = {score: 79} as LintReport
  it.each([
    {given: 'no --min-score', minScore: undefined, want: null},
    {given: 'a bar at the score', minScore: 79, want: null},
    {given: 'a bar above the score', minScore: 80, want: 'lint_failed'},
  ])('with $given fails: $want', ({minScore, want}) => {
    const error = catchError(() => assertLintGate(report, minScore))
    expect(error === null ? null : (error as TamaError).kind).toBe(want)
  })
})

function catchError(fn: () => void): unknown {
  try {
    fn()
    return null
  } catch (error) {
    return error
  }
}
