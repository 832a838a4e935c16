import {execFileSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs'
import {type Server, createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {readCassetteFile} from '../../src/core/cassette/index.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import {readInput} from '../../src/core/execute/index.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {adoptFile} from '../../src/core/adopt/index.js'
import {readDocumentFile} from '../../src/core/profile/index.js'
import {readReleaseInput} from '../../src/core/release/index.js'
import {runCli} from '../helpers/cli.js'
import {tally} from './counts.js'
import {SOAK} from './soak.js'

/** Longest any refusal may take: each is decided before a byte past the file's size is read. */
const ANSWER_WITHIN_MS = 5_000
/** RSS a refusal may add; a reader trusting the file's size would grow without bound. */
const MAX_GROWTH_BYTES = 256 * 1024 * 1024

let dir: string
let socketServer: Server
let index: TamaIndex

/**
 * Files that are not what their path or size suggests. `/proc/self/pagemap` is a regular
 * file of size 0 that reads for hundreds of GiB; `/proc/self/maps` one of size 0 that does
 * end; the rest are not regular files at all.
 */
const SPECIAL: ReadonlyArray<{name: string; path: () => string; says: RegExp}> = [
  {name: 'a /proc file of size 0 that never ends', path: () => '/proc/self/pagemap', says: /: Not an ordinary file: it holds more bytes than its size \(0\) says/},
  {name: 'a /proc file of size 0 that ends', path: () => '/proc/self/maps', says: /: Not an ordinary file: it holds more bytes than its size \(0\) says/},
  {name: 'a device of endless zeros', path: () => '/dev/zero', says: /: Not a regular file \(a device\)/},
  {name: 'a device of endless random bytes', path: () => '/dev/urandom', says: /: Not a regular file \(a device\)/},
  {name: 'an empty device', path: () => '/dev/null', says: /: Not a regular file \(a device\)/},
  {name: 'a symlink to /dev/zero', path: () => join(dir, 'zero-link.json'), says: /: Not a regular file \(a device\)/},
  {name: 'a FIFO no one writes to', path: () => join(dir, 'fifo.json'), says: /: Not a regular file \(a FIFO\)/},
  {name: 'a socket', path: () => join(dir, 'socket.json'), says: /: Not a regular file \(a socket\)/},
  {name: 'a directory', path: () => join(dir, 'folder.json'), says: /: Not a regular file \(a directory\)/},
]

/** Every library function that reads a file a caller names. */
const READERS: ReadonlyArray<{name: string; read: (path: string) => Promise<unknown>}> = [
  {name: 'readCassetteFile', read: (path) => readCassetteFile(path)},
  {name: 'readDocumentFile', read: (path) => readDocumentFile(path)},
  {name: 'readInput', read: (path) => readInput({file: path})},
  {name: 'readReleaseInput', read: (path) => readReleaseInput(path)},
  {name: 'adoptFile', read: (path) => adoptFile(path, join(dir, 'adopted.json'))},
  {name: 'index.import', read: (path) => index.import(path)},
  {name: 'index.import, pinned', read: (path) => index.import(path, {sha256: '0'.repeat(64)})},
]
// An import pays for a worker thread: CI gives it the file that defeats a size check, a device and a FIFO.
const ON_IMPORT = (special: {name: string}) => SOAK || /never ends|zeros|FIFO/.test(special.name)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-untrusted-'))
  symlinkSync('/dev/zero', join(dir, 'zero-link.json'))
  execFileSync('mkfifo', [join(dir, 'fifo.json')])
  mkdirSync(join(dir, 'folder.json'))
  socketServer = createServer()
  await new Promise<void>((resolve) => socketServer.listen(join(dir, 'socket.json'), resolve))
  index = openIndex({path: join(dir, 'index.sqlite3')})
})

afterAll(async () => {
  index.close()
  await new Promise((resolve) => socketServer.close(resolve))
  rmSync(dir, {recursive: true, force: true})
})

/** The rejection of `run`, or a failure naming what happened instead, within ANSWER_WITHIN_MS. */
async function refusal(run: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS)))
  try {
    return await Promise.race([run().then(() => new Error('it was read as if it were a file'), (error: unknown) => error), late])
  } finally {
    clearTimeout(timer)
  }
}

describe('an untrusted path that is not a regular file', () => {
  it.for(SPECIAL.flatMap((special) => READERS.filter((reader) => ON_IMPORT(special) || !reader.name.startsWith('index.')).map((reader) => ({special, reader}))))(
    '$reader.name refuses $special.name by what it reads, not by what it claims',
    async ({special, reader}, context) => {
      const path = special.path()
      const before = process.memoryUsage().rss
      const error = await refusal(() => reader.read(path))
      expect(error).toBeInstanceOf(TamaError)
      expect({kind: (error as TamaError).kind, message: (error as TamaError).message}).toEqual({kind: 'usage', message: expect.stringMatching(special.says)})
      expect((error as TamaError).message.startsWith(`${path}: `)).toBe(true)
      expect(process.memoryUsage().rss - before).toBeLessThan(MAX_GROWTH_BYTES)
      tally(context, 'special files tried', 1)
    },
  )

  it.for(READERS.map((reader) => ({reader})))('$reader.name refuses a path with a NUL byte as usage, quoting it', async ({reader}, context) => {
    const error = await refusal(() => reader.read(join(dir, 'a\u0000b.json')))
    expect(error).toBeInstanceOf(TamaError)
    expect({kind: (error as TamaError).kind, message: (error as TamaError).message}).toEqual({kind: 'usage', message: `${JSON.stringify(join(dir, 'a\u0000b.json'))} is not a valid path. Check the path.`})
    tally(context, 'special files tried', 1)
  })

  it('installs nothing from any of them', () => {
    expect(index.status()).toMatchObject({state: 'not_ready', cassettes: 0})
  })
})

// Every command that reads a file a user names, run as the real CLI. CI tries the file that
// defeats a size check with every command (the library cases above cover the rest); the soak, every file with every command.
const COMMANDS: ReadonlyArray<{name: string; args: (path: string) => string[]}> = [
  {name: 'cassette verify', args: (path) => ['cassette', 'verify', path]},
  {name: 'cassette inspect', args: (path) => ['cassette', 'inspect', path]},
  {name: 'cassette diff', args: (path) => ['cassette', 'diff', path, 'examples/incus.yaml']},
  {name: 'cassette build', args: (path) => ['cassette', 'build', '--name', 'x', '--version', '1.0.0', '--document', path, '--output', join(dir, 'x.tama-cassette')]},
  {name: 'document validate', args: (path) => ['document', 'validate', path]},
  {name: 'document adopt', args: (path) => ['document', 'adopt', path, '--output', join(dir, 'adopted.yaml'), '--default-anyone']},
  {name: 'index import', args: (path) => ['index', 'import', path, '--index', join(dir, 'cli-index.sqlite3')]},
  {name: 'index load', args: (path) => ['index', 'load', path, '--cassette', 'x', '--index', join(dir, 'cli-index.sqlite3')]},
  {name: 'execute --input-file', args: (path) => ['execute', 'incus', 'instance_get', '--input-file', path, '--dry-run', '--index', join(dir, 'cli-index.sqlite3')]},
]
const CLI_CASES: Array<{special: (typeof SPECIAL)[number]; command: (typeof COMMANDS)[number]}> = SPECIAL.filter((special) => special.name !== 'a directory').flatMap((special) =>
  COMMANDS.filter(() => SOAK || /never ends/.test(special.name)).map((command) => ({special, command})),
)

describe('the CLI given a path that is not a regular file', () => {
  it.for(CLI_CASES)(
    '$command.name refuses $special.name with exit 2',
    {timeout: 40_000},
    async ({special, command}, context) => {
      const path = special.path()
      const result = await runCli(command.args(path), {timeoutMs: 30_000})
      expect(result.code, result.stdout + result.stderr).toBe(2)
      expect(result.stdout + result.stderr).toMatch(special.says)
      tally(context, 'special files tried', 1)
    },
  )
})
