import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../../helpers/cli.js'
import {HOSTILE_CASSETTES, fixture, temporaryDirectory} from '../../core/cassette/cassette-kit.js'

const dir = temporaryDirectory()
const goodPath = join(dir.path, 'pets.tama-cassette')
let good: Uint8Array
let sha256: string

beforeAll(async () => {
  const built = await runCli(['cassette', 'build', '--name', 'pets', '--version', '1.2.0', '--document', fixture('pets.yaml'), '--document', fixture('store.json'), '--output', goodPath, '--json'])
  sha256 = parseJson<{sha256: string}>(built).sha256
  good = readFileSync(goodPath)
})
afterAll(() => dir.remove())

interface Report {
  ok: boolean
  sha256: string
  checks: Array<{check: string; ok: boolean; detail: string}>
}

describe('cassette verify', () => {
  it('prints a ✓ line per check and exits 0 for a good cassette', async () => {
    const result = await runCli(['cassette', 'verify', goodPath, '--sha256', sha256])
    expect(result).toMatchObject({code: 0, stderr: ''})
    const checks = result.stdout.split('\n').filter((line) => /^[✓✗] /.test(line))
    expect(checks.map((line) => line.split(/\s+/)[1])).toEqual(['digest', 'header', 'schema', 'integrity', 'meta', 'documents', 'operations', 'records', 'derivation', 'search_rows'])
    expect(checks.every((line) => line.startsWith('✓'))).toBe(true)
    expect(result.stdout).toContain(`Verified pets 1.2.0 (sha256 ${sha256}).`)
  })

  const hostile = [
    ...HOSTILE_CASSETTES.map(({given, want}) => ({given: {...given, sha256: undefined as string | undefined}, want: {exit: 4, check: want.check, reason: want.reason}})),
    {
      given: {name: 'a digest that mismatches --sha256', mutate: (bytes: Uint8Array) => bytes, sha256: 'ab'.repeat(32)},
      want: {exit: 4, check: 'digest', reason: new RegExp(`SHA-256 is [0-9a-f]{64}, not the pinned ${'ab'.repeat(32)}`)},
    },
  ]

  function writeHostile(given: (typeof hostile)[number]['given'], suffix: string): {path: string; pin: string[]} {
    const path = join(dir.path, `${given.name.replaceAll(' ', '-')}-${suffix}.tama-cassette`)
    writeFileSync(path, given.mutate(good, dir.path))
    return {path, pin: given.sha256 === undefined ? [] : ['--sha256', given.sha256]}
  }

  it.concurrent.each(hostile)('refuses $given.name with exit 4 and the reason', async ({given, want}) => {
    const {path, pin} = writeHostile(given, 'human')
    const result = await runCli(['cassette', 'verify', path, ...pin])
    expect(result.code).toBe(want.exit)
    expect(result.stdout).toMatch(new RegExp(`^✗ ${want.check} +.*${want.reason.source}`, 'm'))
    expect(result.stderr).toMatch(/^Error: /)
  })

  // The JSON report is the same checklist; a few cases show the exit code does not change.
  it.concurrent.each(hostile.filter(({given}) => ['a view added', 'rows that disagree with the embedded documents', 'a digest that mismatches --sha256'].includes(given.name)))(
    'with --json prints the report of $given.name and exits 4',
    async ({given, want}) => {
      const {path, pin} = writeHostile(given, 'json')
      const result = await runCli(['cassette', 'verify', path, ...pin, '--json'])
      expect(result.code).toBe(want.exit)
      const report = parseJson<Report>(result)
      expect(report.ok).toBe(false)
      expect(report.checks.find((check) => !check.ok)).toMatchObject({check: want.check, detail: expect.stringMatching(want.reason)})
    },
  )

  it.each([
    {given: ['missing.tama-cassette'], want: {exit: 5, stderr: /missing\.tama-cassette: no such file/i}},
    {given: ['pets.tama-cassette', '--sha256', 'not-hex'], want: {exit: 2, stderr: /not 64 hex digits/}},
  ])('fails with exit $want.exit for $given', async ({given, want}) => {
    const result = await runCli(['cassette', 'verify', ...given], {cwd: dir.path})
    expect(result.code).toBe(want.exit)
    expect(result.stderr).toMatch(want.stderr)
  })
})
