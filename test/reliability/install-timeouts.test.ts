import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {readCassette, sha256Hex, verifyCassette} from '../../src/core/cassette/index.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import {CANCEL_GRACE_MS} from '../../src/core/host-index/install-runner.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {LIMITS} from '../../src/core/profile/index.js'
import {largeDocument} from '../helpers/documents.js'
import {runCli} from '../helpers/cli.js'
import {fixtureDocuments, rewriteDocument, withSql} from '../core/cassette/cassette-kit.js'
import {tally} from './counts.js'
import {scaled} from './soak.js'

/**
 * How long after its timeout (or abort) an install answers, at most: the grace given to a
 * worker stuck in one native step, plus the documented allowance for a busy machine.
 */
const ANSWER_SLACK_MS = 1_000

let dir: string
let goodFile: string
/** A cassette whose one embedded document is larger than a document may be, with a correct digest. */
let oversizedFile: string
let oversizedSha256: string
/** A cassette whose embedded document is within the limits but takes seconds to parse: one long native step. */
let slowFile: string
/** The same, taking about a second to install on the caller's thread. */
let lessSlowFile: string

/**
 * JSON that V8 parses slowly per byte, all inside one uninterruptible JSON.parse: many
 * objects, each with a key no other has (each one a new hidden class).
 */
function slowJson(objects: number): string {
  return `[${Array.from({length: objects}, (_, i) => `{"k${i}":0}`).join(',')}]`
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-timeouts-'))
  goodFile = join(dir, 'pets.tama-cassette')
  await buildCassette({name: 'pets', version: '1.0.0', documents: fixtureDocuments('pets.yaml')}, goodFile)
  const good = readFileSync(goodFile)
  // Cheap to make and to store, expensive to parse: one array of 33 million zeros, just over the limit.
  const oversized = withSql(good, dir, (db) => rewriteDocument(db, 'Pets', () => `[${'0,'.repeat(LIMITS.documentBytes / 2)}0]`))
  oversizedFile = join(dir, 'oversized.tama-cassette')
  writeFileSync(oversizedFile, oversized)
  oversizedSha256 = sha256Hex(oversized)
  slowFile = slowCassette(good, 'slow', scaled(2_000_000, 3_000_000))
  lessSlowFile = slowCassette(good, 'less-slow', 400_000)
}, 120_000)

/** Writes `good` with an `x-slow` extension of slowJson(objects), which sorts before x-tama-profile so the document stays canonical JSON. */
function slowCassette(good: Uint8Array, name: string, objects: number): string {
  const file = join(dir, `${name}.tama-cassette`)
  writeFileSync(file, withSql(good, dir, (db) => rewriteDocument(db, 'Pets', (json) => json.replace(',"x-tama-profile":', `,"x-slow":${slowJson(objects)},"x-tama-profile":`))))
  return file
}

afterAll(() => {
  rmSync(dir, {recursive: true, force: true})
})

describe('an embedded document larger than a document may be', () => {
  const SAYS = /document row 1 is 64\.0 MiB of JSON; a document may be at most 64 MiB .* It was not parsed\./

  it('fails verification at the documents check, before anything parses it', async (context) => {
    const report = await verifyCassette(readFileSync(oversizedFile), {source: oversizedFile})
    expect(report.ok).toBe(false)
    expect(report.checks.find((check) => !check.ok)).toMatchObject({check: 'documents', ok: false, detail: expect.stringMatching(SAYS)})
    expect(report.checks.map((check) => check.check)).not.toContain('derivation')
    tally(context, 'cassettes tried', 1)
  })

  it('is refused by readCassette (inspect)', () => {
    expect(() => readCassette(readFileSync(oversizedFile), {source: oversizedFile})).toThrow(SAYS)
  })

  it.for([{pinned: false}, {pinned: true}])('is refused by index.import (pinned: $pinned), and the index is unchanged', async ({pinned}, context) => {
    const index = openIndex({path: ':memory:'})
    try {
      await index.import(goodFile)
      const before = index.cassettes()
      const error = await index.import(oversizedFile, pinned ? {sha256: oversizedSha256} : {}).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TamaError)
      expect({kind: (error as TamaError).kind, message: (error as TamaError).message}).toEqual({kind: 'verification_failed', message: expect.stringMatching(SAYS)})
      expect(index.cassettes()).toEqual(before)
      tally(context, 'cassettes tried', 1)
    } finally {
      index.close()
    }
  })

  it('is refused by `cassette verify` with exit 4', async () => {
    const result = await runCli(['cassette', 'verify', oversizedFile])
    expect(result.code, result.stdout + result.stderr).toBe(4)
    expect(result.stdout).toMatch(SAYS)
  })
})

describe('a prebuilt record larger than any document may be', () => {
  it('is refused by a pinned import at the operations check, before anything parses it', async (context) => {
    const oversized = withSql(readFileSync(goodFile), dir, (db) => db.prepare("UPDATE operations SET record = ? WHERE operation_id = 'pets_list'").run(`[${'0,'.repeat(LIMITS.documentBytes / 2)}0]`))
    const file = join(dir, 'oversized-record.tama-cassette')
    writeFileSync(file, oversized)
    const index = openIndex({path: ':memory:'})
    try {
      const error = await index.import(file, {sha256: sha256Hex(oversized)}).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TamaError)
      expect((error as TamaError).message).toMatch(/operation row \d's record is 64\.0 MiB of JSON; no record can be larger than a document \(64 MiB\)\. It was not parsed\./)
      expect(index.status()).toMatchObject({state: 'not_ready', cassettes: 0})
      tally(context, 'cassettes tried', 1)
    } finally {
      index.close()
    }
  })
})

describe('an install that runs out of time', () => {
  let index: TamaIndex

  beforeAll(async () => {
    index = openIndex({path: join(dir, 'index.sqlite3')})
    await index.load(largeDocument('runtime', 3), {cassette: 'runtime'})
  })
  afterAll(() => index.close())

  // The worker starts (with the TypeScript loader, from source), reads and hashes in well under
  // 1.5 s, then spends seconds in one JSON.parse, which no thread can be interrupted in: that is where the time runs out.
  const AFTER_MS = 1_500
  it.for([
    {name: 'a timeout', bounds: () => ({timeout: AFTER_MS}), kind: 'timeout'},
    {name: 'an abort', bounds: () => ({signal: AbortSignal.timeout(AFTER_MS)}), kind: 'aborted'},
  ])('answers $name in the middle of one long parse, and changes nothing', async ({bounds, kind}, context) => {
    // How soon it answers is a figure for a benchmark; here, what it answers and what it leaves.
    const before = index.cassettes()
    const error = await index.import(slowFile, bounds()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TamaError)
    expect((error as TamaError).kind).toBe(kind)
    expect(index.cassettes()).toEqual(before)
    // The index is not held: the next install goes ahead at once.
    await expect(index.import(goodFile)).resolves.toMatchObject({cassette: 'pets', changed: true})
    await index.remove('pets')
    tally(context, 'cassettes tried', 1)
  })

  it('states a slack larger than the grace it gives a stuck worker', () => {
    expect(CANCEL_GRACE_MS).toBeLessThan(ANSWER_SLACK_MS)
  })

  it('on an in-memory index, refuses to commit an install that outlived its timeout on the caller\'s thread', async (context) => {
    const memory = openIndex({path: ':memory:'})
    try {
      // Reading and hashing take far less; parsing and validating, about a second, during which no timer can fire.
      const error = await memory.import(lessSlowFile, {timeout: 200}).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TamaError)
      expect((error as TamaError).kind).toBe('timeout')
      expect(memory.status()).toMatchObject({state: 'not_ready', cassettes: 0})
      tally(context, 'cassettes tried', 1)
    } finally {
      memory.close()
    }
  })
})
