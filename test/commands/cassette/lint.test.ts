import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {LintReport} from '../../../src/core/release/index.js'
import {parseJson, runCli} from '../../helpers/cli.js'

const LINT_FIXTURE = fileURLToPath(new URL('../../fixtures/release/lint.yaml', import.meta.url))

let dir: string
let cassette: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-lint-cli-'))
  cassette = join(dir, 'fleet.tama-cassette')
  const built = await runCli(['cassette', 'build', '--name', 'fleet', '--version', '1.0.0', '--document', LINT_FIXTURE, '--output', cassette])
  expect(built.code, built.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('tama-dex cassette lint', () => {
  it('prints the score, a line per check, the worst operations and the look-alike summaries', async () => {
    const result = await runCli(['cassette', 'lint', cassette])
    expect(result.code, result.stderr).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines[0]).toMatch(/^fleet 1\.0\.0 \(cassette .*fleet\.tama-cassette\): 9 operations, searched holding scopes fleet\.admin fleet\.read fleet\.write$/)
    expect(lines[1]).toMatch(/^Score: \d+\/100$/)
    expect(lines[3]).toMatch(/^CHECK\s+OPERATIONS\s+PENALTY$/)
    expect(result.stdout).toMatch(/\nno tags\s+1\s+-5\n/)
    expect(result.stdout).toMatch(/\nOPERATION\s+SCORE\s+FINDINGS\s+SUGGESTION\n/)
    expect(result.stdout).toMatch(/\ngetallsnapshotsnow\s+85\s+unsplit_id\s+Separate the words of the id, e\.g\. get_all_snapshots_now\.\n/)
    expect(result.stdout).toContain('\n  volumes_list, volumes_list_all: "List storage volumes"\n')
  })

  it('prints the whole report with --json', async () => {
    const report = parseJson<LintReport>(await runCli(['cassette', 'lint', LINT_FIXTURE, '--json']))
    expect(report).toMatchObject({kind: 'document', name: 'Lint fixture', version: '1.0', operations: 9, scopes: ['fleet.admin', 'fleet.read', 'fleet.write']})
    expect(report.results).toHaveLength(9)
    expect(report.counts).toMatchObject({missing_summary: 1, short_summary: 1, long_summary: 1, no_tags: 1, unsplit_id: 1, indistinguishable: 2})
    expect(report.worst.length).toBeGreaterThan(0)
    expect(report.score).toBeLessThan(100)
  })

  it.each([
    {given: 'a bar the catalogue clears', minScore: '0', want: 0},
    {given: 'a bar above its score', minScore: '100', want: 14},
  ])('with --min-score at $given exits $want, with and without --json', async ({minScore, want}) => {
    const plain = await runCli(['cassette', 'lint', LINT_FIXTURE, '--min-score', minScore])
    expect(plain.code).toBe(want)
    expect(plain.stdout).toMatch(/Score: \d+\/100/)
    if (want === 14) expect(plain.stderr).toMatch(/^Error: The catalogue scored \d+, below the gate's minimum score 100/)
    const json = await runCli(['cassette', 'lint', LINT_FIXTURE, '--min-score', minScore, '--json'])
    expect(json.code).toBe(want)
    expect(parseJson<LintReport>(json).operations).toBe(9)
  })

  it.each([
    {given: 'a missing file', args: () => [join(dir, 'nope.tama-cassette')], want: {code: 5, kind: 'not_found'}},
    {given: 'a --min-score above 100', args: () => [LINT_FIXTURE, '--min-score', '101'], want: {code: 2, kind: 'usage'}},
  ])('exits $want.code on $given', async ({args, want}) => {
    const result = await runCli(['cassette', 'lint', ...args(), '--json'])
    expect(result.code).toBe(want.code)
    expect(parseJson(result)).toMatchObject({error: {kind: want.kind}})
  })
})
