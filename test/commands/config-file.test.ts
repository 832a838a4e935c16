import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {LintReport} from '../../src/core/release/index.js'
import {parseJson, runCli} from '../helpers/cli.js'

const RELEASE_FIXTURES = fileURLToPath(new URL('../fixtures/release/', import.meta.url))

// A producer's repository: the config at its root, the commands run from a folder below it.
let repository: string
let below: string

function write(path: string, text: string): string {
  writeFileSync(join(repository, path), text)
  return join(repository, path)
}

beforeAll(() => {
  repository = mkdtempSync(join(tmpdir(), 'tama-config-cli-'))
  below = join(repository, 'ci', 'jobs')
  mkdirSync(below, {recursive: true})
  mkdirSync(join(repository, 'openapi'))
  copyFileSync(join(RELEASE_FIXTURES, 'lint-examples.yaml'), join(repository, 'openapi', 'fleet.yaml'))
  copyFileSync(join(RELEASE_FIXTURES, 'diff-old.yaml'), join(repository, 'openapi', 'old.yaml'))
  copyFileSync(join(RELEASE_FIXTURES, 'diff-new.yaml'), join(repository, 'openapi', 'new.yaml'))
  write('requests.jsonl', '{"operation": "networks_list", "request": "list the networks of the fleet"}\n')
})

afterAll(() => rmSync(repository, {recursive: true, force: true}))

/** Runs tama-dex from a folder below the repository's root, with this config at the root. */
async function inRepository(config: string, args: string[]) {
  write('tama-dex.config.yaml', config)
  return runCli(args, {cwd: below})
}

const FLEET = 'documents: [openapi/fleet.yaml]\ncassette:\n  name: fleet\n'

describe('tama-dex.config.yaml', () => {
  it('is found from a folder below the root: validate and build take their documents and name from it', async () => {
    const validated = await inRepository(FLEET, ['document', 'validate', '--json'])
    expect(validated.code, validated.stderr).toBe(0)
    expect(parseJson<{files: Array<{file: string}>}>(validated).files.map((file) => file.file)).toEqual([join(repository, 'openapi', 'fleet.yaml')])
    const built = await inRepository(FLEET, ['cassette', 'build', '--version', '1.0.0', '--output', join(repository, 'fleet.tama-cassette'), '--json'])
    expect(built.code, built.stderr).toBe(0)
    expect(parseJson(built)).toMatchObject({name: 'fleet', version: '1.0.0', documents: 1})
  })

  it('gives way to a flag given on the command line', async () => {
    const built = await inRepository(FLEET, ['cassette', 'build', '--name', 'other', '--version', '1.0.0', '--output', join(repository, 'other.tama-cassette'), '--json'])
    expect(built.code, built.stderr).toBe(0)
    expect(parseJson(built)).toMatchObject({name: 'other'})
    const gatedByConfig = await inRepository(`${FLEET}diff:\n  fail-on: none\n`, ['cassette', 'diff', '../../openapi/old.yaml', '../../openapi/new.yaml'])
    expect(gatedByConfig.code, gatedByConfig.stderr).toBe(0)
    const gatedByFlag = await inRepository(`${FLEET}diff:\n  fail-on: none\n`, ['cassette', 'diff', '../../openapi/old.yaml', '../../openapi/new.yaml', '--fail-on', 'any'])
    expect(gatedByFlag.code, gatedByFlag.stderr).toBe(13)
  })

  it('is named with --config from anywhere', async () => {
    const elsewhere = join(repository, 'elsewhere.yaml')
    writeFileSync(elsewhere, 'cassette:\n  name: named\ndocuments: [openapi/fleet.yaml]\n')
    const built = await runCli(['cassette', 'build', '--config', elsewhere, '--version', '1.0.0', '--output', join(repository, 'named.tama-cassette'), '--json'], {cwd: tmpdir()})
    expect(built.code, built.stderr).toBe(0)
    expect(parseJson(built)).toMatchObject({name: 'named'})
  })

  it('that is invalid stops the command with exit 3, at the line of each problem', async () => {
    const result = await inRepository(`${FLEET}lint:\n  min-score: 200\n  fail_on: [example-missed]\n`, ['cassette', 'lint', '../../openapi/fleet.yaml'])
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('tama-dex.config.yaml is not a valid tama-dex config')
    expect(result.stderr).toMatch(/tama-dex\.config\.yaml:5:\d+#\/lint\/min-score: `lint\/min-score` must be at most 100/)
    expect(result.stderr).toMatch(/tama-dex\.config\.yaml:6:\d+#\/lint\/fail_on: `fail_on` is not a field of `lint`/)
  })

  it('is not needed: without it, a missing --name says both ways to give one', async () => {
    rmSync(join(repository, 'tama-dex.config.yaml'), {force: true})
    const result = await runCli(['cassette', 'build', '--version', '1.0.0', '--document', join(repository, 'openapi', 'fleet.yaml'), '--output', join(repository, 'x.tama-cassette')], {cwd: below})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Missing --name NAME: give it, or set `cassette.name` in tama-dex.config.yaml')
  })
})

describe('the findability gate with a baseline', () => {
  const LINT = `${FLEET}lint:\n  examples: [requests.jsonl]\n  baseline: lint-baseline.json\n`

  it('fails on one missed example request (exit 14), passes once --update-baseline accepts it, and fails again on a new miss', async () => {
    rmSync(join(repository, 'lint-baseline.json'), {force: true})
    const missing = await inRepository(LINT, ['cassette', 'lint', '../../openapi/fleet.yaml'])
    expect(missing.code).toBe(5)
    expect(missing.stderr).toContain('lint-baseline.json: no such baseline: check the path. Pass --update-baseline to write it again from the current findings.')

    const failing = await inRepository(`${FLEET}lint:\n  examples: [requests.jsonl]\n`, ['cassette', 'lint', '../../openapi/fleet.yaml'])
    expect(failing.code, failing.stderr).toBe(14)
    expect(failing.stderr).toContain('(example-missed 1)')

    const updated = await inRepository(LINT, ['cassette', 'lint', '../../openapi/fleet.yaml', '--update-baseline'])
    expect(updated.code, updated.stderr).toBe(0)
    expect(updated.stderr).toContain('lint-baseline.json: 1 accepted finding of example-missed.')
    expect(JSON.parse(readFileSync(join(repository, 'lint-baseline.json'), 'utf8'))).toEqual({
      tama_dex_baseline: 1,
      findings: [{rule: 'example-missed', operation_id: 'images_list', request: 'remove an instance and its disks'}],
    })

    const accepted = await inRepository(LINT, ['cassette', 'lint', '../../openapi/fleet.yaml', '--json'])
    expect(accepted.code, accepted.stderr).toBe(0)
    const report = parseJson<LintReport>(accepted)
    expect(report.baseline).toEqual({file: join(repository, 'lint-baseline.json'), accepted: 1, stale: 0})

    write('requests.jsonl', '{"operation": "network_forward_create", "request": "delete an instance"}\n')
    const newMiss = await inRepository(LINT, ['cassette', 'lint', '../../openapi/fleet.yaml'])
    expect(newMiss.code).toBe(14)
    expect(newMiss.stderr).toContain('(example-missed 1, beyond what the baseline')
    expect(newMiss.stdout).toContain('(accepted by the baseline)')
  })

  it('leaves the baseline file alone unless asked to write it, and writes only with a file to write', async () => {
    const result = await inRepository(FLEET, ['cassette', 'lint', '../../openapi/fleet.yaml', '--update-baseline'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Missing --baseline FILE: give it, or set `lint.baseline` in tama-dex.config.yaml')
    expect(existsSync(join(below, 'lint-baseline.json'))).toBe(false)
  })
})
