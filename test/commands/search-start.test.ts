import {spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, type CliResult, PROJECT_ROOT, runCli, runProcess} from '../helpers/cli.js'

// `tama-dex search` answers a search that succeeds before oclif loads (src/cli/search-start.ts)
// and leaves everything else to oclif: both must read and exit the same.
const OCLIF_ONLY = new URL('oclif-only.mjs', import.meta.url).pathname
const HELD_BACK = new URL('oclif-held-back.mjs', import.meta.url).pathname
const RECORD_MODULES = new URL('record-modules.mjs', import.meta.url).pathname

let dir: string
let index: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-search-start-'))
  index = join(dir, 'index.sqlite3')
  const loaded = await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index])
  expect(loaded.code, loaded.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** The argv after `search`, with the test index unless the case names its own. */
function argvOf(given: readonly string[]): string[] {
  return given.some((arg) => arg === '--index' || arg === '--from') ? [...given] : [...given, '--index', index]
}

// oclif warns of a command that failed in its parse when NODE_ENV is test, naming the process.
function withoutPid(result: CliResult): CliResult {
  return {...result, stderr: result.stderr.replaceAll(/^\(node:\d+\)/gm, '(node)')}
}

describe('tama-dex search, answered before oclif or by oclif', () => {
  it.each([
    {name: 'results', given: ['list', 'instances', '--scope', 'incus.read']},
    {name: 'words around flags', given: ['list', '--scope', 'incus.read', 'instances', '--limit', '3']},
    {name: 'scopes by comma', given: ['delete', 'instance', '--scope', 'incus.read,incus.write']},
    {name: 'a table cut to $COLUMNS', given: ['list', 'instances', '--scope', 'incus.read'], env: {COLUMNS: '50'}},
    {name: 'no results', given: ['zzzqqq', '--scope', 'incus.read']},
    {name: 'no scope', given: ['list', 'instances']},
    {name: 'one installed cassette', given: ['list', 'instances', '--cassette', 'incus', '--scope', 'incus.read']},
    {name: 'an API description --from', given: ['list', 'instances', '--from', 'examples/incus.yaml', '--scope', 'incus.read']},
    {name: 'a word that looks like a flag', given: ['list', '--bogus', '--scope', 'incus.read']},
    {name: '--json', given: ['list', 'instances', '--scope', 'incus.read', '--json']},
    {name: 'no words', given: ['--scope', 'incus.read']},
    {name: 'no words, --json', given: ['--scope', 'incus.read', '--json']},
    {name: 'JSON asked for by TAMA_DEX_CONTENT_TYPE', given: ['list', 'instances', '--scope', 'incus.read'], env: {TAMA_DEX_CONTENT_TYPE: 'json'}},
    {name: 'a bad --limit', given: ['list', '--limit', '0', '--scope', 'incus.read']},
    {name: '--scope without a value', given: ['list', '--scope']},
    {name: '--from with --index', given: ['list', '--from', 'examples/incus.yaml', '--index', 'elsewhere.sqlite3']},
    {name: 'a cassette not installed', given: ['list', '--cassette', 'nope', '--scope', 'incus.read']},
    {name: 'a missing index', given: ['list', '--index', 'no/such/index.sqlite3']},
    {name: 'a missing --from file', given: ['list', '--from', 'no/such/file.yaml']},
    {name: 'words after --', given: ['--scope', 'incus.read', '--', 'list', '--limit']},
    {name: '-h', given: ['list', '-h']},
    {name: '--help', given: ['--help']},
  ])('$name: the same stdout, stderr and exit code', async ({given, env}) => {
    const argv = ['search', ...argvOf(given)]
    const [answered, oclif] = await Promise.all([runCli(argv, {env}), runProcess(process.execPath, [OCLIF_ONLY, ...argv], {env})])
    expect(withoutPid(answered)).toEqual(withoutPid(oclif))
  })

  it.each([{path: 'before oclif', command: [CLI]}, {path: 'through oclif', command: [OCLIF_ONLY]}])('ends quietly when stdout is closed before the table, $path', async ({command}) => {
    const child = spawn(process.execPath, [...command, 'search', ...argvOf(['list', 'instances', '--scope', 'incus.read'])], {cwd: PROJECT_ROOT})
    child.stdout.destroy()
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect({code, stderr}).toEqual({code: 0, stderr: ''})
  })

  it.each([
    {name: 'results', given: ['list', 'instances', '--scope', 'incus.read'], want: /^CASSETTE +OPERATION/},
    {name: 'no results', given: ['zzzqqq', '--scope', 'incus.read'], want: /^No operations match/},
  ])('answers $name while the import of oclif is held back', async ({given, want}) => {
    const result = await runProcess(process.execPath, ['--import', HELD_BACK, CLI, 'search', ...argvOf(given)])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(want)
  })

  // The build bundles what a search runs (scripts/bundle-search-start.mjs): each separate file is a cold start's cost.
  it('loads its code from the bundle, the error classes and better-sqlite3 alone', async () => {
    const list = join(dir, 'modules.txt')
    const result = await runProcess(process.execPath, ['--import', RECORD_MODULES, CLI, 'search', ...argvOf(['list', 'instances', '--scope', 'incus.read'])], {env: {TAMA_TEST_MODULES: list}})
    expect(result.code, result.stderr).toBe(0)
    const loaded = readFileSync(list, 'utf8').trim().split('\n').map((url) => relative(PROJECT_ROOT, fileURLToPath(url)).split('\\').join('/'))
    expect(loaded.filter((file) => file.startsWith('dist/') && !/^dist\/(cli\/search-start(-\w+)?\.js|core\/errors\/)/.test(file))).toEqual([])
    expect(loaded.filter((file) => file.includes('node_modules/') && !file.includes('node_modules/better-sqlite3/'))).toEqual([])
    expect(loaded).toContain('dist/cli/search-start.js')
  })
})
