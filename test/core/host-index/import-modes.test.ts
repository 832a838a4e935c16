import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../../src/core/cassette/index.js'
import {sha256Hex} from '../../../src/core/cassette/format/canonical-json.js'
import {openIndex} from '../../../src/core/host-index/index.js'
import {fixtureDocuments, rewriteDocument, withSql} from '../cassette/cassette-kit.js'

let dir: string
let good: {file: string; sha256: string}
/** A cassette whose embedded document no longer validates, but whose prebuilt rows are intact. */
let stale: {file: string; sha256: string}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-import-modes-'))
  const file = join(dir, 'pets.tama-cassette')
  const built = await buildCassette({name: 'pets', version: '1.0.0', documents: fixtureDocuments('pets.yaml')}, file)
  good = {file, sha256: built.sha256}
  const bytes = withSql(readFileSync(file), dir, (db) => {
    const title = db.prepare<{title: string}>('SELECT title FROM documents').get()!.title
    // Drop every scope declaration: the document now fails closed under validation.
    rewriteDocument(db, title, (json) => json.replaceAll('"x-tama-scopes":', '"x-tama-scopes-removed":'))
  })
  stale = {file: join(dir, 'stale.tama-cassette'), sha256: sha256Hex(bytes)}
  writeFileSync(stale.file, bytes)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('index.import modes', () => {
  it.each([
    {given: 'a pinned digest', pin: () => good.sha256, want: 'copy'},
    {given: 'no pin', pin: () => undefined, want: 'rebuild'},
  ])('installs with $given in $want mode, with the same operations', async ({pin, want}) => {
    const index = openIndex({path: ':memory:'})
    try {
      const result = await index.import(good.file, {sha256: pin()})
      expect(result).toMatchObject({cassette: 'pets', mode: want, changed: true})
      expect(index.search('pets', {scopes: ['pets.read', 'pets.write']}).results.length).toBeGreaterThan(0)
      // What it says it is, from its embedded document, whichever way it was installed.
      expect(index.cassette('pets').title).toBe('Pets')
    } finally {
      index.close()
    }
  })

  it('copy mode takes the prebuilt rows without re-validating the embedded documents; rebuild mode re-validates', async () => {
    const index = openIndex({path: ':memory:'})
    try {
      const failure = await index.import(stale.file).catch((error: unknown) => error)
      expect(failure).toMatchObject({kind: 'verification_failed', message: expect.stringContaining('re-validating the embedded documents')})
      expect(index.status().state).toBe('not_ready')
      await expect(index.import(stale.file, {sha256: stale.sha256})).resolves.toMatchObject({mode: 'copy', changed: true})
    } finally {
      index.close()
    }
  })

  it('a pin that does not match changes nothing: the previous cassette stays whole', async () => {
    const index = openIndex({path: ':memory:'})
    try {
      await index.import(good.file, {sha256: good.sha256})
      const before = index.cassettes()
      await expect(index.import(stale.file, {sha256: good.sha256})).rejects.toMatchObject({kind: 'digest_mismatch'})
      expect(index.cassettes()).toEqual(before)
    } finally {
      index.close()
    }
  })
})
