import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, PROJECT_ROOT, parseJson, runCli, runProcess} from '../../helpers/cli.js'
import {type HttpServerChild, spawnHttpServer, tokenSha256 as sha256} from '../../helpers/mcp-http.js'

// The MCP Inspector's command-line mode, as a developer checks a server with it: a client
// written by others, on its own SDK version, with its own checks of the tools' schemas.
const INSPECTOR = join(PROJECT_ROOT, 'node_modules/.bin/mcp-inspector')

let dir: string
let index: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-inspector-'))
  index = join(dir, 'index.sqlite3')
  expect((await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index])).code).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** The Inspector's CLI run against `tama-dex mcp` over stdio, with `args` after the server's command. */
function inspect(scopes: readonly string[], args: readonly string[]) {
  const server = [process.execPath, CLI, 'mcp', '--index', index, ...scopes.flatMap((scope) => ['--scope', scope])]
  return runProcess(INSPECTOR, ['--cli', ...server, ...args], {cwd: dir})
}

describe('the MCP Inspector', () => {
  it('lists exactly the two tools, and its strict check of their schemas finds no error and no type of two kinds', async () => {
    const listed = await inspect(['incus.read'], ['--method', 'tools/list', '--strict'])
    expect(listed.code).toBe(0)
    expect(listed.stderr).toContain('0 errors')
    expect(listed.stderr).not.toContain('`type` is an array')
    expect(parseJson<{tools: Array<{name: string}>}>(listed).tools.map((tool) => tool.name)).toEqual(['search', 'execute'])
  })

  it.each([
    {scopes: ['incus.read'], want: 'instances_get'},
    {scopes: [], want: undefined},
  ])('finds what scopes $scopes may see through the search tool', async ({scopes, want}) => {
    const called = await inspect(scopes, ['--method', 'tools/call', '--tool-name', 'search', '--tool-arg', 'query=list instances'])
    expect(called.code).toBe(0)
    const {structuredContent} = parseJson<{structuredContent: {results: Array<{operation_id: string}>}}>(called)
    expect(structuredContent.results[0]?.operation_id).toBe(want)
  })
})

describe('the MCP Inspector over Streamable HTTP', () => {
  let server: HttpServerChild

  beforeAll(async () => {
    const tokens = join(dir, 'callers.jsonl')
    writeFileSync(tokens, [
      JSON.stringify({name: 'reader', token_sha256: sha256('reader-token'), scopes: ['incus.read']}),
      JSON.stringify({name: 'outsider', token_sha256: sha256('outsider-token'), scopes: ['runtime.read']}),
    ].join('\n'))
    server = await spawnHttpServer(['--index', index, '--tokens', tokens])
  })

  afterAll(() => server.stop())

  /** The Inspector's CLI run against `tama-dex mcp --http`, as the caller of `token`. */
  const inspectHttp = (token: string, args: readonly string[]) =>
    runProcess(INSPECTOR, ['--cli', server.url.href, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args], {cwd: dir})

  it('lists exactly the two tools, and its strict check of their schemas finds no error', async () => {
    const listed = await inspectHttp('reader-token', ['--method', 'tools/list', '--strict'])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stderr).toContain('0 errors')
    expect(parseJson<{tools: Array<{name: string}>}>(listed).tools.map((tool) => tool.name)).toEqual(['search', 'execute'])
  })

  it.each([
    {caller: 'reader', want: 'instances_get'},
    {caller: 'outsider', want: undefined},
  ])('finds what the $caller may see through the search tool', async ({caller, want}) => {
    const called = await inspectHttp(`${caller}-token`, ['--method', 'tools/call', '--tool-name', 'search', '--tool-arg', 'query=list instances'])
    expect(called.code, called.stderr).toBe(0)
    const {structuredContent} = parseJson<{structuredContent: {results: Array<{operation_id: string}>}}>(called)
    expect(structuredContent.results[0]?.operation_id).toBe(want)
    if (want === undefined) expect(called.stdout).not.toContain('incus')
  })

  it('is refused without a valid token', async () => {
    const refused = await inspectHttp('wrong-token', ['--method', 'tools/list'])
    expect(refused.code).not.toBe(0)
    expect(`${refused.stdout}${refused.stderr}`).not.toContain('instances')
  })
})
