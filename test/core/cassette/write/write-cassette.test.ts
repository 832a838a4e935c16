import {mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {afterAll, describe, expect, it} from 'vitest'

import {sha256Hex} from '../../../../src/core/cassette/format/canonical-json.js'
import {CASSETTE_TABLES} from '../../../../src/core/cassette/format/cassette-format.js'
import {planCassette, type CassettePlan} from '../../../../src/core/cassette/write/plan-cassette.js'
import {writeCassette} from '../../../../src/core/cassette/write/write-cassette.js'
import {SEARCH_DATA_HASH, carriedTables} from '../../../../src/core/search/index.js'
import {openDatabase} from '../../../../src/core/sqlite/open-database.js'
import {fixtureDocuments, temporaryDirectory} from '../cassette-kit.js'

const dir = temporaryDirectory()
afterAll(() => dir.remove())

const plan = planCassette({name: 'pets', version: '1.2.0', documents: fixtureDocuments('pets.yaml', 'store.json')})

describe('writeCassette', () => {
  it('writes the same bytes every time and returns their SHA-256 and size', async () => {
    const first = await writeCassette(plan, join(dir.path, 'first.tama-cassette'))
    const second = await writeCassette(plan, join(dir.path, 'second.tama-cassette'))
    const bytes = readFileSync(join(dir.path, 'first.tama-cassette'))
    expect(readFileSync(join(dir.path, 'second.tama-cassette')).equals(bytes)).toBe(true)
    expect(second).toEqual(first)
    expect(first).toEqual({sha256: sha256Hex(bytes), bytes: bytes.length})
  })

  it('writes the header and tables the format specifies', async () => {
    const out = join(dir.path, 'header.tama-cassette')
    await writeCassette(plan, out)
    const bytes = readFileSync(out)
    expect({
      magic: bytes.subarray(0, 16).toString('latin1'),
      pageSize: bytes.readUInt16BE(16),
      journal: [bytes[18], bytes[19]],
      pages: bytes.readUInt32BE(28) * 4096 === bytes.length,
      freePages: bytes.readUInt32BE(36),
      encoding: bytes.readUInt32BE(56),
      userVersion: bytes.readUInt32BE(60),
      applicationId: bytes.readUInt32BE(68),
    }).toEqual({magic: 'SQLite format 3\u0000', pageSize: 4096, journal: [1, 1], pages: true, freePages: 0, encoding: 1, userVersion: 1, applicationId: 0x54414d41})
    const db = openDatabase(bytes, {readonly: true})
    try {
      expect(db.prepare('SELECT name, sql FROM sqlite_schema').all()).toEqual([
        ...CASSETTE_TABLES.map(({name, sql}) => ({name, sql})),
        ...carriedTables().map((table) => ({name: `search_${table.name}`, sql: table.cassetteSql})),
      ])
      expect(db.prepare('SELECT key, value FROM meta').all()).toEqual([
        {key: 'documents', value: '2'},
        {key: 'format', value: 'tama-cassette/1'},
        {key: 'name', value: 'pets'},
        {key: 'operations', value: '5'},
        {key: 'profile', value: 'tama-operations/1'},
        {key: 'search_data', value: SEARCH_DATA_HASH},
        {key: 'sqlite_version', value: expect.stringMatching(/^3\.\d+\.\d+$/)},
        {key: 'tama_dex_version', value: JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')).version},
        {key: 'version', value: '1.2.0'},
      ])
      expect(db.prepare('SELECT id, operation_id, destructive FROM operations ORDER BY id').all()).toEqual([
        {id: 1, operation_id: 'orders_get', destructive: 0},
        {id: 2, operation_id: 'orders_list', destructive: 0},
        {id: 3, operation_id: 'pets_create', destructive: 0},
        {id: 4, operation_id: 'pets_delete', destructive: 1},
        {id: 5, operation_id: 'pets_list', destructive: 0},
      ])
    } finally {
      db.close()
    }
  })

  const broken: CassettePlan = {...plan, documents: [plan.documents[0]!, {...plan.documents[1]!, id: 1}]}

  it.each([
    {given: {name: 'a plan the database refuses', plan: broken, output: 'kept.tama-cassette'}, want: {kind: 'internal'}},
    {given: {name: 'an output that is a directory', plan, output: 'a-directory'}, want: {kind: 'usage', message: /it is a directory/}},
    {given: {name: 'an output in a missing directory', plan, output: join('missing', 'x.tama-cassette')}, want: {kind: 'usage', message: /its folder does not exist/}},
  ])('fails on $given.name, leaving the output as it was and no temporary file', async ({given, want}) => {
    const work = join(dir.path, given.name.replaceAll(' ', '-'))
    mkdirSync(join(work, 'a-directory'), {recursive: true})
    writeFileSync(join(work, 'kept.tama-cassette'), 'the previous release')
    const before = readdirSync(work).sort()
    await expect(writeCassette(given.plan, join(work, given.output))).rejects.toMatchObject(want)
    expect(readdirSync(work).sort()).toEqual(before)
    expect(readFileSync(join(work, 'kept.tama-cassette'), 'utf8')).toBe('the previous release')
  })
})
