import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {LintReport} from '../../../src/core/release/index.js'
import {parseJson, runCli} from '../../helpers/cli.js'

const DOCUMENT = fileURLToPath(new URL('../../fixtures/release/lint-examples.yaml', import.meta.url))
const EXAMPLES = fileURLToPath(new URL('../../fixtures/release/lint-examples.jsonl', import.meta.url))

let dir: string
let cassette: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-lint-examples-cli-'))
  cassette = join(dir, 'fleet.tama-cassette')
  const built = await runCli(['cassette', 'build', '--name', 'fleet', '--version', '1.0.0', '--document', DOCUMENT, '--output', cassette])
  expect(built.code, built.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('tama-dex cassette lint with example requests', () => {
  it('lists each example request that misses its operation, with its rank and what ranked above it, and fails', async () => {
    const result = await runCli(['cassette', 'lint', cassette, '--examples', EXAMPLES])
    expect(result.code, result.stderr).toBe(14)
    expect(result.stderr).toContain('Error: The catalogue has findings of the classes the gate fails on (example-missed 2)')
    expect(result.stdout).toMatch(/\nan example request misses it \(top 3\)\s+2\s+-25 each\n/)
    expect(result.stdout).toContain('\nExample requests: 3 of 5 find their operation in the top 3\n')
    expect(result.stdout).toContain('\n  images_list not in the first 20: "remove an instance and its disks" (document); above it: instance_delete')
    expect(result.stdout).toContain(`\n  network_forward_create not in the first 20: "delete an instance" (${EXAMPLES}:3); above it: instance_delete`)
  })

  // --fail-on none leaves the score as the only gate.
  it.each([
    {given: 'a bar the examples keep the catalogue above', args: ['--min-score', '90', '--fail-on', 'none'], want: 0},
    {given: 'a bar only the missed examples push it below', args: ['--min-score', '95', '--fail-on', 'none'], want: 14},
  ])('gates on the score with the examples in it: $given exits $want', async ({args, want}) => {
    const plain = await runCli(['cassette', 'lint', DOCUMENT, '--examples', EXAMPLES, ...args])
    expect(plain.code, plain.stderr).toBe(want)
    const json = await runCli(['cassette', 'lint', DOCUMENT, ...args, '--json'])
    // Without the file, only the document's one missed example counts: 95.
    expect(json.code).toBe(0)
    expect(parseJson<LintReport>(json).score).toBe(95)
  })

  it('prints the whole findability test with --json, at the --examples-top asked', async () => {
    const report = parseJson<LintReport>(await runCli(['cassette', 'lint', DOCUMENT, '--examples', EXAMPLES, '--examples-top', '1', '--json']))
    expect(report.examples).toMatchObject({top: 1, checked: 5})
    expect(report.examples.results[4]).toEqual({operation_id: 'network_forward_create', request: 'delete an instance', source: `${EXAMPLES}:3`, rank: null, found: false, above: expect.arrayContaining(['instance_delete'])})
  })

  it.each([
    {given: 'a bad line', file: () => write('bad.jsonl', '{"operation": "instances_list", "request": "list"}\n{"operation": "instances_list"}\n'), want: {code: 3, kind: 'invalid_document', where: ':2:1#/request: '}},
    {given: 'an unknown operation', file: () => write('unknown.jsonl', '{"operation": "instances_lsit", "request": "list the instances"}\n'), want: {code: 3, kind: 'invalid_document', where: ':1:1#/operation: '}},
    {given: 'a missing file', file: () => join(dir, 'nope.jsonl'), want: {code: 5, kind: 'not_found', where: null}},
  ])('exits $want.code on $given in --examples, naming the line', async ({file, want}) => {
    const path = file()
    const plain = await runCli(['cassette', 'lint', DOCUMENT, '--examples', path])
    expect(plain.code).toBe(want.code)
    if (want.where !== null) expect(plain.stderr).toContain(`\n  ${path}${want.where}`)
    expect(parseJson(await runCli(['cassette', 'lint', DOCUMENT, '--examples', path, '--json']))).toMatchObject({error: {kind: want.kind}})
  })

  it.each(['0', '21'])('refuses --examples-top %s as a usage error', async (top) => {
    expect((await runCli(['cassette', 'lint', DOCUMENT, '--examples-top', top])).code).toBe(2)
  })
})

function write(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
