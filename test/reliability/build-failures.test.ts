import {execFileSync, spawn, spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {hostname, tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {adoptFile} from '../../src/core/adopt/index.js'
import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {verifyCassette} from '../../src/core/cassette/index.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import {readDocumentFile} from '../../src/core/profile/index.js'
import {CLI, PROJECT_ROOT, runCli} from '../helpers/cli.js'
import {largeDocument} from '../helpers/documents.js'
import {tally} from './counts.js'
import {scaled} from './soak.js'

const HOST = hostname().replaceAll(/[^A-Za-z0-9-]/g, '_') || 'host'
const INCUS = join(PROJECT_ROOT, 'examples/incus.yaml')
const SWAGGER = join(PROJECT_ROOT, 'test/fixtures/adopt/swagger-2.yaml')

let dir: string
/** A document big enough that a build spends a while writing its temporary file. */
let bigDocument: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-build-failures-'))
  bigDocument = join(dir, 'big.json')
  const document = largeDocument('big', 5_000) as {paths: Record<string, Record<string, {description?: string}>>}
  for (const item of Object.values(document.paths)) for (const operation of Object.values(item)) operation.description = 'word '.repeat(600)
  writeFileSync(bigDocument, JSON.stringify(document))
})

afterAll(() => {
  rmSync(dir, {recursive: true, force: true})
})

function temporaries(folder: string): string[] {
  return readdirSync(folder).filter((name) => name.includes('.tmp'))
}

/** The pid of a process that has exited: no process has it now (pids are not reused this soon). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'})
  return Number(child.stdout)
}

/**
 * Starts `cassette build` of the big document into `output` and SIGKILLs it while its
 * temporary file is being written; resolves with that file's name.
 */
function killBuildMidWrite(output: string, folder: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'cassette', 'build', '--name', 'big', '--version', '1.0.0', '--document', bigDocument, '--output', output], {stdio: 'ignore'})
    let seen: string | undefined
    const poll = setInterval(() => {
      seen = temporaries(folder).find((name) => statSync(join(folder, name), {throwIfNoEntry: false})?.size)
      if (seen !== undefined) {
        clearInterval(poll)
        child.kill('SIGKILL')
      }
    }, 2)
    child.on('exit', (_code, signal) => {
      clearInterval(poll)
      if (signal === 'SIGKILL' && seen !== undefined) resolve(seen)
      else reject(new Error('the build finished before its temporary file was seen; make the document bigger'))
    })
  })
}

describe('a build killed while writing its temporary file', () => {
  it('leaves the file, which the next build of the same output removes', async (context) => {
    const rounds = scaled(1, 10)
    for (let round = 0; round < rounds; round++) {
      const folder = join(dir, `killed-${round}`)
      mkdirSync(folder)
      const output = join(folder, 'big.tama-cassette')
      const left = await killBuildMidWrite(output, folder)
      expect(temporaries(folder)).toContain(left)
      expect(existsSync(output)).toBe(false)
      const result = await runCli(['cassette', 'build', '--name', 'pets', '--version', '1.0.0', '--document', INCUS, '--output', output])
      expect(result.code, result.stderr).toBe(0)
      expect(readdirSync(folder)).toEqual(['big.tama-cassette'])
      expect((await verifyCassette(readFileSync(output), {source: output})).ok).toBe(true)
      tally(context, 'crashes survived', 1)
    }
  }, 120_000)

  it('keeps the temporary files of writes still running, of other outputs and of other machines', async () => {
    const folder = join(dir, 'others')
    mkdirSync(folder)
    const output = join(folder, 'pets.tama-cassette')
    const dead = deadPid()
    const kept = [
      `.pets.tama-cassette.${HOST}.${process.pid}.0123456789ab.tmp`,
      `.other.tama-cassette.${HOST}.${dead}.0123456789ab.tmp`,
      `.pets.tama-cassette.another-host.${dead}.0123456789ab.tmp`,
      `.pets.tama-cassette.0123456789ab.tmp`,
      'notes.tmp',
    ]
    const removed = [`.pets.tama-cassette.${HOST}.${dead}.0123456789ab.tmp`, `.pets.tama-cassette.${HOST}.${dead}.ba9876543210.tmp-journal`]
    for (const name of [...kept, ...removed]) writeFileSync(join(folder, name), 'partial')
    await buildCassette({name: 'incus', version: '1.0.0', documents: [{source: INCUS, document: await readDocumentFile(INCUS)}]}, output)
    expect(readdirSync(folder).sort()).toEqual([...kept, 'pets.tama-cassette'].sort())
  })

  it.for([
    {name: 'a name near the file-name limit (a temporary name would not fit whole)', length: 240, code: 0},
    {name: 'a name over the file-name limit', length: 260, code: 2},
  ])('builds an output with $name, or says the name is too long', async ({length, code}) => {
    const folder = join(dir, `long-${length}`)
    mkdirSync(folder)
    // Two bytes a character: the name is `length` bytes long.
    const output = join(folder, `${'é'.repeat((length - 13) / 2)}${'a'.repeat((length - 13) % 2)}.tama-cassette`)
    const result = await runCli(['cassette', 'build', '--name', 'incus', '--version', '1.0.0', '--document', INCUS, '--output', output])
    expect(result.code, result.stderr).toBe(code)
    if (code !== 0) expect(result.stderr).toMatch(/its name is too long\. Pass --output with a shorter name\./)
    expect(temporaries(folder)).toEqual([])
  })

  it('does the same for `document adopt --output`', async () => {
    const folder = join(dir, 'adopt')
    mkdirSync(folder)
    const output = join(folder, 'adopted.yaml')
    const dead = deadPid()
    const live = `.adopted.yaml.${HOST}.${process.pid}.0123456789ab.tmp`
    writeFileSync(join(folder, live), 'partial')
    writeFileSync(join(folder, `.adopted.yaml.${HOST}.${dead}.0123456789ab.tmp`), 'partial')
    await adoptFile(SWAGGER, output, {defaultScopes: []})
    expect(readdirSync(folder).sort()).toEqual([live, 'adopted.yaml'].sort())
  })
})

/**
 * Whether this machine lets the test mount a small tmpfs (root, outside most containers'
 * restrictions): a real full disk and a real read-only file system, not a simulation.
 */
function canMount(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'tama-mount-probe-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], {stdio: 'ignore'})
    execFileSync('umount', [probe], {stdio: 'ignore'})
    return true
  } catch {
    return false
  } finally {
    rmSync(probe, {recursive: true, force: true})
  }
}
const MOUNTABLE = canMount()

describe.skipIf(!MOUNTABLE)('a build or adopt onto a full or read-only file system (needs root to mount a tmpfs; skipped without)', () => {
  const mounts: string[] = []

  /** A fresh tmpfs holding `files`, then made full to the last byte or read-only. */
  function mountTmpfs(name: string, files: Record<string, string>, make: 'full' | 'read-only'): string {
    const point = join(dir, name)
    mkdirSync(point)
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', point])
    mounts.push(point)
    for (const [file, text] of Object.entries(files)) writeFileSync(join(point, file), text)
    if (make === 'read-only') execFileSync('mount', ['-o', 'remount,ro', point])
    // dd stops at the first write the disk refuses.
    else spawnSync('dd', ['if=/dev/zero', `of=${join(point, 'filler')}`, 'bs=4k'], {stdio: 'ignore'})
    return point
  }

  afterAll(() => {
    for (const point of mounts) execFileSync('umount', [point])
  })

  const PREVIOUS = {'incus.tama-cassette': 'the previous release', 'adopted.yaml': 'the previous document'}

  it.for([
    {name: 'a full disk', make: 'full' as const, says: /the disk is full: free some space\. Nothing was changed\./},
    {name: 'a read-only file system', make: 'read-only' as const, says: /it is on a read-only file system: choose a writable location\. Nothing was changed\./},
  ])('`cassette build` and `document adopt` on $name exit 15 (unwritable), naming the path, and change nothing', async ({name, make, says}) => {
    const point = mountTmpfs(name.replaceAll(' ', '-'), PREVIOUS, make)
    const before = readdirSync(point).sort()
    const output = join(point, 'incus.tama-cassette')
    const build = await runCli(['cassette', 'build', '--name', 'incus', '--version', '1.0.0', '--document', INCUS, '--output', output, '--json'])
    expect(build.code, build.stdout + build.stderr).toBe(15)
    expect(JSON.parse(build.stdout)).toMatchObject({error: {kind: 'unwritable', message: expect.stringMatching(says)}})
    expect(JSON.parse(build.stdout).error.message).toContain(`Cannot write the cassette ${output}`)
    const adopted = join(point, 'adopted.yaml')
    const adopt = await runCli(['document', 'adopt', SWAGGER, '--output', adopted, '--default-anyone', '--json'])
    expect(adopt.code, adopt.stdout + adopt.stderr).toBe(15)
    expect(JSON.parse(adopt.stdout)).toMatchObject({error: {kind: 'unwritable', message: expect.stringMatching(says)}})
    expect(readdirSync(point).sort()).toEqual(before)
    for (const [file, text] of Object.entries(PREVIOUS)) expect(readFileSync(join(point, file), 'utf8')).toBe(text)
  })

  it('buildCassette throws TamaError unwritable on a full disk, leaving no temporary file', async () => {
    const point = mountTmpfs('full-library', {}, 'full')
    const error = await buildCassette({name: 'big', version: '1.0.0', documents: [{source: 'big', document: JSON.parse(readFileSync(bigDocument, 'utf8'))}]}, join(point, 'big.tama-cassette')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TamaError)
    expect((error as TamaError).kind).toBe('unwritable')
    expect(readdirSync(point)).toEqual(['filler'])
  })
})
