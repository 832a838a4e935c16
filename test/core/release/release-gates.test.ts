import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/index.js'
import {type CassetteDiff, type DiffSummary, type FailOn, type FindabilityRegression, type LintReport, diffGateFailure, lintGateFailure} from '../../../src/core/release/index.js'

function diffWith(summary: Partial<DiffSummary>, regressions = 0): CassetteDiff & {findability: FindabilityRegression[]} {
  const full = {added: 0, removed: 0, changed: 0, breaking: 0, security: 0, ...summary}
  const findability = Array.from({length: regressions}, (_, i) => ({operation_id: `op_${i}`, by: 'summary' as const, request: 'List ops', old_rank: 1, new_rank: null}))
  return {identical: full.added + full.removed + full.changed === 0, added: [], removed: [], changed: [], summary: full, findability}
}

describe('diffGateFailure', () => {
  it.each<{given: string; summary: Partial<DiffSummary>; regressions?: number; want: Record<FailOn, boolean>}>([
    {given: 'no change', summary: {}, want: {any: false, breaking: false, security: false, findability: false, none: false}},
    {given: 'a harmless change', summary: {changed: 1}, want: {any: true, breaking: false, security: false, findability: false, none: false}},
    {given: 'a breaking change', summary: {changed: 1, breaking: 1}, want: {any: true, breaking: true, security: false, findability: false, none: false}},
    {given: 'a security-relevant change', summary: {changed: 1, security: 1}, want: {any: true, breaking: false, security: true, findability: false, none: false}},
    {given: 'a removed operation', summary: {removed: 1, breaking: 1}, want: {any: true, breaking: true, security: false, findability: false, none: false}},
    {given: 'a summary that no longer finds its operation', summary: {changed: 1}, regressions: 1, want: {any: true, breaking: false, security: false, findability: true, none: false}},
  ])('on $given', ({summary, regressions, want}) => {
    const diff = diffWith(summary, regressions)
    for (const failOn of ['any', 'breaking', 'security', 'findability', 'none'] as const) expect([failOn, diffGateFailure(diff, failOn) !== null]).toEqual([failOn, want[failOn]])
  })

  it('refuses failOn findability for a diff that did not search the releases', () => {
    const {findability: _, ...operationsOnly} = diffWith({changed: 1})
    expect(() => diffGateFailure(operationsOnly, 'findability')).toThrow(expect.objectContaining({kind: 'usage'}))
  })

  it.each<{failOn: FailOn; want: string}>([
    {failOn: 'breaking', want: '1 breaking change found (the gate fails on breaking changes): release them as a new major version, or restore what callers rely on.'},
    {failOn: 'security', want: '2 security-relevant changes found (the gate fails on security-relevant changes): have them reviewed before this release is published.'},
    {failOn: 'any', want: 'The releases differ: 0 added, 0 removed, 3 changed (the gate fails on any change). Pass `failOn` breaking or security to gate on those only.'},
  ])('fails failOn $failOn with changes_found (exit 13), its remedy naming the option by its key', ({failOn, want}) => {
    const error = diffGateFailure(diffWith({changed: 3, breaking: 1, security: 2}), failOn)
    expect(error).toBeInstanceOf(TamaError)
    expect(error).toMatchObject({kind: 'changes_found', exitCode: 13, message: want, details: {fail_on: failOn, changed: 3, breaking: 1, security: 2}})
  })
})

describe('lintGateFailure', () => {
  // Operations a and b have short summaries, a is not found, c misses an example request.
  const finding = (kind: string) => ({kind, penalty: 0, detail: '', suggestion: ''})
  const results = [
    {operation_id: 'a', findings: [finding('not_found'), finding('short_summary')]},
    {operation_id: 'b', findings: [finding('short_summary')]},
    {operation_id: 'c', findings: [finding('example_missed')]},
  ]
  const examples = {results: [{operation_id: 'c', request: 'do c', found: false}, {operation_id: 'a', request: 'do a', found: true}]}
  const report = {score: 79, results, examples} as unknown as LintReport
  it.each([
    {given: 'no minScore and no class', gate: {failOn: []}, want: null},
    {given: 'a bar at the score', gate: {minScore: 79, failOn: []}, want: null},
    {given: 'a bar above the score', gate: {minScore: 80, failOn: []}, want: {kind: 'lint_failed', exitCode: 14, message: "The catalogue scored 79, below the gate's minimum score 80: fix the worst operations the report lists, then lint again."}},
    {given: 'a class not found', gate: {failOn: ['no-tags', 'unsplit-id']}, want: null},
    {
      given: 'classes found, whatever the score',
      gate: {minScore: 0, failOn: ['example-missed', 'short-summary', 'no-tags']},
      want: {kind: 'lint_failed', exitCode: 14, message: 'The catalogue has findings of the classes the gate fails on (short-summary 2, example-missed 1): fix the operations the report lists, then lint again.', details: {found: {'short-summary': 2, 'example-missed': 1}}},
    },
  ])('with $given fails: $want', ({gate, want}) => {
    const error = lintGateFailure(report, gate)
    if (want === null) expect(error).toBeNull()
    else expect(error).toMatchObject(want)
  })
})
