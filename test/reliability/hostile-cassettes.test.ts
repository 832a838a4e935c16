import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {readCassetteFile, sha256Hex, verifyCassette} from '../../src/core/cassette/index.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {readDocumentFile} from '../../src/core/profile/index.js'
import {PROJECT_ROOT, runCli} from '../helpers/cli.js'
import {fixtureDocuments} from '../core/cassette/cassette-kit.js'
import {tally} from './counts.js'
import {HOSTILE, type HostileCassette, MARKER} from './hostile-cassettes.js'
import {ALL_SCOPES, indexFileProblems, observe} from './index-snapshot.js'
import {SOAK} from './soak.js'

let dir: string
let good: Uint8Array
let goodFile: string
let goodSha256: string
const indexes: {memory?: TamaIndex; file?: TamaIndex} = {}

/** What the pets operations look like to a caller with every scope and to a reader. */
const seen = (index: TamaIndex) => observe(index, ['pets orders list add remove returns order'], [ALL_SCOPES, ['pets.read', 'store.read', 'runtime.read']]) as {cassettes: unknown; searches: unknown}

/** What a directory holds: nothing may appear beside a cassette that was only read. */
function files(directory: string): string[] {
  return readdirSync(directory).sort()
}

// The file index pays for a worker thread per install: CI gives it the cases that would run
// or forge something, and the FIFO; the soak gives it every case.
const ON_FILE_INDEX = new Set(['a view forging operation rows', 'a trigger that would write into the file', 'an FTS5 table and its shadow tables', 'rows that consistently drop the scopes an operation needs', 'a FIFO no one writes to'])

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-hostile-'))
  goodFile = join(dir, 'pets.tama-cassette')
  goodSha256 = (await buildCassette({name: 'pets', version: '1.2.0', documents: fixtureDocuments('pets.yaml', 'store.json')}, goodFile)).sha256
  good = readFileSync(goodFile)
  const runtime = await readDocumentFile(join(PROJECT_ROOT, 'examples/runtime.yaml'))
  mkdirSync(join(dir, 'index'))
  for (const [name, path] of [['memory', ':memory:'], ['file', join(dir, 'index', 'index.sqlite3')]] as const) {
    const index = openIndex({path})
    await index.load(runtime, {cassette: 'runtime'})
    await index.import(goodFile, {sha256: goodSha256})
    indexes[name] = index
  }
}, 60_000)

afterAll(() => {
  indexes.memory?.close()
  indexes.file?.close()
  rmSync(dir, {recursive: true, force: true})
})

async function expectVerifyRefuses(hostile: HostileCassette, made: Uint8Array | {path: string}): Promise<void> {
  if ('path' in made) {
    // What `cassette verify` and every import read the file with: it never gets as far as SQLite.
    await expect(readCassetteFile(made.path)).rejects.toMatchObject({kind: hostile.kind ?? 'verification_failed', message: expect.stringMatching(hostile.reason)})
    return
  }
  const report = await verifyCassette(made, {source: 'hostile.tama-cassette', ...(hostile.pin === undefined ? {} : {sha256: hostile.pin})})
  expect(report.ok).toBe(false)
  expect(report.checks.find((check) => !check.ok)).toMatchObject({check: hostile.check, detail: expect.stringMatching(hostile.reason)})
  expect(JSON.stringify(report)).not.toContain(MARKER)
}

async function expectImport(index: TamaIndex, hostile: HostileCassette, path: string, sha256: string | undefined, outcome: HostileCassette['pinned']): Promise<void> {
  const baseline = seen(index)
  const result = await index.import(path, sha256 === undefined ? {} : {sha256}).catch((error: unknown) => error)
  if (outcome === 'refused') {
    expect(result).toBeInstanceOf(TamaError)
    const reason = sha256 !== undefined && hostile.pinnedReason !== undefined ? hostile.pinnedReason : hostile.reason
    expect(result).toMatchObject({kind: hostile.kind ?? 'verification_failed', message: expect.stringMatching(reason)})
    expect(seen(index)).toEqual(baseline)
    return
  }
  expect(result).toMatchObject({cassette: 'pets', changed: true, mode: sha256 === undefined ? 'rebuild' : 'copy'})
  const installed = seen(index)
  // Rebuild mode derives from the documents, so callers see exactly the good cassette; copy
  // mode takes the (pinned) rows, so the rows' lie shows, and rows with no lie are the good ones.
  if (outcome === 'installs what the documents say' || outcome === 'installs its intact rows') expect(installed.searches).toEqual(baseline.searches)
  else expect(installed.searches).not.toEqual(baseline.searches)
  expect(JSON.stringify(installed)).not.toContain(MARKER)
  await index.import(goodFile, {sha256: goodSha256})
  expect(seen(index)).toEqual(baseline)
}

describe('a hostile cassette', () => {
  it.for(HOSTILE.map((hostile) => ({...hostile, where: SOAK || ON_FILE_INDEX.has(hostile.name) ? 'memory and file' : 'memory'})))(
    '$name: verification fails at $check; imports are $pinned (pinned), $unpinned (unpinned); nothing ran; the index is unchanged ($where)',
    {timeout: 60_000},
    async (hostile, context) => {
      const made = hostile.make(good, dir)
      await expectVerifyRefuses(hostile, made)
      const path = 'path' in made ? made.path : join(dir, `hostile-${HOSTILE.indexOf(hostile)}.tama-cassette`)
      if (!('path' in made)) writeFileSync(path, made)
      const fileBefore = statSync(path).isFile() && statSync(path).size < 64 * 1024 * 1024 ? sha256Hex(readFileSync(path)) : null
      const beside = files(dir)
      for (const name of hostile.where === 'memory' ? (['memory'] as const) : (['memory', 'file'] as const)) {
        const index = indexes[name]!
        const pin = hostile.pin ?? ('path' in made ? 'f'.repeat(64) : sha256Hex(made))
        await expectImport(index, hostile, path, pin, hostile.pinned)
        if (hostile.unpinned !== 'not applicable') await expectImport(index, hostile, path, undefined, hostile.unpinned)
      }
      // Nothing opened the file for writing: same bytes, and no journal or WAL beside it.
      if (fileBefore !== null) expect(sha256Hex(readFileSync(path))).toBe(fileBefore)
      expect(files(dir)).toEqual(beside)
      if (hostile.where !== 'memory') {
        const indexPath = join(dir, 'index', 'index.sqlite3')
        expect(indexFileProblems(indexPath)).toEqual([])
        for (const file of [indexPath, `${indexPath}-wal`]) if (existsSync(file)) expect(readFileSync(file).includes(MARKER)).toBe(false)
      }
      tally(context, 'cassettes tried', 1)
    },
  )

  it('is at least 20 distinct files, each refused for its own reason', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(20)
    expect(new Set(HOSTILE.map((hostile) => hostile.name)).size).toBe(HOSTILE.length)
  })

  it.each([
    {name: 'a FIFO no one writes to', code: 2},
    {name: 'a file larger than any cassette may be', code: 4},
  ])('$name makes `cassette verify` exit $code at once instead of hanging or reading it', async ({name, code}) => {
    const made = HOSTILE.find((hostile) => hostile.name === name)!.make(good, dir) as {path: string}
    const result = await runCli(['cassette', 'verify', made.path, '--json'], {timeoutMs: 30_000})
    expect(result.code, result.stdout + result.stderr).toBe(code)
    expect(JSON.parse(result.stdout)).toMatchObject({error: {message: expect.stringMatching(HOSTILE.find((hostile) => hostile.name === name)!.reason)}})
  })
})
