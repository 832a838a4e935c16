import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {isTamaError} from '../../../src/core/errors/index.js'
import {type AcceptedFinding, type LintReport, baselineText, gatedFindings, lintGateFailure, lintRelease, readBaseline, withBaseline} from '../../../src/core/release/index.js'
import {FIXTURES} from './release-fixture.js'

const DOCUMENT = `${FIXTURES}lint-examples.yaml`
const EXAMPLES_FILE = `${FIXTURES}lint-examples.jsonl`
const GATE = {failOn: ['example-missed']}

let dir: string
let report: LintReport

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-lint-baseline-'))
  report = await lintRelease(DOCUMENT, {examplesFiles: [EXAMPLES_FILE]})
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

const MISSED: AcceptedFinding[] = [
  {rule: 'example-missed', operation_id: 'images_list', request: 'remove an instance and its disks'},
  {rule: 'example-missed', operation_id: 'network_forward_create', request: 'delete an instance'},
]

describe('gatedFindings', () => {
  it('lists the findings of the gated classes, sorted, each once', () => {
    expect(gatedFindings(report, ['example-missed'])).toEqual(MISSED)
    expect(gatedFindings(report, [])).toEqual([])
  })

  it('names an operation finding by its rule and operation alone', async () => {
    const findings = await lintRelease(`${FIXTURES}lint.yaml`)
    const classes = ['not-first', 'not-found', 'indistinguishable', 'missing-summary', 'short-summary', 'long-summary', 'no-tags', 'unsplit-id']
    const expected = findings.results.flatMap((result) => result.findings.map((finding) => ({rule: finding.kind.replaceAll('_', '-'), operation_id: result.operation_id})))
    expect(expected.length).toBeGreaterThan(3)
    expect(new Set(gatedFindings(findings, classes))).toEqual(new Set(expected))
    expect(gatedFindings(findings, ['no-tags'])).toEqual(expected.filter((finding) => finding.rule === 'no-tags').sort((a, b) => (a.operation_id < b.operation_id ? -1 : 1)))
  })
})

describe('a baseline file', () => {
  it('is written as stable text that reads back as the same findings', async () => {
    const file = join(dir, 'round-trip.json')
    writeFileSync(file, baselineText(MISSED))
    expect(await readBaseline(file)).toEqual(MISSED)
    expect(baselineText([...MISSED].reverse())).not.toBe(baselineText(MISSED))
    expect(baselineText(gatedFindings(report, ['example-missed']))).toBe(readFileSync(file, 'utf8'))
    expect(baselineText([])).toBe('{\n  "tama_dex_baseline": 1,\n  "findings": []\n}\n')
  })

  it.each([
    {given: 'an unknown rule', text: '{"tama_dex_baseline": 1, "findings": [{"rule": "everything", "operation_id": "a"}]}', want: {kind: 'invalid_document', pointer: '/findings/0/rule'}},
    {given: 'another version', text: '{"tama_dex_baseline": 2, "findings": []}', want: {kind: 'invalid_document', pointer: '/tama_dex_baseline'}},
    {given: 'a finding without its operation', text: '{"tama_dex_baseline": 1, "findings": [{"rule": "no-tags"}]}', want: {kind: 'invalid_document', pointer: '/findings/0/operation_id'}},
    {given: 'text that is not JSON', text: '{"tama_dex_baseline": 1,', want: {kind: 'invalid_document', pointer: ''}},
  ])('is refused with $given, at its pointer', async ({text, want}) => {
    const file = join(dir, 'bad.json')
    writeFileSync(file, text)
    const error = await readBaseline(file).catch((caught: unknown) => caught)
    expect(isTamaError(error) && error.kind).toBe(want.kind)
    if (!isTamaError(error)) return
    expect(error.problems[0]).toMatchObject({pointer: want.pointer, source: file})
  })

  it('that is missing says how to write one', async () => {
    const error = await readBaseline(join(dir, 'nowhere.json')).catch((caught: unknown) => caught)
    expect(isTamaError(error) && error.kind).toBe('not_found')
    expect(String((error as Error).message)).toContain('no such baseline: check the path. Pass `updateBaseline` to write it again from the current findings.')
  })
})

describe('withBaseline and the lint gate', () => {
  it.each([
    {given: 'no baseline', baseline: undefined, want: {failed: 'example-missed 2', accepted: 0, stale: 0}},
    {given: 'a baseline of every miss', baseline: MISSED, want: {failed: null, accepted: 2, stale: 0}},
    {given: 'a baseline of one miss', baseline: MISSED.slice(0, 1), want: {failed: 'example-missed 1', accepted: 1, stale: 0}},
    {given: 'a baseline of the same operation with another request', baseline: [{...MISSED[0]!, request: 'something else'}], want: {failed: 'example-missed 2', accepted: 0, stale: 1}},
    {given: 'a baseline with a finding fixed since', baseline: [...MISSED, {rule: 'no-tags', operation_id: 'gone'}], want: {failed: null, accepted: 2, stale: 1}},
  ])('with $given, the gate fails on $want.failed', ({baseline, want}) => {
    const applied = baseline === undefined ? report : withBaseline(report, 'baseline.json', baseline)
    const failure = lintGateFailure(applied, GATE)
    if (want.failed === null) expect(failure).toBeNull()
    else expect(failure?.message).toContain(`(${want.failed}`)
    expect(failure?.exitCode ?? 0).toBe(want.failed === null ? 0 : 14)
    if (baseline !== undefined) expect(applied.baseline).toEqual({file: 'baseline.json', accepted: want.accepted, stale: want.stale})
  })

  it('keeps every accepted finding in the report, marked, and leaves the score alone', () => {
    const applied = withBaseline(report, 'baseline.json', MISSED)
    expect(applied.score).toBe(report.score)
    expect(applied.examples.results.filter((example) => !example.found).map((example) => example.accepted)).toEqual([true, true])
    expect(applied.examples.results.filter((example) => example.found).every((example) => example.accepted === undefined)).toBe(true)
  })

  it('still fails a catalogue scored below the bar, whatever the baseline accepts', () => {
    const failure = lintGateFailure(withBaseline(report, 'baseline.json', MISSED), {...GATE, minScore: 100})
    expect(failure?.message).toContain("below the gate's minimum score 100")
  })
})
