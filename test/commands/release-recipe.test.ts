import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {delimiter, join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, type CliResult, PROJECT_ROOT, runProcess} from '../helpers/cli.js'

const SCRIPT = join(PROJECT_ROOT, 'examples/ci/release.sh')

let dir: string
let bin: string
let first: CliResult

/** Runs examples/ci/release.sh with the built CLI as `tama-dex` on PATH, from the project root. */
function release(env: Record<string, string>, documents: readonly string[]): Promise<CliResult> {
  return runProcess('sh', [SCRIPT, ...documents], {env: {TAMA_DEX: '', PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, ...env}})
}

function sha256sumCheck(directory: string, file: string): {status: number | null; stdout: string} {
  const result = spawnSync('sha256sum', ['-c', file], {cwd: directory, encoding: 'utf8'})
  return {status: result.status, stdout: result.stdout}
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-release-'))
  bin = join(dir, 'bin')
  mkdirSync(bin)
  writeFileSync(join(bin, 'tama-dex'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`)
  chmodSync(join(bin, 'tama-dex'), 0o755)
  first = await release({CASSETTE_NAME: 'incus', CASSETTE_VERSION: '1.0.0', OUTPUT_DIR: join(dir, 'v1')}, ['examples/incus.yaml'])
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('examples/ci/release.sh', () => {
  it('releases a first version: validated, built, verified, linted, with a checksum sha256sum accepts', () => {
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('examples/incus.yaml: OK, 36 operations')
    expect(first.stdout).toContain('== cassette diff skipped: no PREVIOUS_CASSETTE (first release)')
    expect(first.stdout).toMatch(/\nVerified incus 1\.0\.0 \(sha256 [0-9a-f]{64}\)\.\n/)
    expect(first.stdout).toMatch(/\nScore: \d+\/100\n/)
    const checksum = readFileSync(join(dir, 'v1', 'incus-1.0.0.tama-cassette.sha256'), 'utf8')
    expect(checksum).toMatch(/^[0-9a-f]{64} {2}incus-1\.0\.0\.tama-cassette\n$/)
    expect(first.stdout.endsWith(checksum)).toBe(true)
    expect(sha256sumCheck(join(dir, 'v1'), 'incus-1.0.0.tama-cassette.sha256')).toEqual({status: 0, stdout: 'incus-1.0.0.tama-cassette: OK\n'})
  })

  it('stops the next release at the security gate with exit 13, reporting every change made in incus-v2.yaml', async () => {
    const previous = join(dir, 'v1', 'incus-1.0.0.tama-cassette')
    const result = await release({CASSETTE_NAME: 'incus', CASSETTE_VERSION: '1.1.0', OUTPUT_DIR: join(dir, 'v2-gated'), PREVIOUS_CASSETTE: previous, FAIL_ON: 'security'}, ['examples/incus-v2.yaml'])
    expect(result.code).toBe(13)
    for (const row of [
      /added\s+instance_rebuild\s+new operation/,
      /added\s+server_get\s+SECURITY\s+new operation: ANY caller can run it/,
      /removed\s+operation_wait\s+BREAKING/,
      /changed\s+image_delete\s+SECURITY\s+confirmation\s+the caller confirmed by repeating `fingerprint`; now `confirm: true` is enough/,
      /changed\s+images_get\s+SECURITY\s+scopes\s+no longer needs incus\.read: ANY caller can now run it/,
      /changed\s+images_post\s+input\.body\.source\.type\s+now allows "url"/,
      /changed\s+instance_get\s+summary/,
      /changed\s+instances_post\s+BREAKING\s+input\.type\s+now required/,
      /changed\s+network_delete\s+SECURITY\s+scopes\s+no longer needs incus\.write: callers holding only incus\.admin can now run it/,
      /changed\s+operation_get\s+input\.timeout\s+new optional property/,
      /\n2 added, 1 removed, 7 changed; 2 breaking, 4 security-relevant, 0 findability regressions\.\n/,
    ]) {
      expect(result.stdout).toMatch(row)
    }
    expect(result.stderr).toMatch(/^Error: 4 security-relevant changes found \(the gate fails on security-relevant changes\)/)
    // The job stopped at the gate: nothing was linted.
    expect(result.stdout).not.toContain('== cassette lint')
  })

  it('releases the next version once the changes are accepted, adopting the document first', async () => {
    const previous = join(dir, 'v1', 'incus-1.0.0.tama-cassette')
    const output = join(dir, 'v2')
    const result = await release(
      {CASSETTE_NAME: 'incus', CASSETTE_VERSION: '1.1.0', OUTPUT_DIR: output, PREVIOUS_CASSETTE: previous, FAIL_ON: 'none', MIN_SCORE: '50', ADOPT_OPTIONS: '--destructive-method delete'},
      ['examples/incus-v2.yaml'],
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('== document adopt')
    expect(existsSync(join(output, 'adopted-1.1.0.document-1.yaml'))).toBe(true)
    expect(result.stdout).toMatch(/\n2 added, 1 removed, 7 changed; 2 breaking, 4 security-relevant, 0 findability regressions\.\n/)
    expect(sha256sumCheck(output, 'incus-1.1.0.tama-cassette.sha256').status).toBe(0)
  })

  it('runs the findability test: the documents\' example requests and those of EXAMPLES, gated by MIN_SCORE', async () => {
    const env = {CASSETTE_NAME: 'incus', CASSETTE_VERSION: '1.0.2', EXAMPLES: 'examples/ci/incus-requests.jsonl', EXAMPLES_TOP: '3'}
    // The shipped requests include one that misses: by default that fails the release.
    const missed = await release({...env, OUTPUT_DIR: join(dir, 'v1-examples-missed')}, ['examples/incus.yaml'])
    expect(missed.code).toBe(14)
    expect(missed.stderr).toContain('(example-missed 1)')
    const passed = await release({...env, LINT_FAIL_ON: 'none', OUTPUT_DIR: join(dir, 'v1-examples')}, ['examples/incus.yaml'])
    expect(passed.code, passed.stderr).toBe(0)
    expect(passed.stdout).toContain('== cassette lint and findability test\n')
    expect(passed.stdout).toMatch(/\nExample requests: \d+ of 22 find their operation in the top 3\n/)
    const score = Number(/\nScore: (\d+)\/100\n/.exec(passed.stdout)![1])
    const gated = await release({...env, LINT_FAIL_ON: 'none', OUTPUT_DIR: join(dir, 'v1-examples-gated'), MIN_SCORE: String(score + 1)}, ['examples/incus.yaml'])
    expect(gated.code).toBe(14)
    // Two whole releases.
  }, 120_000)

  it('fails the lint gate with exit 14 when the score is below MIN_SCORE', async () => {
    const result = await release({CASSETTE_NAME: 'incus', CASSETTE_VERSION: '1.0.1', OUTPUT_DIR: join(dir, 'v1-lint'), MIN_SCORE: '100'}, ['examples/incus.yaml'])
    expect(result.code).toBe(14)
    expect(result.stderr).toMatch(/^Error: The catalogue scored \d+, below the gate's minimum score 100/)
  })

  it('takes every setting from the repository\'s config: its documents, name, lint gate and the baseline that accepts its known miss', async () => {
    const output = join(dir, 'configured')
    const result = await release({CASSETTE_VERSION: '2.0.0', OUTPUT_DIR: output, CONFIG: 'examples/ci/tama-dex.config.yaml'}, [])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('examples/incus.yaml: OK, 36 operations')
    expect(result.stdout).toContain('(accepted by the baseline)')
    expect(result.stdout).toContain('Baseline examples/ci/incus-lint-baseline.json: 1 finding accepted')
    expect(sha256sumCheck(output, 'incus-2.0.0.tama-cassette.sha256').status).toBe(0)
    // A variable set overrides the config's setting, as a flag does.
    const overridden = await release({CASSETTE_VERSION: '2.0.1', OUTPUT_DIR: output, CONFIG: 'examples/ci/tama-dex.config.yaml', MIN_SCORE: '100'}, [])
    expect(overridden.code).toBe(14)
    expect(overridden.stderr).toMatch(/below the gate's minimum score 100/)
  }, 120_000)

  it.each<{given: string; env: Record<string, string>; documents: string[]; want: RegExp}>([
    {given: 'no document', env: {CASSETTE_NAME: 'incus', CASSETTE_VERSION: '1.0.0'}, documents: [], want: /Missing FILE: give it, or set `documents` in tama-dex.config.yaml/},
    {given: 'no cassette name', env: {CASSETTE_NAME: '', CASSETTE_VERSION: '1.0.0'}, documents: ['examples/incus.yaml'], want: /Missing --name NAME: give it, or set `cassette.name`/},
    {given: 'no version', env: {CASSETTE_NAME: 'incus', CASSETTE_VERSION: ''}, documents: ['examples/incus.yaml'], want: /set CASSETTE_VERSION/},
    {given: 'ADOPT without documents', env: {CASSETTE_VERSION: '1.0.0', ADOPT: 'true'}, documents: [], want: /name the OpenAPI descriptions to adopt/},
    {given: 'a REPORT_FORMAT it cannot print', env: {CASSETTE_VERSION: '1.0.0', REPORT_FORMAT: 'sarif'}, documents: [], want: /REPORT_FORMAT is text or github, not sarif/},
  ])('exits 2 with $given', async ({env, documents, want}) => {
    const result = await release({...env, OUTPUT_DIR: join(dir, 'unused')}, documents)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(want)
  })
})
