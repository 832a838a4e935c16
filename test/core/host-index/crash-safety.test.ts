import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import Database from 'better-sqlite3'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {openIndex} from '../../../src/core/host-index/index.js'
import {largeDocument} from '../../helpers/documents.js'

const CHILD = fileURLToPath(new URL('../../fixtures/index/install-forever.ts', import.meta.url))
/** Kills per run; the reliability suite raises it (TAMA_DEX_CRASH_ROUNDS). */
const ROUNDS = Number(process.env.TAMA_DEX_CRASH_ROUNDS ?? 6)

const versions: Record<string, {paths: object; info: object}> = {
  '1.0.0': crashyVersion('1.0.0', 2500),
  '2.0.0': crashyVersion('2.0.0', 3100),
}

function crashyVersion(version: string, operations: number): {paths: object; info: object} {
  const document = largeDocument('Crashy', operations)
  return {...document, paths: document.paths as object, info: {title: 'Crashy', version}}
}

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-crash-'))
  for (const [version, document] of Object.entries(versions)) writeFileSync(join(dir, `${version}.json`), JSON.stringify(document))
})
afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** Runs the child until it has installed at least once, then kills it at a random moment. */
function installThenKill(path: string, seed: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, join(dir, '1.0.0.json'), join(dir, '2.0.0.json')], {stdio: ['ignore', 'pipe', 'pipe']})
    let installs = 0
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      const before = installs
      installs += chunk.toString().split('\n').filter((line) => line.startsWith('installed')).length
      // Kill somewhere inside a later install: validation, the write, or the commit.
      if (before === 0 && installs > 0) setTimeout(() => child.kill('SIGKILL'), 20 + ((seed * 7919) % 700))
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(installs) : reject(new Error(`child exited ${code}: ${stderr}`))))
  })
}

describe('an install killed with SIGKILL', () => {
  it(`leaves an index that opens, passes integrity_check, and holds one whole version (${ROUNDS} kills)`, async () => {
    const path = join(dir, 'index.sqlite3')
    for (let round = 0; round < ROUNDS; round++) {
      const installs = await installThenKill(path, round + 1)
      expect(installs).toBeGreaterThan(0)

      const raw = new Database(path)
      expect(raw.pragma('integrity_check', {simple: true})).toBe('ok')
      raw.close()

      const index = openIndex({path})
      try {
        const [installed] = index.cassettes()
        expect(installed?.name).toBe('crashy')
        const wantCount = Object.keys(versions[installed!.version]!.paths).length
        expect(installed!.operations).toBe(wantCount)
        const db = new Database(path)
        const stored = db.prepare("SELECT count(*) AS n FROM operations WHERE cassette = 'crashy'").get() as {n: number}
        expect(stored.n).toBe(wantCount)
        // FTS5's own check that its index matches the operations it was built from.
        expect(() => db.exec("INSERT INTO operations_fts (operations_fts) VALUES ('integrity-check')")).not.toThrow()
        db.close()
      } finally {
        index.close()
      }
    }
  }, 180_000)
})
