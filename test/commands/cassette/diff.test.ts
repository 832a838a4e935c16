import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../../helpers/cli.js'

const FIXTURES = fileURLToPath(new URL('../../fixtures/release/', import.meta.url))
const fixture = (name: string) => `${FIXTURES}${name}`

let dir: string
let baseCassette: string
let securityCassette: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-diff-cli-'))
  baseCassette = join(dir, 'gate-1.0.0.tama-cassette')
  securityCassette = join(dir, 'gate-1.1.0.tama-cassette')
  const built = await Promise.all([
    runCli(['cassette', 'build', '--name', 'gate', '--version', '1.0.0', '--document', fixture('gate-base.yaml'), '--output', baseCassette]),
    runCli(['cassette', 'build', '--name', 'gate', '--version', '1.1.0', '--document', fixture('gate-security.yaml'), '--output', securityCassette]),
  ])
  for (const result of built) expect(result.code, result.stderr).toBe(0)
  // Starts like a SQLite file, so it is read as a cassette, and fails verification.
  writeFileSync(join(dir, 'corrupt.tama-cassette'), Buffer.concat([Buffer.from('SQLite format 3\u0000', 'latin1'), Buffer.alloc(4080)]))
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('tama-dex cassette diff', () => {
  it('exits 0 and says so when a cassette and the document it was built from have the same operations', async () => {
    const result = await runCli(['cassette', 'diff', baseCassette, fixture('gate-base.yaml')])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^gate 1\.0\.0 \(cassette .*gate-1\.0\.0\.tama-cassette\) → Gate fixture 1\.0 \(document .*gate-base\.yaml\)\nNo changes: both have the same 2 operations\.\n$/)
  })

  it('finds no change between a cassette and its source whose output schema reaches more components than a record keeps', async () => {
    const cassette = join(dir, 'order.tama-cassette')
    const built = await runCli(['cassette', 'build', '--name', 'order', '--version', '1.0.0', '--document', fixture('key-order.yaml'), '--output', cassette])
    expect(built.code, built.stderr).toBe(0)
    for (const [old, next] of [[cassette, fixture('key-order.yaml')], [fixture('key-order.yaml'), cassette]]) {
      const result = await runCli(['cassette', 'diff', old!, next!, '--fail-on', 'any'])
      expect(result.code, result.stdout + result.stderr).toBe(0)
      expect(result.stdout).toMatch(/No changes: both have the same 1 operation\.\n$/)
    }
  })

  // 13 is changes_found; the classes themselves are tested in test/core/release/release-gates.test.ts.
  it.each([
    {given: 'a reworded summary', file: 'gate-text.yaml', failOn: [], want: 13, row: /changed\s+things_list\s+summary\s+"List things" → "List all things"/},
    {given: 'a reworded summary', file: 'gate-text.yaml', failOn: ['--fail-on', 'breaking'], want: 0, row: /changed\s+things_list\s+summary/},
    {given: 'a new required field', file: 'gate-breaking.yaml', failOn: ['--fail-on', 'breaking'], want: 13, row: /changed\s+thing_create\s+BREAKING\s+input\.size\s+now required/},
    {given: 'a new required field', file: 'gate-breaking.yaml', failOn: ['--fail-on', 'security'], want: 0, row: /changed\s+thing_create\s+BREAKING/},
    {given: 'an operation opened to any caller', file: 'gate-security.yaml', failOn: ['--fail-on', 'security'], want: 13, row: /changed\s+things_list\s+SECURITY\s+scopes\s+no longer needs things\.read: ANY caller can now run it/},
    {given: 'an operation opened to any caller', file: 'gate-security.yaml', failOn: ['--fail-on', 'none'], want: 0, row: /changed\s+things_list\s+SECURITY/},
  ])('exits $want on $given with $failOn', async ({file, failOn, want, row}) => {
    const result = await runCli(['cassette', 'diff', fixture('gate-base.yaml'), fixture(file), ...failOn])
    expect(result.code).toBe(want)
    expect(result.stdout).toMatch(row)
    expect(result.stdout).toMatch(/\n0 added, 0 removed, 1 changed; \d breaking, \d security-relevant, 0 findability regressions\.\n$/)
    if (want === 13) expect(result.stderr).toMatch(/^Error: .*\(the gate fails on (any change|breaking changes|security-relevant changes)\)/)
    else expect(result.stderr).toBe('')
  })

  it.each([
    {failOn: 'findability', want: 13},
    {failOn: 'breaking', want: 0},
  ])('reports findability regressions, and exits $want with --fail-on $failOn', async ({failOn, want}) => {
    const result = await runCli(['cassette', 'diff', fixture('findability-old.yaml'), fixture('findability-new.yaml'), '--fail-on', failOn])
    expect(result.code, result.stderr).toBe(want)
    expect(result.stdout).toMatch(/findability\s+zz_reboot\s+summary\s+its own summary found it #1; now "Show running containers" does not find it/)
    expect(result.stdout).toMatch(/findability\s+zz_volumes\s+example\s+example request "which disks does the pool hold" found it #1; now it does not find it/)
    expect(result.stdout).toMatch(/; 0 breaking, 0 security-relevant, 2 findability regressions\.\n$/)
    if (want === 13) expect(result.stderr).toMatch(/^Error: 2 findability regressions found \(the gate fails on findability\)/)
  })

  it('prints the whole diff with --json, with the exit code of the gate', async () => {
    const result = await runCli(['cassette', 'diff', fixture('gate-base.yaml'), securityCassette, '--fail-on', 'security', '--json'])
    expect(result.code).toBe(13)
    expect(parseJson(result)).toEqual({
      old: {file: fixture('gate-base.yaml'), kind: 'document', name: 'Gate fixture', version: '1.0', operations: 2},
      new: {file: securityCassette, kind: 'cassette', name: 'gate', version: '1.1.0', operations: 2},
      identical: false,
      added: [],
      removed: [],
      changed: [
        {
          operation_id: 'things_list',
          breaking: false,
          security: true,
          changes: [{field: 'scopes', kind: 'scopes_removed', at: null, breaking: false, security: true, detail: 'no longer needs things.read: ANY caller can now run it, with no scope at all'}],
        },
      ],
      findability: [],
      summary: {added: 0, removed: 0, changed: 1, breaking: 0, security: 1, findability: 0},
      gate: {fail_on: 'security', failed: true},
    })
    const passing = await runCli(['cassette', 'diff', fixture('gate-base.yaml'), securityCassette, '--fail-on', 'breaking', '--json'])
    expect(passing.code).toBe(0)
    expect(parseJson(passing)).toMatchObject({gate: {fail_on: 'breaking', failed: false}})
  })

  it.each([
    {given: 'a missing file', args: () => [fixture('gate-base.yaml'), join(dir, 'nope.yaml')], want: {code: 5, kind: 'not_found'}},
    {given: 'an invalid document', args: () => [fixture('invalid.yaml'), fixture('gate-base.yaml')], want: {code: 3, kind: 'invalid_document'}},
    {given: 'a corrupt cassette', args: () => [join(dir, 'corrupt.tama-cassette'), baseCassette], want: {code: 4, kind: 'verification_failed'}},
    {given: 'an unknown --fail-on class', args: () => [baseCassette, baseCassette, '--fail-on', 'everything'], want: {code: 2, kind: 'usage'}},
  ])('exits $want.code on $given, with and without --json', async ({args, want}) => {
    const plain = await runCli(['cassette', 'diff', ...args()])
    expect(plain.code).toBe(want.code)
    expect(plain.stderr).toMatch(/^Error: /)
    expect(plain.stderr).not.toMatch(/\n\s+at /)
    const json = await runCli(['cassette', 'diff', ...args(), '--json'])
    expect(json.code).toBe(want.code)
    expect(parseJson(json)).toMatchObject({error: {kind: want.kind}})
  })
})
