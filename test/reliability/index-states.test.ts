import {spawn, spawnSync} from 'node:child_process'
import {createInterface} from 'node:readline'
import {chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import Database from 'better-sqlite3'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {sha256Hex} from '../../src/core/cassette/format/canonical-json.js'
import {shellQuote as quote} from '../../src/core/text/shell-quote.js'
import {STORAGE_VERSION, openIndex} from '../../src/core/host-index/index.js'
import {largeDocument, profileDocument} from '../helpers/documents.js'
import {CLI, type CliResult, PROJECT_ROOT, runCli, runProcess} from '../helpers/cli.js'
import {tally} from './counts.js'
import {SeededRandom} from './seeded-random.js'
import {SEED, SOAK, scaled} from './soak.js'

let dir: string
/** A ready index holding cassette "pinger", copied into each state. */
let readyIndex: string
let otherCassette: string
let otherDocument: string

/**
 * Whether this process may mount in a private mount namespace (root with unshare): the only
 * way to make a file read-only for root, whom permission bits do not stop.
 */
const CAN_MOUNT = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs tmpfs /mnt'], {stdio: 'ignore'}).status === 0

/** Runs the CLI in a private mount namespace, after `mounts` (shell commands) have run there. */
function runCliMounted(mounts: readonly string[], args: readonly string[]): Promise<CliResult> {
  const script = [...mounts, `exec ${[process.execPath, CLI, ...args].map(quote).join(' ')}`].join(' && ')
  return runProcess('unshare', ['-m', 'sh', '-c', script])
}

function json(result: CliResult): {error?: {kind: string; message: string}} & Record<string, unknown> {
  try {
    return JSON.parse(result.stdout)
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\n--- stderr ---\n${result.stderr}`)
  }
}

/** A fresh folder holding a copy of the ready index. */
function stateFolder(name: string, index = true): {folder: string; path: string} {
  const folder = join(dir, name)
  mkdirSync(folder)
  const path = join(folder, 'index.sqlite3')
  if (index) copyFileSync(readyIndex, path)
  return {folder, path}
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-index-states-'))
  readyIndex = join(dir, 'ready.sqlite3')
  const pinger = join(dir, 'pinger.tama-cassette')
  await buildCassette({name: 'pinger', version: '1.0.0', documents: [{source: 'pinger', document: profileDocument('Pinger', [{id: 'ping_host', summary: 'Ping the host'}])}]}, pinger)
  otherCassette = join(dir, 'other.tama-cassette')
  await buildCassette({name: 'other', version: '1.0.0', documents: [{source: 'other', document: profileDocument('Other', [{id: 'other_op'}])}]}, otherCassette)
  otherDocument = join(dir, 'other.json')
  writeFileSync(otherDocument, JSON.stringify(profileDocument('Loaded', [{id: 'loaded_op'}])))
  const index = openIndex({path: readyIndex})
  await index.import(pinger)
  index.close()
}, 60_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('a read-only index', () => {
  const states: ReadonlyArray<{name: string; mounts: (folder: string, path: string) => string[]; prepare?: (path: string) => void}> = [
    {name: 'a read-only index file in a writable folder', mounts: (_, path) => [`mount --bind -o ro ${path} ${path}`]},
    {name: 'a read-only folder', mounts: (folder) => [`mount --bind -o ro ${folder} ${folder}`]},
    {
      name: 'a read-only folder holding SQLite\'s -wal and -shm',
      // A read-only connection leaves them behind; a later one on read-only media can use them.
      prepare: (path) => new Database(path, {readonly: true}).prepare('SELECT count(*) FROM cassettes').get(),
      mounts: (folder) => [`mount --bind -o ro ${folder} ${folder}`],
    },
    // The same code paths as a read-only folder; the soak tries it too.
    ...(SOAK ? [{name: 'a read-only file system', mounts: (folder: string) => [`mount -t tmpfs tmpfs ${folder}`, `cp ${readyIndex} ${folder}/index.sqlite3`, `mount -o remount,ro ${folder}`]}] : []),
  ]

  it.skipIf(!CAN_MOUNT).for(states)('$name answers search, list, status and dry-run execute, and refuses writes as unwritable', {timeout: 120_000}, async (state, context) => {
    const {folder, path} = stateFolder(state.name.replace(/[^a-z]+/g, '-'))
    state.prepare?.(path)
    const before = {bytes: sha256Hex(readFileSync(path)), files: readdirSync(folder).sort()}
    const run = (args: readonly string[]) => runCliMounted(state.mounts(folder, path), [...args, '--index', path, '--json'])

    const [status, list, search, dryRun] = await Promise.all([['index', 'status'], ['index', 'list'], ['search', 'ping host'], ['execute', 'pinger', 'ping_host', '--dry-run']].map(run))
    for (const read of [status, list, search, dryRun]) expect(read!.code, read!.stdout + read!.stderr).toBe(0)
    expect(json(status!)).toMatchObject({state: 'ready', cassettes: 1})
    expect(json(list!)).toMatchObject({cassettes: [{name: 'pinger'}]})
    expect(json(search!)).toMatchObject({results: [{cassette: 'pinger', operation_id: 'ping_host'}]})
    expect(json(dryRun!)).toMatchObject({operation_id: 'ping_host'})

    const writes = [['index', 'import', otherCassette], ['index', 'load', otherDocument, '--cassette', 'loaded'], ['index', 'remove', 'pinger']]
    for (const [i, refused] of (await Promise.all(writes.map(run))).entries()) {
      expect(refused.code, `${writes[i]!.join(' ')}: ${refused.stdout}${refused.stderr}`).toBe(15)
      expect(json(refused).error).toMatchObject({kind: 'unwritable', message: expect.stringContaining(path)})
    }
    tally(context, 'index states tried', 7)
    expect(sha256Hex(readFileSync(path))).toBe(before.bytes)
    // Beside a read-only file in a writable folder SQLite keeps the -wal and -shm it reads through.
    const sidecars = state.name === 'a read-only index file in a writable folder' ? ['index.sqlite3-shm', 'index.sqlite3-wal'] : []
    if (state.name !== 'a read-only file system') expect(readdirSync(folder).sort()).toEqual([...new Set([...before.files, ...sidecars])].sort())
  })
})

const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups']

/** Whether nobody can reach this checkout where it is: a clone in a private temporary folder cannot. */
const NOBODY_REACHES_CHECKOUT = spawnSync('setpriv', [...NOBODY, 'test', '-r', CLI]).status === 0

/** Whether this process can run a child as another user (root with setpriv): the only way to test permissions as they stop a user. */
const CAN_DROP_PRIVILEGES = process.getuid?.() === 0 && spawnSync('setpriv', [...NOBODY, 'true']).status === 0 && (NOBODY_REACHES_CHECKOUT || CAN_MOUNT)

/**
 * The command that runs `node args` as nobody (uid and gid 65534, no groups), in `cwd`. Where
 * nobody cannot reach the checkout, a private mount namespace shows it at /mnt, and `checkout`
 * gives the path a script should import from.
 */
function asNobody(cwd: string, args: (checkout: string) => readonly string[]): {command: string; args: string[]} {
  if (NOBODY_REACHES_CHECKOUT) return {command: 'setpriv', args: [...NOBODY, process.execPath, ...args(PROJECT_ROOT)]}
  const node = [process.execPath, ...args('/mnt/')].map(quote).join(' ')
  return {command: 'unshare', args: ['-m', 'sh', '-c', `mount --bind ${quote(PROJECT_ROOT)} /mnt && cd ${quote(cwd)} && exec setpriv ${NOBODY.join(' ')} ${node}`]}
}

describe('an index another user owns, in a folder this user cannot write', () => {
  const states: ReadonlyArray<{name: string; prepare?: (path: string) => void}> = [
    {name: 'the index alone'},
    {
      name: "beside the owner's -wal and -shm",
      prepare: (path) => new Database(path, {readonly: true}).prepare('SELECT count(*) FROM cassettes').get(),
    },
  ]

  /** Runs the CLI as nobody (uid and gid 65534, no groups). */
  const runAsNobody = (home: string, args: readonly string[]) => {
    const nobody = asNobody(home, (checkout) => [join(checkout, 'bin/run.js'), ...args, '--json'])
    return runProcess(nobody.command, nobody.args, {cwd: home, env: {HOME: home, XDG_DATA_HOME: home}})
  }

  it.skipIf(!CAN_DROP_PRIVILEGES).for(states)('$name: every reading command answers, and writes are unwritable', {timeout: 120_000}, async (state, context) => {
    const {folder, path} = stateFolder(`other-owner-${state.name.replace(/[^a-z]+/g, '-')}`)
    state.prepare?.(path)
    chmodSync(dir, 0o755)
    chmodSync(folder, 0o755)
    chmodSync(path, 0o644)
    const before = {bytes: sha256Hex(readFileSync(path)), files: readdirSync(folder).sort()}
    const run = (args: readonly string[]) => runAsNobody(folder, [...args, '--index', path])

    const [status, list, search, dryRun] = await Promise.all([['index', 'status'], ['index', 'list'], ['search', 'ping host'], ['execute', 'pinger', 'ping_host', '--dry-run']].map(run))
    for (const read of [status, list, search, dryRun]) expect(read!.code, read!.stdout + read!.stderr).toBe(0)
    expect(json(status!)).toMatchObject({state: 'ready', cassettes: 1})
    expect(json(list!)).toMatchObject({cassettes: [{name: 'pinger'}]})
    expect(json(search!)).toMatchObject({results: [{cassette: 'pinger', operation_id: 'ping_host'}]})
    expect(json(dryRun!)).toMatchObject({operation_id: 'ping_host'})

    const writes = [['index', 'import', otherCassette], ['index', 'remove', 'pinger']]
    for (const [i, refused] of (await Promise.all(writes.map(run))).entries()) {
      expect(refused.code, `${writes[i]!.join(' ')}: ${refused.stdout}${refused.stderr}`).toBe(15)
      expect(json(refused).error).toMatchObject({kind: 'unwritable', message: expect.stringContaining(path)})
    }
    expect(sha256Hex(readFileSync(path))).toBe(before.bytes)
    expect(readdirSync(folder).sort()).toEqual(before.files)
    tally(context, 'index states tried', 6)
  })
  it.skipIf(!CAN_DROP_PRIVILEGES)('a handle reading it from a private copy is stale once the owner writes the file, and a new one sees the write', {timeout: 120_000}, async (context) => {
    const {folder, path} = stateFolder('other-owner-written')
    chmodSync(dir, 0o755)
    chmodSync(folder, 0o755)
    chmodSync(path, 0o644)
    // The reader, as nobody, answers each line of its stdin: 'current' or a search's operations.
    const script = (checkout: string) => `const {openIndex} = await import(${JSON.stringify(join(checkout, 'dist/index.js'))})
      const path = ${JSON.stringify(path)}
      let index = openIndex({path, readonly: true})
      const answer = (line) => {
        if (line === 'reopen') { index.close(); index = openIndex({path, readonly: true}); return 'reopened' }
        if (line === 'current') return String(index.isCurrent())
        try { return index.search('op', {scopes: []}).results.map((hit) => hit.operation_id).sort().join(',') } catch (error) { return error.kind }
      }
      for await (const line of (await import('node:readline')).createInterface({input: process.stdin})) process.stdout.write(answer(line) + '\\n')`
    const nobody = asNobody(folder, (checkout) => ['--input-type=module', '-e', script(checkout)])
    const child = spawn(nobody.command, nobody.args, {cwd: folder, stdio: ['pipe', 'pipe', 'inherit']})
    const lines = createInterface({input: child.stdout!})[Symbol.asyncIterator]()
    const ask = async (line: string) => {
      child.stdin!.write(`${line}\n`)
      return (await lines.next()).value as string
    }
    try {
      expect(await ask('current')).toBe('true')
      expect(await ask('search')).toBe('')
      const imported = await runCli(['index', 'import', otherCassette, '--index', path, '--json'])
      expect(imported.code, imported.stderr).toBe(0)
      expect(await ask('current')).toBe('false')
      expect(await ask('search')).toBe('not_ready')
      expect(await ask('reopen')).toBe('reopened')
      expect(await ask('search')).toBe('other_op')
    } finally {
      child.stdin!.end()
    }
    tally(context, 'index states tried', 1)
  })
})

describe('a missing index', () => {
  const places: ReadonlyArray<{name: string; path: () => string; created: () => string}> = [
    {name: 'in a folder that does not exist', path: () => join(dir, 'no', 'such', 'index.sqlite3'), created: () => join(dir, 'no')},
    {name: 'in an existing folder', path: () => join(stateFolder('empty-folder', false).path), created: () => join(dir, 'empty-folder', 'index.sqlite3')},
  ]

  it.for(places)('$name: reads answer not_ready, naming the path, and create nothing', {timeout: 60_000}, async (place, context) => {
    const path = place.path()
    const read = (args: readonly string[]) => runCli([...args, '--index', path, '--json'])
    const [search, dryRun, status, list] = await Promise.all([['search', 'ping'], ['execute', 'pinger', 'ping_host', '--dry-run'], ['index', 'status'], ['index', 'list']].map(read))
    // A mistyped --index must not read as an index with nothing installed.
    for (const result of [search!, dryRun!, list!]) {
      expect(result.code, result.stderr).toBe(8)
      expect(json(result).error).toMatchObject({kind: 'not_ready', message: expect.stringContaining(path)})
    }
    // The status is reported, and its exit code lets a script gate on it.
    expect(status!.code, status!.stderr).toBe(8)
    expect(json(status!)).toMatchObject({state: 'not_ready', cassettes: 0, operations: 0})
    expect(existsSync(place.created())).toBe(false)
    tally(context, 'index states tried', 4)
  })

  it('openIndex({readonly: true}) of a missing file is not_ready naming it, and creates nothing', () => {
    const path = join(dir, 'absent', 'index.sqlite3')
    expect(() => openIndex({path, readonly: true})).toThrow(expect.objectContaining({kind: 'not_ready', message: expect.stringContaining(path)}))
    expect(existsSync(join(dir, 'absent'))).toBe(false)
  })

  it('an index opened read-only refuses installs and removals as usage, naming the option', async () => {
    const {path} = stateFolder('library-readonly')
    const index = openIndex({path, readonly: true})
    try {
      expect(index.search('ping host', {scopes: []}).results).toHaveLength(1)
      await expect(index.import(otherCassette)).rejects.toMatchObject({kind: 'usage', message: expect.stringContaining('readonly')})
      await expect(index.load(profileDocument('X', [{id: 'x_op'}]), {cassette: 'x'})).rejects.toMatchObject({kind: 'usage'})
      await expect(index.remove('pinger')).rejects.toMatchObject({kind: 'usage'})
      expect(index.cassettes().map((c) => c.name)).toEqual(['pinger'])
    } finally {
      index.close()
    }
  })
})

describe('reading a writable index', () => {
  it('leaves it, and its folder, exactly as they were', async (context) => {
    const {folder, path} = stateFolder('writable')
    const before = {bytes: sha256Hex(readFileSync(path)), files: readdirSync(folder).sort()}
    for (const args of [['search', 'ping host'], ['index', 'status'], ['index', 'list'], ['execute', 'pinger', 'ping_host', '--dry-run']]) {
      const result = await runCli([...args, '--index', path, '--json'])
      expect(result.code, result.stderr).toBe(0)
    }
    expect({bytes: sha256Hex(readFileSync(path)), files: readdirSync(folder).sort()}).toEqual(before)
    tally(context, 'index states tried', 4)
  })

  it('of an older storage version: reads say not_ready and leave it; an import recreates it', async (context) => {
    const {path} = stateFolder('older')
    const db = new Database(path)
    db.pragma(`user_version = ${STORAGE_VERSION - 1}`)
    db.close()
    const bytes = sha256Hex(readFileSync(path))
    const search = await runCli(['search', 'ping', '--index', path, '--json'])
    expect(search.code, search.stderr).toBe(8)
    expect(json(search).error).toMatchObject({kind: 'not_ready', message: expect.stringContaining('older tama-dex')})
    const status = await runCli(['index', 'status', '--index', path, '--json'])
    expect(json(status)).toMatchObject({state: 'not_ready', cassettes: 0})
    expect(sha256Hex(readFileSync(path))).toBe(bytes)
    const imported = await runCli(['index', 'import', otherCassette, '--index', path, '--json'])
    expect(imported.code, imported.stderr).toBe(0)
    expect(json(await runCli(['index', 'list', '--index', path, '--json']))).toMatchObject({cassettes: [{name: 'other'}]})
    tally(context, 'index states tried', 3)
  })
})

describe('an index deleted or replaced while a host holds it open', () => {
  const changes: ReadonlyArray<{name: string; change: (path: string) => void}> = [
    {name: 'deleted', change: (path) => rmSync(path)},
    {
      name: 'replaced by another file',
      change: (path) => {
        copyFileSync(readyIndex, `${path}.new`)
        renameSync(`${path}.new`, path)
      },
    },
  ]

  it.for(changes)('$name: installs fail as unwritable and reads as not_ready, until it is opened again', async ({name, change}, context) => {
    const {path} = stateFolder(`moved-${name.replace(/[^a-z]+/g, '-')}`)
    const index = openIndex({path})
    try {
      expect(index.search('ping host', {scopes: []}).results).toHaveLength(1)
      change(path)
      const after = existsSync(path) ? sha256Hex(readFileSync(path)) : null
      await expect(index.import(otherCassette)).rejects.toMatchObject({kind: 'unwritable', message: expect.stringContaining('open the index again')})
      await expect(index.load(profileDocument('X', [{id: 'x_op'}]), {cassette: 'x'})).rejects.toMatchObject({kind: 'unwritable'})
      await expect(index.remove('pinger')).rejects.toMatchObject({kind: 'unwritable'})
      expect(() => index.search('ping host', {scopes: []})).toThrow(expect.objectContaining({kind: 'not_ready'}))
      expect(() => index.status()).toThrow(expect.objectContaining({kind: 'not_ready'}))
      await expect(index.execute('pinger', 'ping_host', {}, {scopes: [], dryRun: true})).rejects.toMatchObject({kind: 'not_ready'})
      // Nothing went to the path meanwhile.
      expect(existsSync(path) ? sha256Hex(readFileSync(path)) : null).toBe(after)
    } finally {
      index.close()
    }
    const reopened = openIndex({path})
    try {
      await expect(reopened.import(otherCassette)).resolves.toMatchObject({cassette: 'other', changed: true})
      expect(reopened.search('other op', {scopes: []}).results.map((hit) => hit.operation_id)).toContain('other_op')
    } finally {
      reopened.close()
    }
    tally(context, 'index states tried', 1)
  })
})

describe('a full disk', () => {
  /** Runs CLI calls, in order, on a tmpfs of `size` mounted at `folder`; the answers are read after it is gone. */
  async function onSmallDisk(folder: string, size: string, steps: ReadonlyArray<{shell?: string; args?: readonly string[]}>): Promise<CliResult[]> {
      const answers = mkdtempSync(join(dir, 'answers-'))
    const lines = [`mount -t tmpfs -o size=${size} tmpfs ${folder}`]
    steps.forEach((step, i) => {
      if (step.shell !== undefined) lines.push(step.shell)
      else lines.push(`${[process.execPath, CLI, ...step.args!, '--json'].map(quote).join(' ')} >${answers}/${i}.out 2>${answers}/${i}.err; echo $? >${answers}/${i}.code`)
    })
    const done = spawnSync('unshare', ['-m', 'sh', '-c', lines.join('\n')], {cwd: PROJECT_ROOT, env: {...process.env, NO_COLOR: '1'}, encoding: 'utf8', timeout: 120_000})
    expect(done.status, done.stderr).toBe(0)
    return steps.flatMap((step, i) => (step.args === undefined ? [] : [{
      code: Number(readFileSync(join(answers, `${i}.code`), 'utf8')),
      stdout: readFileSync(join(answers, `${i}.out`), 'utf8'),
      stderr: readFileSync(join(answers, `${i}.err`), 'utf8'),
    }]))
  }

  let big: string
  beforeAll(async () => {
    big = join(dir, 'big.tama-cassette')
    await buildCassette({name: 'big', version: '1.0.0', documents: [{source: 'big', document: largeDocument('Big', 2_000)}]}, big)
  }, 60_000)

  it.skipIf(!CAN_MOUNT)('an import that fills the disk is unwritable, says to free space, and leaves the index as it was', async (context) => {
    const {folder} = stateFolder('full-import', false)
    const path = join(folder, 'index.sqlite3')
    const [first, before, full, after, search] = await onSmallDisk(folder, '512k', [
      {args: ['index', 'import', otherCassette, '--index', path]},
      {args: ['index', 'list', '--index', path]},
      {args: ['index', 'import', big, '--index', path]},
      {args: ['index', 'list', '--index', path]},
      {args: ['search', 'other op', '--index', path]},
    ])
    expect(first!.code, first!.stderr).toBe(0)
    expect(full!.code, full!.stdout).toBe(15)
    expect(json(full!).error).toMatchObject({kind: 'unwritable', message: expect.stringMatching(/disk is full: free some space/), details: {code: 'SQLITE_FULL'}})
    expect(json(full!).error!.message).toContain(path)
    expect(json(after!)).toEqual(json(before!))
    expect(json(search!)).toMatchObject({results: [{operation_id: 'other_op'}]})
    tally(context, 'index states tried', 1)
  })

  it.skipIf(!CAN_MOUNT)('creating an index on a full disk is unwritable, in an existing folder and a new one', async (context) => {
    const {folder} = stateFolder('full-create', false)
    const answers = await onSmallDisk(folder, '256k', [
      {shell: `head -c 300k /dev/zero > ${folder}/filler 2>/dev/null || true`},
      {args: ['index', 'import', otherCassette, '--index', join(folder, 'index.sqlite3')]},
      {args: ['index', 'load', otherDocument, '--cassette', 'loaded', '--index', join(folder, 'new', 'index.sqlite3')]},
    ])
    for (const answer of answers) {
      expect(answer.code, answer.stdout + answer.stderr).toBe(15)
      expect(json(answer).error).toMatchObject({kind: 'unwritable', message: expect.stringMatching(/disk is full: free some space/)})
    }
    tally(context, 'index states tried', answers.length)
  })

  const fullDisks: ReadonlyArray<{name: string; before: string}> = [
    {name: 'with nothing beside the index', before: ''},
    // A read that failed for want of room leaves a -shm SQLite could not finish writing.
    {name: 'beside a -shm SQLite could not finish', before: 'printf abc > INDEX-shm && : > INDEX-wal'},
  ]

  it.skipIf(!CAN_MOUNT).for(fullDisks)('$name: reads answer, removal is unwritable saying to free space, and the index is whole after', {timeout: 120_000}, async ({name, before}, context) => {
    const {folder} = stateFolder(`full-read-${name.replace(/[^a-z]+/g, '-')}`, false)
    const path = join(folder, 'index.sqlite3')
    const reads = [['index', 'status'], ['index', 'list'], ['search', 'ping host'], ['execute', 'pinger', 'ping_host', '--dry-run']]
    const answers = await onSmallDisk(folder, '256k', [
      {shell: `cp ${readyIndex} ${path}`},
      ...(before === '' ? [] : [{shell: before.replaceAll('INDEX', path)}]),
      {shell: `head -c 300k /dev/zero > ${folder}/filler 2>/dev/null || true`},
      ...reads.map((args) => ({args: [...args, '--index', path]})),
      {args: ['index', 'remove', 'pinger', '--index', path]},
      {shell: `rm ${folder}/filler`},
      {args: ['index', 'list', '--index', path]},
      {args: ['index', 'remove', 'pinger', '--index', path]},
    ])
    const [status, list, search, dryRun, removal, listAfter, removalAfter] = answers
    for (const read of [status, list, search, dryRun, listAfter, removalAfter]) expect(read!.code, read!.stdout + read!.stderr).toBe(0)
    expect(json(status!)).toMatchObject({state: 'ready', cassettes: 1})
    expect(json(search!)).toMatchObject({results: [{cassette: 'pinger', operation_id: 'ping_host'}]})
    expect(json(dryRun!)).toMatchObject({operation_id: 'ping_host'})
    expect(removal!.code, removal!.stdout + removal!.stderr).toBe(15)
    expect(json(removal!).error).toMatchObject({kind: 'unwritable', message: expect.stringMatching(/disk is full: free some space/)})
    expect(json(removal!).error!.message).toContain(path)
    expect(json(listAfter!)).toEqual(json(list!))
    tally(context, 'index states tried', answers.length)
  })
})

describe('a host whose index file changes under it, at random', () => {
  const ROUNDS = scaled(12, 300)

  it(`answers every call or fails it with a documented kind, never writing to another file (${ROUNDS} rounds)`, async (context) => {
    const random = new SeededRandom(SEED)
    const changes: Record<string, (path: string) => void> = {
      none: () => {},
      deleted: (path) => rmSync(path),
      replaced: (path) => {
        copyFileSync(readyIndex, `${path}.new`)
        renameSync(`${path}.new`, path)
      },
    }
    for (let round = 0; round < ROUNDS; round++) {
      const {path} = stateFolder(`random-${round}`)
      const readonly = random.pick([true, false])
      const change = random.pick(Object.keys(changes))
      const index = openIndex({path, readonly})
      const calls: Record<string, () => unknown> = {
        search: () => index.search('ping host', {scopes: []}),
        status: () => index.status(),
        cassettes: () => index.cassettes(),
        execute: () => index.execute('pinger', 'ping_host', {}, {scopes: [], dryRun: true}),
        import: () => index.import(otherCassette),
        remove: () => index.remove('pinger'),
      }
      try {
        changes[change]!(path)
        const after = existsSync(path) ? sha256Hex(readFileSync(path)) : null
        // What an untouched index answers depends on the calls before: import adds "other", remove takes "pinger".
        const installed = new Set(['pinger'])
        const untouched = (name: string): string => {
          if ((name === 'search' || name === 'execute') && installed.size === 0) return 'not_ready'
          return name === 'execute' && !installed.has('pinger') ? 'not_found' : 'answered'
        }
        for (const name of random.sample(Object.keys(calls), 3)) {
          const writes = name === 'import' || name === 'remove'
          const outcome = await Promise.resolve().then(calls[name]!).then(() => 'answered', (error: {kind?: string}) => error.kind ?? String(error))
          const want = change === 'none' ? (writes && readonly ? 'usage' : untouched(name)) : readonly && writes ? 'usage' : writes ? 'unwritable' : 'not_ready'
          expect(outcome, `round ${round}: ${name} on an index ${change}, readonly: ${readonly}`).toBe(want)
          if (outcome === 'answered' && name === 'import') installed.add('other')
          if (outcome === 'answered' && name === 'remove') installed.delete('pinger')
        }
        if (change !== 'none') expect(existsSync(path) ? sha256Hex(readFileSync(path)) : null).toBe(after)
      } finally {
        index.close()
      }
    }
    tally(context, 'index states tried', ROUNDS)
  }, 120_000)
})

describe('paths that cannot be an index', () => {
  it('are refused with a documented kind when reading and when writing, and create nothing', async (context) => {
    const before = readdirSync(dir).sort()
    const paths = [
      '',
      '   ',
      '/etc/hostname/index.sqlite3',
      join(dir, 'x'.repeat(300)),
      join(dir, 'a/'.repeat(2_100), 'index.sqlite3'),
      join(dir, 'nul\u0000index.sqlite3'),
      '/',
      '/dev/null',
      '/dev/zero',
      '/proc/self/mem',
      '/proc/self/pagemap',
      '/proc/self/status',
    ]
    for (const path of paths) {
      for (const readonly of [true, false]) {
        let failure: unknown
        try {
          openIndex({path, readonly}).close()
        } catch (error) {
          failure = error
        }
        expect(failure, `${JSON.stringify(path.slice(0, 60))} readonly: ${readonly}`).toMatchObject({kind: expect.stringMatching(/^(usage|incompatible_file|not_ready|unwritable)$/)})
      }
    }
    expect(readdirSync(dir).sort()).toEqual(before)
    tally(context, 'path values tried', paths.length * 2)
  })
})

describe('files that are not an index', () => {
  const files: ReadonlyArray<{name: string; make: (path: string) => void; readKind: string}> = [
    {name: 'an empty file', make: (path) => writeFileSync(path, ''), readKind: 'not_ready'},
    {name: 'a FIFO', make: (path) => spawnSync('mkfifo', [path]), readKind: 'incompatible_file'},
    ...(SOAK ? [{name: 'a folder', make: (path: string) => mkdirSync(path), readKind: 'incompatible_file'}] : []),
  ]

  it.for(files)('$name as --index: answered at once with $readKind, and left as it was', {timeout: 60_000}, async (file, context) => {
    const {path} = stateFolder(`special-${file.name.replace(/[^a-z]+/g, '-')}`, false)
    file.make(path)
    const search = await runCli(['search', 'ping', '--index', path, '--json'], {timeoutMs: 20_000})
    expect(search.code, search.stderr).toBe(file.readKind === 'not_ready' ? 8 : 12)
    expect(json(search).error).toMatchObject({kind: file.readKind, message: expect.stringContaining(path)})
    if (file.readKind !== 'not_ready') {
      const imported = await runCli(['index', 'import', otherCassette, '--index', path, '--json'], {timeoutMs: 20_000})
      expect(imported.code, imported.stderr).toBe(12)
    }
    tally(context, 'special files tried', 1)
  })
})
