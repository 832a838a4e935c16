import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'

import {afterAll, describe, expect, it} from 'vitest'

import {sha256Hex} from '../../../src/core/cassette/format/canonical-json.js'
import {PROJECT_ROOT, parseJson, runCli} from '../../helpers/cli.js'
import {fixture, temporaryDirectory} from '../../core/cassette/cassette-kit.js'

const dir = temporaryDirectory()
afterAll(() => dir.remove())

const EXAMPLES = ['examples/incus.yaml', 'examples/runtime.yaml']

interface Built {
  name: string
  version: string
  sha256: string
  bytes: number
  documents: number
  operations: number
  output: string
}

/** What a build says about the cassette, without the file it was written to. */
function cassetteOf({output: _output, ...cassette}: Built): Omit<Built, 'output'> {
  return cassette
}

describe('cassette build', () => {
  it('gives the same SHA-256 from another directory, time zone, locale and document order', async () => {
    const elsewhere = join(dir.path, 'elsewhere')
    mkdirSync(elsewhere)
    const first = await runCli(['cassette', 'build', '--name', 'examples', '--version', '1.0.0', ...EXAMPLES.flatMap((file) => ['--document', file]), '--output', join(dir.path, 'first.tama-cassette'), '--json'], {
      env: {TZ: 'UTC', LC_ALL: 'C'},
    })
    const second = await runCli(
      ['cassette', 'build', '--name', 'examples', '--version', '1.0.0', ...[...EXAMPLES].reverse().flatMap((file) => ['--document', relative(elsewhere, join(PROJECT_ROOT, file))]), '--output', 'second.tama-cassette', '--json'],
      {cwd: elsewhere, env: {TZ: 'Pacific/Chatham', LC_ALL: 'tr_TR.UTF-8', LANG: 'tr_TR.UTF-8'}},
    )
    const [a, b] = [parseJson<Built>(first), parseJson<Built>(second)]
    expect([first.code, second.code]).toEqual([0, 0])
    expect(cassetteOf(b)).toEqual(cassetteOf(a))
    // The file each build wrote, as it was given.
    expect([a.output, b.output]).toEqual([join(dir.path, 'first.tama-cassette'), 'second.tama-cassette'])
    expect(a).toMatchObject({name: 'examples', version: '1.0.0', documents: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/)})
    const bytes = readFileSync(join(dir.path, 'first.tama-cassette'))
    expect(readFileSync(join(elsewhere, 'second.tama-cassette')).equals(bytes)).toBe(true)
    expect(a).toMatchObject({sha256: sha256Hex(bytes), bytes: bytes.length})
  })

  it.each([
    {given: 'pets.tama-cassette'},
    {given: 'with space/pets.tama-cassette'},
    {given: 'back\\slash.tama-cassette'},
    {given: 'new\nline.tama-cassette'},
  ])('prints a line sha256sum -c accepts for $given', async ({given}) => {
    const work = join(dir.path, `sums-${sha256Hex(given).slice(0, 8)}`)
    mkdirSync(join(work, 'with space'), {recursive: true})
    const build = await runCli(['cassette', 'build', '--name', 'pets', '--version', '1.2.0', '--document', fixture('pets.yaml'), '--output', given], {cwd: work})
    // Only the digest line: no spinner or summary on a pipe.
    expect({code: build.code, stderr: build.stderr}).toEqual({code: 0, stderr: ''})
    expect(build.stdout.split('\n').filter(Boolean)).toHaveLength(1)
    writeFileSync(join(work, 'SHA256SUMS'), build.stdout)
    const check = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], {cwd: work, encoding: 'utf8'})
    expect({code: check.status, stderr: check.stderr}).toEqual({code: 0, stderr: ''})
    expect(check.stdout).toMatch(/: OK\n$/)
  })

  it('gives the same cassette from a module export as from the file it exports', async () => {
    const fromFile = await runCli(['cassette', 'build', '--name', 'store', '--version', '0.3.0', '--document', fixture('store.json'), '--output', join(dir.path, 'file.tama-cassette'), '--json'])
    const fromModule = await runCli(['cassette', 'build', '--name', 'store', '--version', '0.3.0', '--document', `${fixture('generate.mjs')}#fetchCatalogue`, '--output', join(dir.path, 'module.tama-cassette'), '--json'])
    expect(cassetteOf(parseJson<Built>(fromModule))).toEqual(cassetteOf(parseJson<Built>(fromFile)))
    expect(fromModule.stderr).toBe('')
  })

  it.each([
    {
      given: {name: 'pets', documents: [fixture('invalid-scopes.yaml'), fixture('store.json'), fixture('invalid-operation-id.yaml')]},
      want: {exit: 3, stderr: [/invalid-scopes\.yaml:10:7#\/paths/, /invalid-operation-id\.yaml:11:7#\/paths/]},
    },
    {given: {name: 'pets', documents: [fixture('pets.yaml'), fixture('pets-collision.yaml')]}, want: {exit: 3, stderr: [/operationId "pets_list" is also used by/]}},
    {given: {name: 'pets', documents: [`${fixture('generate.mjs')}#notJson`]}, want: {exit: 3, stderr: [/generate\.mjs#notJson#\/x-created: is NaN, not a JSON number/]}},
    {given: {name: 'pets', documents: [fixture('missing.yaml')]}, want: {exit: 5, stderr: [/missing\.yaml: no such file/i]}},
    {given: {name: 'Pets', documents: [fixture('store.json')]}, want: {exit: 2, stderr: [/Cassette name "Pets" is not allowed/]}},
  ])('fails with exit $want.exit, printing every problem: $given.documents', async ({given, want}) => {
    const output = join(dir.path, 'failed.tama-cassette')
    const documents = given.documents.flatMap((document) => ['--document', document])
    const result = await runCli(['cassette', 'build', '--name', given.name, '--version', '1.0.0', ...documents, '--output', output])
    expect(result.code).toBe(want.exit)
    for (const pattern of want.stderr) expect(result.stderr).toMatch(pattern)
    expect(result.stdout).toBe('')
    expect(existsSync(output)).toBe(false)
  })
})
