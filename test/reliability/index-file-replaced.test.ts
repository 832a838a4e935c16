import {type ChildProcess, spawn} from 'node:child_process'
import {once} from 'node:events'
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {sha256Hex} from '../../src/core/cassette/format/canonical-json.js'
import {openIndex} from '../../src/core/host-index/index.js'
import {profileDocument} from '../helpers/documents.js'
import {PROJECT_ROOT, parseJson, runCli} from '../helpers/cli.js'
import {tally} from './counts.js'
import {indexFileProblems} from './index-snapshot.js'
import {scaled} from './soak.js'

// An index file replaced (`mv new PATH`) while another process holds the old one open:
// the old file's -wal and -shm stay at the path, and SQLite would replay them into the new file.

let dir: string
const cassettes: Record<string, string> = {}

/** How a process holds the old index open while it is replaced. */
const HOLDERS = {
  // A host: the library's handle, idle between calls.
  host: `const {openIndex} = await import(${JSON.stringify(join(PROJECT_ROOT, 'dist/index.js'))})
    const index = openIndex({path})
    index.search('ping', {scopes: []})
    release = () => index.close()`,
  // A reader in the middle of a read: no checkpoint can fold later commits into the file.
  reading: `const {default: Database} = await import(${JSON.stringify(join(PROJECT_ROOT, 'node_modules/better-sqlite3/lib/index.js'))})
    const db = new Database(path)
    db.exec('BEGIN')
    db.prepare('SELECT count(*) FROM cassettes').get()
    release = () => { db.exec('COMMIT'); db.close() }`,
} as const

/** Starts a process holding `path` open; it lets go and exits when its stdin closes. */
async function holdOpen(path: string, how: keyof typeof HOLDERS): Promise<ChildProcess> {
  const script = `const path = ${JSON.stringify(path)}; let release
    ${HOLDERS[how]}
    process.stdout.write('held\\n')
    process.stdin.resume().on('end', () => { release(); process.exit(0) })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['pipe', 'pipe', 'inherit']})
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer]
  expect(chunk.toString()).toBe('held\n')
  return child
}

async function letGo(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit')
  child.stdin!.end()
  await exited
}

async function cli(args: readonly string[]) {
  const result = await runCli([...args, '--json'])
  return {...result, json: () => parseJson<Record<string, unknown> & {error?: {kind: string; message: string}}>(result)}
}

async function installed(path: string): Promise<string[]> {
  const list = await cli(['index', 'list', '--index', path])
  expect(list.code, list.stdout + list.stderr).toBe(0)
  return (list.json().cassettes as Array<{name: string}>).map((cassette) => cassette.name).sort()
}

const sizeOf = (path: string) => statSync(path, {throwIfNoEntry: false})?.size ?? 0

/** A folder holding the index at `path` with `names` installed, and a new index beside it holding `replacement` only. */
async function folderWithIndexes(name: string, names: readonly string[], replacement: string): Promise<{path: string; fresh: string}> {
  const folder = join(dir, name)
  mkdirSync(folder)
  const path = join(folder, 'index.sqlite3')
  const fresh = join(folder, 'new.sqlite3')
  // Made in process: what is tried is what other processes then do to them.
  for (const [file, installs] of [[path, names], [fresh, [replacement]]] as const) {
    const index = openIndex({path: file})
    for (const cassette of installs) await index.import(cassettes[cassette]!)
    index.close()
  }
  return {path, fresh}
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-index-replaced-'))
  for (const name of ['pinger', 'other', 'third', 'fourth']) {
    cassettes[name] = join(dir, `${name}.tama-cassette`)
    await buildCassette({name, version: '1.0.0', documents: [{source: name, document: profileDocument(name, [{id: `${name}_op`, summary: `Run ${name}`}])}]}, cassettes[name]!)
  }
}, 60_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('an index replaced while another process holds the old file', () => {
  /** The writes another process makes to the old file while it is held. */
  const writes = [
    {name: 'a pinned import', args: (path: string) => ['index', 'import', cassettes.other!, '--index', path, '--sha256', sha256Hex(readFileSync(cassettes.other!))], after: ['other', 'pinger']},
    {name: 'an import', args: (path: string) => ['index', 'import', cassettes.other!, '--index', path], after: ['other', 'pinger']},
    {name: 'a removal', args: (path: string) => ['index', 'remove', 'other', '--index', path], after: ['pinger']},
  ]
  const rounds = scaled(1, 5)

  it.for(writes)('$name leaves nothing committed only in the -wal; the new file is read and written as itself', {timeout: 120_000}, async (write, context) => {
    for (let round = 0; round < rounds; round++) {
      const {path, fresh} = await folderWithIndexes(`host-${write.name.replace(/[^a-z]+/g, '-')}-${round}`, ['pinger', 'other'], 'third')
      const host = await holdOpen(path, 'host')
      try {
        const written = await cli(write.args(path))
        expect(written.code, written.stdout + written.stderr).toBe(0)
        // The commit is in the file itself: a copy of the file alone holds it.
        expect(sizeOf(`${path}-wal`)).toBe(0)
        copyFileSync(path, join(dir, `alone-${round}.sqlite3`))
        expect(await installed(join(dir, `alone-${round}.sqlite3`))).toEqual(write.after)

        renameSync(fresh, path)
        expect(await installed(path)).toEqual(['third'])
        expect((await cli(['index', 'import', cassettes.fourth!, '--index', path])).code).toBe(0)
        expect(await installed(path)).toEqual(['fourth', 'third'])
      } finally {
        await letGo(host)
      }
      // The host's close touched only its own file.
      expect(await installed(path)).toEqual(['fourth', 'third'])
      expect(indexFileProblems(path)).toEqual([])
      tally(context, 'index files replaced', 1)
    }
  })

  it('a -wal still holding the old file\'s commits is refused, untouched, until it is removed', {timeout: 120_000}, async (context) => {
    const {path, fresh} = await folderWithIndexes('reading', ['pinger'], 'third')
    const reader = await holdOpen(path, 'reading')
    let released = false
    try {
      const pinned = await cli(['index', 'import', cassettes.other!, '--index', path, '--sha256', sha256Hex(readFileSync(cassettes.other!))])
      expect(pinned.code, pinned.stdout + pinned.stderr).toBe(0)
      // The reader kept the commit from being folded in: it is still in the -wal.
      expect(sizeOf(`${path}-wal`)).toBeGreaterThan(32)

      renameSync(fresh, path)
      const before = sha256Hex(readFileSync(path))
      const answers = await Promise.all([
        cli(['index', 'list', '--index', path]),
        cli(['search', 'run', '--index', path]),
        cli(['index', 'import', cassettes.fourth!, '--index', path]),
        cli(['index', 'remove', 'third', '--index', path]),
      ])
      for (const answer of answers) {
        expect(answer.code, answer.stdout + answer.stderr).toBe(12)
        expect(answer.json().error).toMatchObject({kind: 'incompatible_file', message: expect.stringContaining(`${path}-wal`)})
      }
      expect(sha256Hex(readFileSync(path))).toBe(before)
      tally(context, 'index files replaced', answers.length)

      await letGo(reader)
      released = true
      // SQLite folds no -wal into a file that was moved while open, so it stays until removed.
      expect((await cli(['index', 'list', '--index', path])).code).toBe(12)
      for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`)
      expect(await installed(path)).toEqual(['third'])
      expect((await cli(['index', 'import', cassettes.fourth!, '--index', path])).code).toBe(0)
      expect(await installed(path)).toEqual(['fourth', 'third'])
      expect(indexFileProblems(path)).toEqual([])
    } finally {
      if (!released) await letGo(reader)
    }
  })

  it('a file copied from another index, -wal and all, is still read as itself', {timeout: 60_000}, async (context) => {
    const {path} = await folderWithIndexes('copied', ['pinger'], 'third')
    const reader = await holdOpen(path, 'reading')
    try {
      expect((await cli(['index', 'import', cassettes.other!, '--index', path, '--sha256', sha256Hex(readFileSync(cassettes.other!))])).code).toBe(0)
      const copy = join(dir, 'copied', 'copy.sqlite3')
      // Copied together while the -wal holds a commit: the copy's stamp names the original.
      for (const suffix of ['', '-wal']) writeFileSync(`${copy}${suffix}`, readFileSync(`${path}${suffix}`))
      expect(sizeOf(`${copy}-wal`)).toBeGreaterThan(32)
      expect(await installed(copy)).toEqual(['other', 'pinger'])
      tally(context, 'index files replaced', 1)
    } finally {
      await letGo(reader)
    }
  })
})
