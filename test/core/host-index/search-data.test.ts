import {mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../../src/core/cassette/index.js'
import {openIndex} from '../../../src/core/host-index/index.js'
import {refreshSearchRows} from '../../../src/core/host-index/search-data.js'
import {SEARCH_DATA_HASH} from '../../../src/core/search/index.js'
import {openDatabase} from '../../../src/core/sqlite/open-database.js'
import {SEARCH_DATA_FILE, searchDataHash, searchDataSource} from '../../../scripts/search-data-hash.mjs'
import {fixtureDocuments} from '../cassette/cassette-kit.js'

const ROOT = new URL('../../../', import.meta.url).pathname
const SEARCH_FILES = readdirSync(join(ROOT, 'src/core/search'), {recursive: true, encoding: 'utf8'})
  .map((name) => `src/core/search/${name}`)
  .filter((path) => path !== SEARCH_DATA_FILE && statSync(join(ROOT, path)).isFile())

describe('the search-data hash', () => {
  it('is what scripts/search-data-hash.mjs computes from the files as committed (run npm run build after changing search)', () => {
    expect(readFileSync(join(ROOT, SEARCH_DATA_FILE), 'utf8')).toBe(searchDataSource(searchDataHash(ROOT)))
  })

  it.each(SEARCH_FILES.map((path) => ({given: path})))('changes when one word of $given changes', ({given}) => {
    const text = readFileSync(join(ROOT, given), 'utf8')
    // The first quoted word, as a vocabulary list holds them, else the first word.
    const word = /'([a-z]+)'/.exec(text)?.[1] ?? /[a-z]+/.exec(text)![0]
    expect(searchDataHash(ROOT, {[given]: text.replace(word, `${word}s`)})).not.toBe(SEARCH_DATA_HASH)
  })
})

let dir: string
let cassette: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-search-data-'))
  cassette = join(dir, 'pets.tama-cassette')
  await buildCassette({name: 'pets', version: '1.0.0', documents: fixtureDocuments('pets.yaml')}, cassette)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** An index holding pets whose derived rows are spoilt (verbs, name keys) and tagged `hash`. */
async function spoiltIndex(hash: string): Promise<string> {
  const path = join(dir, `index-${Math.random()}.sqlite`)
  const index = openIndex({path})
  await index.import(cassette)
  index.close()
  const db = openDatabase(path)
  try {
    db.exec("UPDATE operations SET verb = 'spoilt'; DELETE FROM operation_name_keys")
    db.prepare('UPDATE cassettes SET search_data = ?').run(hash)
  } finally {
    db.close()
  }
  return path
}

function derivedRows(path: string): unknown {
  const db = openDatabase(path, {readonly: true})
  try {
    return {
      verbs: db.prepare('SELECT operation_id, verb FROM operations ORDER BY operation_id').all(),
      keys: db.prepare('SELECT count(*) AS n FROM operation_name_keys').get(),
      hashes: db.prepare('SELECT search_data FROM cassettes').all(),
    }
  } finally {
    db.close()
  }
}

describe('an index of other search data', () => {
  it.each([
    {given: 'for writing', readonly: false},
    {given: 'read-only, where the file can be written', readonly: true},
  ])('derives its search rows again when opened $given', async ({readonly}) => {
    const fresh = join(dir, `fresh-${Math.random()}.sqlite`)
    const index = openIndex({path: fresh})
    await index.import(cassette)
    index.close()
    const path = await spoiltIndex('0'.repeat(64))
    openIndex({path, readonly}).close()
    expect(derivedRows(path)).toEqual(derivedRows(fresh))
    expect(derivedRows(path)).toMatchObject({hashes: [{search_data: SEARCH_DATA_HASH}]})
  })

  it('keeps the rows of its own search data as they are', async () => {
    const path = await spoiltIndex(SEARCH_DATA_HASH)
    openIndex({path}).close()
    expect(derivedRows(path)).toMatchObject({keys: {n: 0}, verbs: expect.arrayContaining([{operation_id: 'pets_list', verb: 'spoilt'}])})
  })

  it('is not_ready, saying what to do, through a connection that cannot write', async () => {
    const path = await spoiltIndex('0'.repeat(64))
    const db = openDatabase(path, {readonly: true})
    try {
      expect(() => refreshSearchRows(db, path)).toThrow(expect.objectContaining({kind: 'not_ready', message: expect.stringContaining("Make it writable and open it once more, which derives them")}))
    } finally {
      db.close()
    }
    expect(derivedRows(path)).toMatchObject({keys: {n: 0}})
  })
})
