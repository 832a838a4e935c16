import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Client, StreamableHTTPClientTransport} from '@modelcontextprotocol/client'
import {Client as V1Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport as V1StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'

import {runCli} from '../../../helpers/cli.js'
import {type HttpServerChild, spawnHttpServer, tokenSha256 as sha256} from '../../../helpers/mcp-http.js'

// `tama-dex mcp --http`, spawned, with real clients: the v2 SDK's on both revisions and the v1 SDK's.

let dir: string
let index: string
let tokens: string
const servers: HttpServerChild[] = []
const clients: Array<{close(): Promise<void>}> = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-mcp-http-'))
  index = join(dir, 'index.sqlite3')
  expect((await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index])).code).toBe(0)
  tokens = join(dir, 'callers.jsonl')
  writeFileSync(tokens, [
    JSON.stringify({name: 'reader', token_sha256: sha256('reader-token'), scopes: ['incus.read']}),
    '',
    JSON.stringify({name: 'outsider', token_sha256: sha256('outsider-token').toUpperCase(), scopes: ['runtime.read']}),
  ].join('\n'))
})

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
  for (const server of servers.splice(0)) await server.stop()
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** `tama-dex mcp --http` on this test's index, stopped after each test. */
async function start(args: readonly string[]): Promise<URL> {
  const server = await spawnHttpServer(['--index', index, ...args])
  servers.push(server)
  return server.url
}

async function connect(url: URL, revision: 'legacy' | 'modern', token: string): Promise<Client> {
  const client = new Client({name: 'tama-dex-test', version: '0.0.0'}, revision === 'modern' ? {versionNegotiation: {mode: {pin: '2026-07-28'}}} : {})
  await client.connect(new StreamableHTTPClientTransport(url, {requestInit: {headers: {authorization: `Bearer ${token}`}}}))
  clients.push(client)
  return client
}

const results = (answer: {structuredContent?: unknown}) => (answer.structuredContent as {results?: Array<{operation_id: string}>}).results ?? []

describe('tama-dex mcp --http --tokens', () => {
  it('serves the v2 client on both revisions and the v1 client, each caller with the scopes of its token', async () => {
    const url = await start(['--tokens', tokens])
    expect(url.pathname).toBe('/mcp')
    for (const revision of ['legacy', 'modern'] as const) {
      const client = await connect(url, revision, 'reader-token')
      expect(client.getNegotiatedProtocolVersion()).toBe(revision === 'modern' ? '2026-07-28' : '2025-11-25')
      expect(results(await client.callTool({name: 'search', arguments: {query: 'list instances'}})).map((hit) => hit.operation_id)).toContain('instances_get')
    }
    const v1 = new V1Client({name: 'tama-dex-test', version: '0.0.0'})
    await v1.connect(new V1StreamableHTTPClientTransport(url, {requestInit: {headers: {authorization: 'Bearer reader-token'}}}))
    clients.push(v1)
    expect((await v1.listTools()).tools.map((tool) => tool.name)).toEqual(['search', 'execute'])
  })

  it('keeps concurrent callers apart: the outsider never sees the reader\'s operations', async () => {
    const url = await start(['--tokens', tokens])
    const [reader, outsider] = await Promise.all([connect(url, 'modern', 'reader-token'), connect(url, 'modern', 'outsider-token')])
    const answers = await Promise.all(Array.from({length: 20}, (_, at) => (at % 2 === 0 ? reader : outsider).callTool({name: 'search', arguments: {query: 'instances'}})))
    for (const [at, answer] of answers.entries()) {
      if (at % 2 === 0) expect(results(answer).length).toBeGreaterThan(0)
      else expect(JSON.stringify(answer)).not.toContain('incus')
    }
  })

  it('answers 401 without a token and with a wrong one', async () => {
    const url = await start(['--tokens', tokens])
    const body = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list', params: {}})
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${sha256('reader-token')}`]) {
      const answer = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization === undefined ? {} : {authorization})}, body})
      expect(answer.status).toBe(401)
      expect(await answer.text()).not.toContain('incus')
    }
  })
})

describe('tama-dex mcp --http refuses to start', () => {
  it('on an address other than loopback without --tokens (exit 2)', async () => {
    const result = await runCli(['mcp', '--index', index, '--http', '0.0.0.0:0', '--scope', 'incus.read'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('0.0.0.0 is not a loopback address')
  })

  it('with a token file that is not valid, naming each bad line at file:line', async () => {
    const bad = join(dir, 'bad.jsonl')
    writeFileSync(bad, [
      JSON.stringify({name: 'ci', token_sha256: sha256('a'), scopes: ['incus.read']}),
      JSON.stringify({name: 'ops', token_sha256: 'not-hex', scopes: ['incus.read']}),
      'not json',
      JSON.stringify({name: 'ci', token_sha256: sha256('b'), scopes: []}),
      JSON.stringify({name: 'dev', token_sha256: sha256('c'), scopes: [], scope: []}),
      JSON.stringify({name: 'qa', token_sha256: sha256('d'), scopes: 'incus.read'}),
    ].join('\n'))
    const result = await runCli(['mcp', '--index', index, '--http', '127.0.0.1:0', '--tokens', bad])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${bad}: 5 line(s) of the token file are not a valid caller`)
    expect(result.stderr).not.toContain(`${bad}:1:1`)
    expect(result.stderr).toContain(`${bad}:2:1#: "token_sha256" must be the 64 hex digits`)
    expect(result.stderr).toContain(`${bad}:3:1#: not JSON`)
    expect(result.stderr).toContain(`${bad}:4:1#: the name "ci" is given to an earlier caller too`)
    expect(result.stderr).toContain(`${bad}:5:1#: unknown field "scope"`)
    expect(result.stderr).toContain(`${bad}:6:1#: "scopes" must be an array`)
    const empty = join(dir, 'empty.jsonl')
    writeFileSync(empty, '\n')
    const none = await runCli(['mcp', '--index', index, '--http', '127.0.0.1:0', '--tokens', empty])
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('names no caller')])
  })

  it('with an address that is not HOST:PORT, or --tokens beside --scope', async () => {
    expect(await runCli(['mcp', '--index', index, '--http', '8080'])).toMatchObject({code: 2, stderr: expect.stringContaining('give HOST:PORT')})
    expect(await runCli(['mcp', '--index', index, '--http', '127.0.0.1:0', '--tokens', tokens, '--scope', 'incus.read'])).toMatchObject({code: 2, stderr: expect.stringContaining('Drop --scope')})
  })
})

describe('tama-dex mcp --http on loopback without --tokens', () => {
  it('serves every local caller with the --scope scopes', async () => {
    const url = await start(['--scope', 'incus.read'])
    const client = await connect(url, 'modern', 'anything')
    expect(results(await client.callTool({name: 'search', arguments: {query: 'list instances'}})).length).toBeGreaterThan(0)
  })
})

describe('tama-dex mcp --help', () => {
  it('shows the HTTP flags', async () => {
    const result = await runCli(['mcp', '--help'])
    expect(result.code).toBe(0)
    for (const flag of ['--http=HOST:PORT', '--tokens=FILE', '--allow-origin=HOSTNAME']) expect(result.stdout).toContain(flag)
  })
})
