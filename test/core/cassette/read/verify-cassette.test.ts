import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../../../src/core/cassette/write/build-cassette.js'
import {sha256Hex} from '../../../../src/core/cassette/format/canonical-json.js'
import {loadCassetteOperations, openCassette} from '../../../../src/core/cassette/read/opened-cassette.js'
import {readCassette} from '../../../../src/core/cassette/read/read-cassette.js'
import {assertCassetteVerified, verifyCassette} from '../../../../src/core/cassette/read/verify-cassette.js'
import {HOSTILE_CASSETTES, fixtureDocuments, hideDestructive, rewriteDocument, tamaError, temporaryDirectory, withSql} from '../cassette-kit.js'

const dir = temporaryDirectory()
let good: Uint8Array
let goodSha256: string

beforeAll(async () => {
  const built = await buildCassette({name: 'pets', version: '1.2.0', documents: fixtureDocuments('pets.yaml', 'store.json')}, join(dir.path, 'pets.tama-cassette'))
  good = readFileSync(join(dir.path, 'pets.tama-cassette'))
  goodSha256 = built.sha256
})
afterAll(() => dir.remove())

describe('verifyCassette', () => {
  it('passes every check of a good cassette, in order', async () => {
    const report = await verifyCassette(good, {source: 'pets.tama-cassette', sha256: goodSha256.toUpperCase()})
    expect(report.checks.map((check) => [check.check, check.ok])).toEqual(
      ['digest', 'header', 'schema', 'integrity', 'meta', 'documents', 'operations', 'records', 'derivation', 'search_rows'].map((check) => [check, true]),
    )
    expect(report).toMatchObject({ok: true, sha256: goodSha256, bytes: good.length, meta: {name: 'pets', version: '1.2.0', documents: 2, operations: 5}})
    expect(() => assertCassetteVerified(report)).not.toThrow()
  })

  it.each(HOSTILE_CASSETTES)('refuses $given.name at the $want.check check', async ({given, want}) => {
    const report = await verifyCassette(given.mutate(good, dir.path), {source: 'hostile.tama-cassette'})
    const failed = report.checks.filter((check) => !check.ok)
    expect(report.ok).toBe(false)
    expect(failed[0]).toMatchObject({check: want.check, detail: expect.stringMatching(want.reason)})
    const error = tamaError(() => assertCassetteVerified(report))
    expect(error.kind).toBe('verification_failed')
    expect(error.problems[0]).toMatchObject({source: 'hostile.tama-cassette', message: expect.stringMatching(want.reason)})
  })

  it('reports a digest mismatch as digest_mismatch, and still checks the rest', async () => {
    const report = await verifyCassette(good, {source: 'pets.tama-cassette', sha256: '0'.repeat(64)})
    expect(report.checks.filter((check) => !check.ok).map((check) => check.check)).toEqual(['digest'])
    expect(report.checks).toHaveLength(10)
    const error = tamaError(() => assertCassetteVerified(report))
    expect(error.kind).toBe('digest_mismatch')
    expect(error.message).toMatch(/not the pinned 0{64}/)
  })

  it('names every problem of an embedded document that no longer validates', async () => {
    // Valid rows for an invalid document: the document lost its scopes, rows kept theirs.
    const hostile = withSql(good, dir.path, (db) => rewriteDocument(db, 'Store', (json) => json.replace(',"x-tama-scopes":["store.read"]', '')))
    const report = await verifyCassette(hostile, {source: 'hostile.tama-cassette'})
    const derivation = report.checks.find((check) => check.check === 'derivation')!
    expect(derivation.ok).toBe(false)
    expect(derivation.problems).toEqual(expect.arrayContaining([expect.objectContaining({source: expect.stringMatching(/^hostile.tama-cassette document \d$/), pointer: expect.stringContaining('orders~1{id}')})]))
  })
})

describe('loadCassetteOperations', () => {
  it.each([
    {given: 'copy' as const, want: {destructive: false}},
    {given: 'rebuild' as const, want: {destructive: true}},
  ])('in $given mode takes the operations from where the mode says', ({given, want}) => {
    // A pinned file whose prebuilt rows disagree with its documents: copy trusts the rows
    // (the caller vouched for these bytes), rebuild derives from the documents.
    const tampered = withSql(good, dir.path, hideDestructive)
    const records = loadCassetteOperations(tampered, {source: 'pets.tama-cassette', sha256: sha256Hex(tampered), mode: given})
    expect(records.map((record) => record.operationId)).toEqual(['orders_get', 'orders_list', 'pets_create', 'pets_delete', 'pets_list'])
    expect(records.find((record) => record.operationId === 'pets_delete')).toMatchObject(want)
  })

  it.each([
    {given: {mode: 'copy' as const, sha256: undefined}, want: {kind: 'usage', message: /only copied from a cassette whose SHA-256 was pinned/}},
    {given: {mode: 'copy' as const, sha256: 'f'.repeat(64)}, want: {kind: 'digest_mismatch', message: /not the pinned/}},
    {given: {mode: 'rebuild' as const, sha256: 'xyz'}, want: {kind: 'usage', message: /not 64 hex digits/}},
  ])('refuses $given', ({given, want}) => {
    const error = tamaError(() => loadCassetteOperations(good, {source: 'pets.tama-cassette', ...given}))
    expect(error).toMatchObject({kind: want.kind, message: expect.stringMatching(want.message)})
  })

  it.each(HOSTILE_CASSETTES.filter(({want}) => want.check !== 'records' && want.check !== 'derivation'))(
    'refuses $given.name before any operation is read',
    ({given, want}) => {
      const error = tamaError(() => openCassette(given.mutate(good, dir.path), {source: 'hostile.tama-cassette'}))
      expect(error).toMatchObject({kind: 'verification_failed', message: expect.stringMatching(want.reason)})
    },
  )
})

describe('readCassette', () => {
  it('returns meta, the documents and the prebuilt records', () => {
    const contents = readCassette(good, {source: 'pets.tama-cassette'})
    expect(contents.sha256).toBe(goodSha256)
    expect(contents.meta).toMatchObject({format: 'tama-cassette/1', name: 'pets', profile: 'tama-operations/1', documents: 2, operations: 5})
    expect(contents.documents.map((document) => document.title).sort()).toEqual(['Pets', 'Store'])
    expect(contents.documents.find((document) => document.title === 'Store')?.document).toEqual(JSON.parse(readFileSync(new URL('../../../fixtures/cassette/store.json', import.meta.url), 'utf8')))
    expect(contents.operations.find((record) => record.operationId === 'pets_delete')).toMatchObject({destructive: true, scopes: ['pets.write']})
  })
})
