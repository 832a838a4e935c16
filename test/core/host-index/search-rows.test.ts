import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette, verifyCassette} from '../../../src/core/cassette/index.js'
import {sha256Hex} from '../../../src/core/cassette/format/canonical-json.js'
import {openIndex} from '../../../src/core/host-index/index.js'
import {carriedTables, searchTables} from '../../../src/core/search/index.js'
import {openDatabase} from '../../../src/core/sqlite/open-database.js'
import {fixtureDocuments, withSql} from '../cassette/cassette-kit.js'

interface Cassette {
  readonly file: string
  readonly sha256: string
}

const SCOPES = {scopes: ['pets.read', 'pets.write', 'store.read']}
let dir: string
let pets: Cassette
let petsAndStore: Cassette
let store: Cassette

async function build(name: string, version: string, ...documents: string[]): Promise<Cassette> {
  const file = join(dir, `${name}-${version}.tama-cassette`)
  const built = await buildCassette({name, version, documents: fixtureDocuments(...documents)}, file)
  return {file, sha256: built.sha256}
}

/** A copy of the pets cassette changed by `sql`, pinned by its new digest. */
function changed(name: string, sql: string): Cassette {
  const bytes = withSql(readFileSync(pets.file), dir, (db) => db.exec(sql))
  const file = join(dir, `${name}.tama-cassette`)
  writeFileSync(file, bytes)
  return {file, sha256: sha256Hex(bytes)}
}

/**
 * Every search table of an index file, row by row in key order. JSON text is compared as
 * the value it stands for: records copied from a cassette's prebuilt rows keep their
 * canonical key order, derived ones the profile's.
 */
function searchDump(path: string): Record<string, unknown[]> {
  const db = openDatabase(path, {readonly: true})
  const value = (text: unknown) => (typeof text === 'string' && text.startsWith('{') ? JSON.parse(text) : text)
  try {
    return Object.fromEntries(
      searchTables().map((table) => {
        const order = table.columns.filter((column) => column.key > 0).map((column) => column.name).join(', ') || 'rowid'
        const rows = db.prepare<Record<string, unknown>>(`SELECT * FROM ${table.name} ORDER BY ${order}`).all()
        return [table.name, rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, text]) => [key, value(text)])))]
      }),
    )
  } finally {
    db.close()
  }
}

/** Adds the word `zebrafish` to pets_list's summary terms: no document says it. */
const LYING_ROWS = `
UPDATE search_operation_text SET summary_terms = summary_terms || ' zebrafish' WHERE id = (SELECT id FROM search_operations WHERE operation_id = 'pets_list');
INSERT INTO search_operation_terms (term, docs) VALUES ('zebrafish', 1);`

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-search-rows-'))
  pets = await build('pets', '1.0.0', 'pets.yaml')
  petsAndStore = await build('pets', '1.1.0', 'pets.yaml', 'store.json')
  store = await build('store', '1.0.0', 'store.json')
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('search rows in the index', () => {
  it('a pinned import copies the same search rows a rebuild derives, across cassettes, replacements and removals', async () => {
    const copied = openIndex({path: join(dir, 'copied.sqlite')})
    const derived = openIndex({path: join(dir, 'derived.sqlite')})
    try {
      const steps: Array<[string, (index: typeof copied, pin: boolean) => Promise<unknown>]> = [
        ['pets', (index, pin) => index.import(pets.file, {sha256: pin ? pets.sha256 : undefined})],
        ['store', (index, pin) => index.import(store.file, {sha256: pin ? store.sha256 : undefined})],
        ['pets replaced', (index, pin) => index.import(petsAndStore.file, {sha256: pin ? petsAndStore.sha256 : undefined})],
        ['store removed', (index) => index.remove('store')],
      ]
      for (const [step, run] of steps) {
        await run(copied, true)
        await run(derived, false)
        expect({step, rows: searchDump(copied.path)}).toEqual({step, rows: searchDump(derived.path)})
        expect(copied.search('list orders', SCOPES)).toEqual(derived.search('list orders', SCOPES))
      }
      expect(copied.cassettes().map((cassette) => cassette.mode)).toEqual(['copy'])
      expect(derived.cassettes().map((cassette) => cassette.mode)).toEqual(['rebuild'])
    } finally {
      copied.close()
      derived.close()
    }
  })

  it('a pinned copy of records holding characters past ASCII stores what a rebuild stores', async () => {
    const unicode = await build('cafe', '1.0.0', 'unicode.json')
    const copied = openIndex({path: join(dir, 'copied-unicode.sqlite')})
    const derived = openIndex({path: join(dir, 'derived-unicode.sqlite')})
    try {
      await copied.import(unicode.file, {sha256: unicode.sha256})
      await derived.import(unicode.file)
      expect(searchDump(copied.path)).toEqual(searchDump(derived.path))
      expect(copied.operation('cafe', 'dish_get', {scopes: ['menu.read']})).toEqual(derived.operation('cafe', 'dish_get', {scopes: ['menu.read']}))
      expect(copied.cassettes().map((cassette) => cassette.mode)).toEqual(['copy'])
    } finally {
      copied.close()
      derived.close()
    }
  })

  it("a pinned cassette's search rows are installed as they are, while verify and an unpinned import refuse them", async () => {
    const lying = changed('lying', LYING_ROWS)
    const index = openIndex({path: join(dir, 'lying.sqlite')})
    try {
      await expect(index.import(lying.file)).rejects.toMatchObject({kind: 'verification_failed', message: expect.stringContaining('search_rows')})
      expect(index.status().state).toBe('not_ready')
      await expect(index.import(lying.file, {sha256: lying.sha256})).resolves.toMatchObject({mode: 'copy', changed: true})
      expect(index.search('zebrafish', SCOPES).results.map((hit) => hit.operation_id)).toEqual(['pets_list'])
    } finally {
      index.close()
    }
    const report = await verifyCassette(readFileSync(lying.file), {source: 'lying.tama-cassette'})
    expect(report.checks.filter((check) => !check.ok)).toEqual([
      {check: 'search_rows', ok: false, detail: expect.stringContaining('search_operation_text row 3: summary_terms differs')},
    ])
  })

  it.each([
    {given: 'tagged with other search data', sql: `${LYING_ROWS} UPDATE meta SET value = '${'0'.repeat(64)}' WHERE key = 'search_data';`, detail: 'derived with other search data'},
    {given: 'without search rows, as built before them', sql: `${carriedTables().map((table) => `DROP TABLE search_${table.name};`).join(' ')} DELETE FROM meta WHERE key = 'search_data';`, detail: 'carries no search rows'},
  ])('a cassette $given is derived by the host, pinned or not, and verifies', async ({given, sql, detail}) => {
    const other = changed(given.replaceAll(' ', '-'), sql)
    for (const sha256 of [other.sha256, undefined]) {
      const path = join(dir, `other-${sha256 === undefined ? 'rebuild' : 'copy'}-${Math.random()}.sqlite`)
      const index = openIndex({path})
      const fresh = openIndex({path: join(dir, `fresh-${Math.random()}.sqlite`)})
      try {
        await index.import(other.file, {sha256})
        await fresh.import(pets.file)
        expect(index.search('zebrafish', SCOPES).results).toEqual([])
        expect(searchDump(index.path)).toEqual(searchDump(fresh.path))
      } finally {
        index.close()
        fresh.close()
      }
    }
    const report = await verifyCassette(readFileSync(other.file), {source: 'other.tama-cassette'})
    expect(report.ok).toBe(true)
    expect(report.checks.at(-1)).toEqual({check: 'search_rows', ok: true, detail: expect.stringContaining(detail)})
  })

  it('a pinned copy that finds another writer holding the index waits for it in a worker thread, and copies', async () => {
    const path = join(dir, 'busy.sqlite')
    const index = openIndex({path})
    const writer = openDatabase(path)
    try {
      writer.exec('BEGIN IMMEDIATE')
      const install = index.import(pets.file, {sha256: pets.sha256})
      // Released once the install is under way; the copy on the caller's thread found the lock taken.
      setTimeout(() => writer.exec('COMMIT'), 300)
      await expect(install).resolves.toMatchObject({mode: 'copy', changed: true})
      expect(index.search('list pets', SCOPES).results[0]).toMatchObject({operation_id: 'pets_list'})
    } finally {
      writer.close()
      index.close()
    }
  })

  it.each([
    {given: 'an operation missing', sql: "DELETE FROM search_operations WHERE operation_id = 'pets_list'", want: 'search_operations" holds 2 rows'},
    {given: 'an operation under another id', sql: "UPDATE search_operations SET operation_id = 'pets_gone' WHERE operation_id = 'pets_list'", want: 'search_operations" holds 3 rows, 2 of them'},
    {given: 'a name key of no operation', sql: 'UPDATE search_operation_name_keys SET id = 99 WHERE rowid = 1', want: 'search_operation_name_keys"."id" refers to a row'},
    {given: 'a repeated name key', sql: 'INSERT INTO search_operation_name_keys SELECT * FROM search_operation_name_keys LIMIT 1', want: 'search_operation_name_keys" repeats a key'},
    {given: 'a term count beyond the operations', sql: 'UPDATE search_operation_terms SET docs = 1000000 WHERE rowid = 1', want: 'holds a count outside 1..3'},
    {given: 'a table of another shape', sql: 'DROP TABLE search_operation_text; CREATE TABLE search_operation_text (\n  id INTEGER PRIMARY KEY NOT NULL\n) STRICT', want: 'table search_operation_text is not defined as this tama-dex writes it'},
    {given: 'a record that is not JSON', sql: "UPDATE operations SET record = '{not json' WHERE id = 1", want: 'the record is not JSON'},
    {given: 'a record without an input schema', sql: "UPDATE operations SET record = json_remove(record, '$.inputSchema') WHERE id = 1", want: 'the record is not an operation record'},
    {given: 'a trigger on a search table', sql: "CREATE TRIGGER search_evil AFTER INSERT ON search_operations BEGIN SELECT 1; END", want: 'unexpected trigger'},
    {given: 'a view among the search tables', sql: 'CREATE VIEW search_view AS SELECT 1', want: 'unexpected view'},
    {given: 'a search table with a computed column', sql: 'CREATE TABLE search_extra (a INTEGER, b INTEGER GENERATED ALWAYS AS (a + 1)) STRICT', want: 'unexpected table'},
  ])('a pinned cassette with $given is refused and changes nothing', async ({given, sql, want}) => {
    const hostile = changed(`hostile-${given.replaceAll(' ', '-')}`, sql)
    const index = openIndex({path: join(dir, `hostile-${Math.random()}.sqlite`)})
    try {
      await index.import(pets.file, {sha256: pets.sha256})
      const before = searchDump(index.path)
      await expect(index.import(hostile.file, {sha256: hostile.sha256})).rejects.toMatchObject({kind: 'verification_failed', message: expect.stringContaining(want)})
      expect(searchDump(index.path)).toEqual(before)
    } finally {
      index.close()
    }
  })
})
