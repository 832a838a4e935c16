import {cpSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {PROJECT_ROOT, runProcess} from '../helpers/cli.js'

// What a producer without a checkout runs: `npm pack`, then `npm install -g ./tama-dex-*.tgz`
// (README.md#install). The install skips install scripts and takes better-sqlite3's native
// addon from this checkout's own build (the same Node), since its script fetches a prebuilt
// binary from a host other than the npm registry; every file and dependency is the package's.

let dir: string
let packed: {filename: string; files: Array<{path: string}>}
let bin: string

const npm = (args: readonly string[], cwd = PROJECT_ROOT) => runProcess('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {cwd, timeoutMs: 240_000})
const tamaDex = (args: readonly string[]) => runProcess(bin, args, {cwd: dir, timeoutMs: 60_000})

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-packed-'))
  const pack = await npm(['pack', '--pack-destination', dir, '--json'])
  expect(pack.code, pack.stderr).toBe(0)
  packed = (JSON.parse(pack.stdout) as Array<typeof packed>)[0]!
  const prefix = join(dir, 'prefix')
  const install = await npm(['install', '--global', '--prefix', prefix, join(dir, packed.filename), '--ignore-scripts', '--prefer-offline'], dir)
  expect(install.code, install.stderr).toBe(0)
  const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'
  cpSync(join(PROJECT_ROOT, addon), join(prefix, 'lib/node_modules/tama-dex', addon))
  bin = join(prefix, 'bin', 'tama-dex')
  cpSync(join(PROJECT_ROOT, 'examples/incus.yaml'), join(dir, 'incus.yaml'))
}, 300_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('the packed tarball', () => {
  it('holds the licence and no source maps pointing at sources it does not ship', () => {
    const files = packed.files.map((file) => file.path)
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'bin/run.js', 'dist/index.js', 'dist/mcp.js', 'oclif.manifest.json']))
    expect(files.filter((file) => file.endsWith('.map') || file.startsWith('src/') || file.startsWith('test/'))).toEqual([])
  })

  it('installs globally and runs: version, build, verify, import, search', {timeout: 120_000}, async () => {
    expect((await tamaDex(['--version'])).stdout).toMatch(/^tama-dex\/0\.1\.0 /)
    const built = await tamaDex(['cassette', 'build', '--name', 'incus', '--version', '1.0.0', '--document', 'incus.yaml', '--output', 'incus.tama-cassette', '--json'])
    expect(built.code, built.stderr).toBe(0)
    const {sha256} = JSON.parse(built.stdout) as {sha256: string}
    for (const args of [['cassette', 'verify', 'incus.tama-cassette', '--sha256', sha256], ['index', 'import', 'incus.tama-cassette', '--sha256', sha256, '--index', 'index.sqlite3']]) {
      const result = await tamaDex(args)
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0)
    }
    const search = await tamaDex(['search', 'list', 'instances', '--scope', 'incus.read', '--index', 'index.sqlite3', '--json'])
    expect(search.code, search.stderr).toBe(0)
    expect((JSON.parse(search.stdout) as {results: unknown[]}).results[0]).toMatchObject({cassette: 'incus', operation_id: 'instances_get'})
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['incus.tama-cassette', 'index.sqlite3']))
  })

  it('serves MCP through the SDK it installed as a peer', {timeout: 60_000}, async () => {
    const initialize = JSON.stringify({jsonrpc: '2.0', id: 0, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'packed', version: '0'}}})
    const list = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'})
    const served = await runProcess(bin, ['mcp', '--index', 'index.sqlite3', '--scope', 'incus.read'], {cwd: dir, input: `${initialize}\n${list}\n`, timeoutMs: 30_000})
    expect(served.code, served.stderr).toBe(0)
    const answers = served.stdout.trim().split('\n').map((line) => JSON.parse(line) as {id: number; result: {tools?: Array<{name: string}>}})
    expect(answers.find((answer) => answer.id === 1)?.result.tools?.map((tool) => tool.name)).toEqual(['search', 'execute'])
  })
})
