import {createHash} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import diagnosticsChannel from 'node:diagnostics_channel'

import Database from 'better-sqlite3'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {INDEX_APPLICATION_ID, STORAGE_VERSION, openIndex, type TamaIndex} from '../../../src/core/host-index/index.js'
import {largeDocument, profileDocument} from '../../helpers/documents.js'

let dir: string
const opened: TamaIndex[] = []

function open(path = join(dir, 'index.sqlite3')): TamaIndex {
  const index = openIndex({path})
  opened.push(index)
  return index
}

const incus = profileDocument('Incus', [
  {id: 'instances_list', summary: 'List instances', scopes: ['incus.read']},
  {id: 'instance_delete', summary: 'Delete an instance', scopes: ['incus.write'], method: 'delete', destructive: true},
])
const runtime = profileDocument('Runtime', [{id: 'health', summary: 'Report runtime health', scopes: []}])

function digestOf(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex')
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-index-'))
})

afterEach(() => {
  for (const index of opened.splice(0)) index.close()
  rmSync(dir, {recursive: true, force: true})
})

describe.each([{given: ':memory:'}, {given: 'file'}])('an index ($given)', ({given}) => {
  const make = () => open(given === 'file' ? join(dir, 'index.sqlite3') : ':memory:')

  it('is not_ready until the first commit, and search answers not_ready at once', async () => {
    const index = make()
    expect(index.status()).toMatchObject({state: 'not_ready', cassettes: 0, operations: 0})
    expect(() => index.search('instances', {scopes: []})).toThrow(expect.objectContaining({kind: 'not_ready'}))
    await index.load(runtime, {cassette: 'runtime'})
    expect(index.status()).toMatchObject({state: 'ready', cassettes: 1, operations: 1})
  })

  it('loads, then says an unchanged document is a no-op', async () => {
    const index = make()
    expect(await index.load(incus, {cassette: 'incus'})).toMatchObject({cassette: 'incus', changed: true, operations: 2, mode: 'load'})
    expect(await index.load(structuredClone(incus), {cassette: 'incus'})).toMatchObject({cassette: 'incus', changed: false, operations: 2})
  })

  it('keeps cassettes side by side and replaces one without touching the other', async () => {
    const index = make()
    await index.load(incus, {cassette: 'incus'})
    await index.load(runtime, {cassette: 'runtime'})
    const before = index.cassette('runtime')
    const replaced = profileDocument('Incus', [{id: 'images_list', summary: 'List images', scopes: []}], '2.0.0')
    expect(await index.load(replaced, {cassette: 'incus'})).toMatchObject({changed: true, version: '2.0.0', operations: 1})
    expect(index.cassette('runtime')).toEqual(before)
    const ids = index.search('list', {scopes: ['incus.read', 'incus.write']}).results.map((hit) => `${hit.cassette}:${hit.operation_id}`)
    expect(ids).toContain('incus:images_list')
    expect(ids).not.toContain('incus:instances_list')
    expect(index.cassettes().map((c) => c.name)).toEqual(['incus', 'runtime'])
  })

  it('names, when nothing fits, each cassette the caller may search with its title, and says what the caller reaches', async () => {
    const index = make()
    await index.load(incus, {cassette: 'incus'})
    expect(index.reach({scopes: []})).toEqual({operations: false, destructive: false})
    await index.load(runtime, {cassette: 'runtime'})
    const nothingFits = (scopes: string[]) => index.search('teleport a giraffe to mars', {scopes})
    expect(nothingFits(['incus.read'])).toMatchObject({match: 'none', cassettes: [{cassette: 'incus', title: 'Incus'}, {cassette: 'runtime', title: 'Runtime'}]})
    expect(nothingFits([]).cassettes).toEqual([{cassette: 'runtime', title: 'Runtime'}])
    expect(index.cassettes().map(({name, title}) => [name, title])).toEqual([['incus', 'Incus'], ['runtime', 'Runtime']])
    expect([[], ['incus.read'], ['incus.write']].map((scopes) => index.reach({scopes}))).toEqual([
      {operations: true, destructive: false},
      {operations: true, destructive: false},
      {operations: true, destructive: true},
    ])
    expect(() => index.reach({scopes: 'incus.write' as unknown as string[]})).toThrow(expect.objectContaining({kind: 'usage'}))
  })

  // Only a file can be opened a second time to look inside.
  it.runIf(given === 'file')('leaves the search index in one segment after each install and removal', async () => {
    const index = make()
    await index.load(incus, {cassette: 'incus'})
    await index.load(runtime, {cassette: 'runtime'})
    const segments = () => {
      const db = new Database(join(dir, 'index.sqlite3'), {readonly: true})
      try {
        return db.prepare<[], {n: number}>('SELECT count(DISTINCT segid) AS n FROM operations_fts_idx').get()!.n
      } finally {
        db.close()
      }
    }
    expect(segments()).toBe(1)
    await index.remove('runtime')
    expect(segments()).toBe(1)
  })

  it('removes a cassette and its operations, and says not_found for one not installed', async () => {
    const index = make()
    await index.load(incus, {cassette: 'incus'})
    await index.load(runtime, {cassette: 'runtime'})
    expect(await index.remove('incus')).toEqual({cassette: 'incus', removed: true})
    expect(index.search('instances', {scopes: ['incus.read']}).results.filter((hit) => hit.cassette === 'incus')).toEqual([])
    await expect(index.remove('incus')).rejects.toMatchObject({kind: 'not_found'})
  })

  it('refuses an invalid document with every problem and changes nothing', async () => {
    const index = make()
    await index.load(incus, {cassette: 'incus'})
    const before = index.cassettes()
    const broken = profileDocument('Incus', [{id: 'a'}, {id: 'b'}], '9.9.9') as {paths: Record<string, {get: Record<string, unknown>}>}
    delete broken.paths['/a']!.get['x-tama-scopes']
    delete broken.paths['/b']!.get['x-tama-scopes']
    const failure = await index.load(broken, {cassette: 'incus', source: 'broken.yaml'}).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TamaError)
    expect(failure).toMatchObject({kind: 'invalid_document'})
    expect((failure as TamaError).problems.length).toBeGreaterThanOrEqual(2)
    expect(index.cassettes()).toEqual(before)
  })

  it.each([
    {want: 'aborted', bounds: () => ({signal: AbortSignal.abort()})},
    {want: 'usage', bounds: () => ({timeout: -1})},
  ])('rejects with $want before any work when the bounds say so', async ({want, bounds}) => {
    const index = make()
    await expect(index.load(runtime, {cassette: 'runtime', ...bounds()})).rejects.toMatchObject({kind: want})
    expect(index.status().state).toBe('not_ready')
  })
})

describe('a file index', () => {
  it('rolls back an install that runs out of time, leaving the index as it was', async () => {
    const path = join(dir, 'index.sqlite3')
    const index = open(path)
    await index.load(runtime, {cassette: 'runtime'})
    const before = {cassettes: index.cassettes(), status: index.status()}
    await expect(index.load(largeDocument('Big', 4000), {cassette: 'big', timeout: 50})).rejects.toMatchObject({kind: 'timeout'})
    expect({cassettes: index.cassettes(), status: index.status()}).toEqual(before)
    expect(new Database(path, {readonly: true}).pragma('integrity_check', {simple: true})).toBe('ok')
  })

  it('rolls back an install aborted by the caller', async () => {
    const index = open()
    await index.load(runtime, {cassette: 'runtime'})
    const controller = new AbortController()
    const pending = index.load(largeDocument('Big', 4000), {cassette: 'big', signal: controller.signal})
    setTimeout(() => controller.abort(), 30)
    await expect(pending).rejects.toMatchObject({kind: 'aborted'})
    expect(index.cassettes().map((c) => c.name)).toEqual(['runtime'])
    // The write lock was released: the next install goes through.
    await expect(index.load(incus, {cassette: 'incus'})).resolves.toMatchObject({changed: true})
  })

  it('answers searches from the last committed state while a large install runs', async () => {
    const index = open()
    await index.load(runtime, {cassette: 'runtime'})
    let finished = false
    const pending = index.load(largeDocument('Big', 6000), {cassette: 'big'}).then((result) => {
      finished = true
      return result
    })
    const during = index.search('runtime health', {scopes: []})
    expect(finished).toBe(false)
    expect(during.results.map((hit) => hit.cassette)).toEqual(['runtime'])
    await pending
    expect(index.search('instance pool', {scopes: []}).results.some((hit) => hit.cassette === 'big')).toBe(true)
  })

  /** An index file holding one cassette, marked as written by storage version `version`. */
  async function indexOfVersion(name: string, version: number): Promise<string> {
    const path = join(dir, name)
    const first = open(path)
    await first.load(runtime, {cassette: 'runtime'})
    first.close()
    const raw = new Database(path)
    raw.pragma(`user_version = ${version}`)
    raw.close()
    return path
  }

  it('recreates an index written by an older storage version, and says so', async () => {
    const path = await indexOfVersion('index.sqlite3', STORAGE_VERSION - 1)
    const events: unknown[] = []
    const listener = (message: unknown) => events.push(message)
    diagnosticsChannel.subscribe('tama-dex:index.recreated', listener)
    try {
      const index = open(path)
      expect(index.status()).toMatchObject({state: 'not_ready', cassettes: 0})
      expect(events).toEqual([{storage_version: STORAGE_VERSION - 1}])
    } finally {
      diagnosticsChannel.unsubscribe('tama-dex:index.recreated', listener)
    }
  })

  it('refuses an index written by a newer storage version untouched, saying to upgrade', async () => {
    const path = await indexOfVersion('newer.sqlite3', STORAGE_VERSION + 1)
    const before = digestOf(path)
    expect(() => open(path)).toThrow(expect.objectContaining({kind: 'incompatible_file', message: expect.stringMatching(/newer tama-dex.*left untouched.*Upgrade tama-dex/)}))
    expect(digestOf(path)).toBe(before)
  })

  it.each([
    {
      given: 'another program\'s SQLite database',
      make: (path: string) => {
        const other = new Database(path)
        other.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, \'ada\')')
        other.close()
      },
    },
    {
      given: 'a SQLite database with another application id',
      make: (path: string) => {
        const other = new Database(path)
        other.pragma(`application_id = ${INDEX_APPLICATION_ID + 1}`)
        other.close()
      },
    },
    {given: 'a text file', make: (path: string) => writeFileSync(path, 'not a database\n')},
  ])('refuses $given untouched', ({make}) => {
    const path = join(dir, 'foreign.db')
    make(path)
    const before = digestOf(path)
    expect(() => open(path)).toThrow(expect.objectContaining({kind: 'incompatible_file'}))
    expect(digestOf(path)).toBe(before)
  })
})
