import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette, canonicalJson, openCassette, verifyCassette} from '../../../src/core/cassette/index.js'
import {readDocumentFile} from '../../../src/core/profile/index.js'
import {openDatabase} from '../../../src/core/sqlite/open-database.js'
import {PROJECT_ROOT} from '../../helpers/cli.js'
import {tamaError, temporaryDirectory, withSql} from './cassette-kit.js'

const DOCUMENT = join(PROJECT_ROOT, 'test/fixtures/profile/valid/search-terms.yaml')

let dir: ReturnType<typeof temporaryDirectory>
let withTerms: {bytes: Buffer; sha256: string}
let withoutTerms: {bytes: Buffer; sha256: string}

/** The document with every `x-tama-keywords` and `x-tama-examples` taken out. */
function strip(document: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(document, (key, value: unknown) => (key === 'x-tama-keywords' || key === 'x-tama-examples' ? undefined : value))) as Record<string, unknown>
}

async function build(name: string, document: unknown): Promise<{bytes: Buffer; sha256: string}> {
  const file = join(dir.path, `${name}.tama-cassette`)
  const built = await buildCassette({name: 'terms', version: '1.0.0', documents: [{source: 'search-terms.yaml', document}]}, file)
  return {bytes: readFileSync(file), sha256: built.sha256}
}

function storedRecords(bytes: Uint8Array): Array<Record<string, unknown>> {
  const db = openDatabase(bytes)
  try {
    return db.prepare<{record: string}>('SELECT record FROM operations ORDER BY id').all().map((row) => JSON.parse(row.record) as Record<string, unknown>)
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  dir = temporaryDirectory()
  const document = (await readDocumentFile(DOCUMENT)) as Record<string, unknown>
  withTerms = await build('with', document)
  withoutTerms = await build('without', strip(document))
})

afterAll(() => dir.remove())

describe('keywords and examples in a cassette', () => {
  it('are part of the stored record, so changing them changes the digest', () => {
    expect(withTerms.sha256).not.toBe(withoutTerms.sha256)
    expect(storedRecords(withTerms.bytes)[0]).toMatchObject({keywords: ['container', 'linux containers', 'lxd', 'start', 'stop', 'virtual machine', 'vm'], examples: ['start the web01 container', 'reboot a vm']})
  })

  it('are left out of the stored record when empty, as cassettes built before they existed store it', () => {
    for (const record of storedRecords(withoutTerms.bytes)) {
      expect(Object.keys(record)).not.toContain('keywords')
      expect(Object.keys(record)).not.toContain('examples')
    }
  })

  it.each([
    {given: 'with keywords and examples', cassette: () => withTerms, want: {keywords: ['linux containers', 'lxd'], examples: []}},
    {given: 'without them (as built before they existed)', cassette: () => withoutTerms, want: {keywords: [], examples: []}},
  ])('a cassette $given verifies, and reads the same prebuilt and rebuilt', async ({cassette, want}) => {
    const {bytes, sha256} = cassette()
    expect((await verifyCassette(bytes, {source: 'c', sha256})).ok).toBe(true)
    const opened = openCassette(bytes, {source: 'c', sha256})
    const copied = opened.operations('copy')
    expect(copied).toEqual(opened.operations('rebuild'))
    expect(copied.find((record) => record.operationId === 'instances_get')).toMatchObject(want)
  })

  it('refuses a prebuilt record that stores empty keywords, which no build writes', () => {
    const bytes = withSql(withoutTerms.bytes, dir.path, (db) => {
      const row = db.prepare<{id: number; record: string}>('SELECT id, record FROM operations WHERE id = 1').get()!
      db.prepare('UPDATE operations SET record = ? WHERE id = ?').run(canonicalJson({...JSON.parse(row.record), keywords: []}), row.id)
    })
    const error = tamaError(() => openCassette(bytes, {source: 'c', sha256: openCassette(bytes, {source: 'c'}).sha256}).operations('copy'))
    expect(error.kind).toBe('verification_failed')
    expect(error.message).toMatch(/the record is not an operation record \(\/keywords/)
  })
})
