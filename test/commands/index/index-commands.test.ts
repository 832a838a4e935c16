import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import Database from 'better-sqlite3'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {INDEX_APPLICATION_ID, STORAGE_VERSION} from '../../../src/core/host-index/storage.js'

import {parseJson, runCli} from '../../helpers/cli.js'
import {profileDocument} from '../../helpers/documents.js'

let dir: string
let index: string
let cassette: string
let sha256: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-index-cli-'))
  index = join(dir, 'index.sqlite3')
  writeFileSync(join(dir, 'ops.json'), JSON.stringify(profileDocument('Ops', [
    {id: 'instances_list', summary: 'List instances', scopes: ['ops.read']},
    {id: 'instance_delete', summary: 'Delete an instance', scopes: ['ops.write'], method: 'delete', destructive: true},
  ])))
  writeFileSync(join(dir, 'runtime.json'), JSON.stringify(profileDocument('Runtime', [{id: 'health', summary: 'Report runtime health'}])))
  cassette = join(dir, 'ops.tama-cassette')
  const built = await runCli(['cassette', 'build', '--name', 'ops', '--version', '1.0.0', '--document', join(dir, 'ops.json'), '--output', cassette, '--json'])
  expect(built.code, built.stderr).toBe(0)
  sha256 = parseJson<{sha256: string}>(built).sha256
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** An index file as a tama-dex of the next storage version would mark it. */
function newerIndex(): string {
  const path = join(dir, 'newer.sqlite3')
  const db = new Database(path)
  db.pragma(`application_id = ${INDEX_APPLICATION_ID}`)
  db.pragma(`user_version = ${STORAGE_VERSION + 1}`)
  db.close()
  return path
}

/** A file of no kind tama-dex knows. */
function foreignFile(): string {
  const path = join(dir, 'notes.txt')
  writeFileSync(path, 'Shopping: milk, eggs.\n')
  return path
}

describe('tama-dex index', () => {
  it('walks a cassette through import, list, status, search and remove', async () => {
    const status0 = await runCli(['index', 'status', '--index', index, '--json'])
    expect(parseJson(status0)).toMatchObject({state: 'not_ready', cassettes: 0})

    const notReady = await runCli(['search', 'instances', '--index', index, '--json'])
    expect(notReady.code).toBe(8)
    expect(parseJson(notReady)).toMatchObject({error: {kind: 'not_ready'}})

    const imported = await runCli(['index', 'import', cassette, '--sha256', sha256, '--index', index, '--json'])
    expect(imported.code, imported.stderr).toBe(0)
    expect(parseJson(imported)).toEqual({cassette: 'ops', version: '1.0.0', mode: 'copy', operations: 2, changed: true, digest: sha256, replaced: null})

    const again = await runCli(['index', 'import', cassette, '--sha256', sha256, '--index', index])
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('Unchanged ops 1.0.0 (copy, 2 operations)')

    const loaded = await runCli(['index', 'load', join(dir, 'runtime.json'), '--cassette', 'runtime', '--index', index, '--json'])
    expect(parseJson(loaded)).toMatchObject({cassette: 'runtime', mode: 'load', operations: 1, changed: true})

    const listed = parseJson<{cassettes: Array<{name: string; mode: string; digest: string}>}>(await runCli(['index', 'list', '--index', index, '--json']))
    expect(listed.cassettes.map((c) => [c.name, c.mode])).toEqual([['ops', 'copy'], ['runtime', 'load']])
    expect(listed.cassettes[0]!.digest).toBe(sha256)

    const table = await runCli(['index', 'list', '--index', index])
    expect(table.stdout.split('\n')[0]).toMatch(/^CASSETTE\s+VERSION\s+MODE\s+OPERATIONS\s+DIGEST\s+INSTALLED$/)

    const found = parseJson<{results: Array<{cassette: string; operation_id: string}>}>(await runCli(['search', 'list instances', '--scope', 'ops.read', '--index', index, '--json']))
    expect(found.results[0]).toMatchObject({cassette: 'ops', operation_id: 'instances_list'})

    const hidden = parseJson<{results: unknown[]}>(await runCli(['search', 'delete instance', '--scope', 'ops.read', '--index', index, '--json']))
    expect(hidden.results.map((hit) => (hit as {operation_id: string}).operation_id)).not.toContain('instance_delete')

    const removed = await runCli(['index', 'remove', 'ops', '--index', index, '--json'])
    expect(parseJson(removed)).toEqual({cassette: 'ops', removed: true})
    const missing = await runCli(['index', 'remove', 'ops', '--index', index])
    expect(missing.code).toBe(5)
    expect(missing.stderr).toContain('No cassette named "ops" is installed')
  })

  it.each([
    {given: 'a pin that does not match', args: () => ['index', 'import', cassette, '--sha256', '0'.repeat(64)], want: {code: 4, kind: 'digest_mismatch'}},
    {given: 'a missing cassette file', args: () => ['index', 'import', join(dir, 'nope.tama-cassette')], want: {code: 5, kind: 'not_found'}},
    {given: 'an unknown flag', args: () => ['index', 'status', '--bogus'], want: {code: 2, kind: 'usage'}},
    {given: "another program's file as index", args: () => ['index', 'status', '--index', foreignFile()], want: {code: 12, kind: 'incompatible_file'}},
    {given: 'an index of a newer tama-dex', args: () => ['index', 'status', '--index', newerIndex()], want: {code: 12, kind: 'incompatible_file'}},
    {given: 'a bad cassette name', args: () => ['index', 'load', join(dir, 'runtime.json'), '--cassette', 'Bad-Name'], want: {code: 2, kind: 'usage'}},
  ])('exits $want.code on $given, with and without --json', async ({args, want}) => {
    const target = ['--index', join(dir, 'errors.sqlite3')]
    const argv = args().includes('--index') ? args() : [...args(), ...target]
    const plain = await runCli(argv)
    expect(plain.code).toBe(want.code)
    expect(plain.stderr).toMatch(/^Error: /)
    expect(plain.stderr).not.toMatch(/\n\s+at /)
    const json = await runCli([...argv, '--json'])
    expect(json.code).toBe(want.code)
    expect(parseJson(json)).toMatchObject({error: {kind: want.kind}})
  })

  it.each([
    {given: 'a missing cassette file', args: () => ['index', 'import', join(dir, 'nope.tama-cassette')], want: 5},
    {given: 'a pin that does not match', args: () => ['index', 'import', cassette, '--sha256', '0'.repeat(64)], want: 4},
    {given: 'a file that is not a cassette', args: () => ['index', 'import', join(dir, 'ops.json')], want: 2},
    {given: 'a document that is not a profile document', args: () => ['index', 'load', join(dir, 'not-profile.json'), '--cassette', 'runtime'], want: 3},
    {given: 'a removal from an index that does not exist', args: () => ['index', 'remove', 'ops'], want: 5},
  ])('leaves no index behind when the first write to it fails: $given', async ({args, want}) => {
    writeFileSync(join(dir, 'not-profile.json'), JSON.stringify({openapi: '3.1.0'}))
    const folder = join(dir, `first-${want}-${args()[1]}`)
    mkdirSync(folder)
    const result = await runCli([...args(), '--index', join(folder, 'index.sqlite3')])
    expect(result.code, result.stderr).toBe(want)
    expect(readdirSync(folder)).toEqual([])
  })

  it('creates the index with the first install that succeeds, leaving nothing else beside it', async () => {
    const folder = join(dir, 'first-success')
    mkdirSync(folder)
    const imported = await runCli(['index', 'import', cassette, '--index', join(folder, 'index.sqlite3')])
    expect(imported.code, imported.stderr).toBe(0)
    expect(readdirSync(folder)).toEqual(['index.sqlite3'])
    expect(parseJson(await runCli(['index', 'status', '--index', join(folder, 'index.sqlite3'), '--json']))).toMatchObject({state: 'ready', cassettes: 1})
  })

  it('searches a cassette file directly with --from, installing nothing', async () => {
    const result = await runCli(['search', 'delete an instance', '--from', cassette, '--scope', 'ops.write'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.split('\n')[0]).toMatch(/^CASSETTE\s+OPERATION\s+CONFIDENCE\s+FLAGS\s+SUMMARY$/)
    expect(result.stdout).toMatch(/ops\s+instance_delete\s+\S+\s+destructive\s+Delete an instance/)
  })

  it('uses TAMA_DEX_INDEX when --index is not given', async () => {
    const path = join(dir, 'env.sqlite3')
    const loaded = await runCli(['index', 'load', join(dir, 'runtime.json'), '--cassette', 'runtime', '--json'], {env: {TAMA_DEX_INDEX: path}})
    expect(loaded.code, loaded.stderr).toBe(0)
    expect(parseJson(await runCli(['index', 'status', '--index', path, '--json']))).toMatchObject({state: 'ready', cassettes: 1})
  })
})
