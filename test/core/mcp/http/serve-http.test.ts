import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Client, StreamableHTTPClientTransport} from '@modelcontextprotocol/client'
import {Client as V1Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport as V1StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'

import {type TamaIndex, openIndex} from '../../../../src/index.js'
import {type HttpCaller, type HttpServing, type ServeHttpOptions, executeTool, searchTool, serveHttp} from '../../../../src/core/mcp/index.js'
import {PROJECT_ROOT, runCli} from '../../../helpers/cli.js'
import {HttpTestServer} from '../../execute/http-test-server.js'
import {type Revision, READER_REACH, TOOL_OUTPUTS as outputs, type UserAnswer, v2Client} from '../mcp-clients.js'

// Real clients, the v2 SDK's on both revisions and the v1 SDK's, against serveHttp in this process.

const DELETE_WEB1 = {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}}

/** The bearer tokens of this test's host, and whom each names. */
const CALLERS = new Map<string, HttpCaller>([
  ['Bearer reader-token', {name: 'reader', scopes: ['incus.read']}],
  ['Bearer writer-token', {name: 'writer', scopes: ['incus.read', 'incus.write']}],
  ['Bearer outsider-token', {name: 'outsider', scopes: ['runtime.read']}],
])
const authenticate = (request: Request): HttpCaller | undefined => CALLERS.get(request.headers.get('authorization') ?? '')


let dir: string
let index: TamaIndex
let api: HttpTestServer
let executors: NonNullable<ServeHttpOptions['executors']>
const open: Array<{close(): Promise<void>}> = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-http-'))
  const path = join(dir, 'index.sqlite3')
  expect((await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', path])).code).toBe(0)
  index = openIndex({path, readonly: true})
  api = await HttpTestServer.start()
  // The example executors read their API's address when loaded.
  process.env.INCUS_URL = api.url
  executors = (await import(join(PROJECT_ROOT, 'examples/executors/executors.mjs'))).executors
})

afterEach(async () => {
  for (const closing of open.splice(0).reverse()) await closing.close()
})

afterAll(async () => {
  index.close()
  await api.close()
  rmSync(dir, {recursive: true, force: true})
})

async function serve(options: Partial<ServeHttpOptions> = {}): Promise<HttpServing> {
  const serving = await serveHttp(index, {authenticate, executors, ...options})
  open.push(serving)
  return serving
}

/** The v2 client on `revision`, with `token`; with `user`, it asks its user (answering as given). */
async function connect(url: URL, revision: Revision, token: string, user?: (message: string) => UserAnswer): Promise<Client> {
  const client = v2Client(revision, user)
  await client.connect(new StreamableHTTPClientTransport(url, {requestInit: {headers: {authorization: `Bearer ${token}`}}}))
  open.push(client)
  return client
}

/** A raw POST of a 2025-11-25 tools/list, as a client without the SDK would send it. */
function post(url: URL, headers: Record<string, string>, body = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list', params: {}})): Promise<Response> {
  return fetch(url, {method: 'POST', headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers}, body})
}

describe.each(['legacy', 'modern'] as const)('serveHttp and the v2 client on the %s revision', (revision) => {
  it('negotiates the revision, lists exactly the two tools and answers within their output schemas', async () => {
    const {url} = await serve()
    const client = await connect(url, revision, 'reader-token')
    expect(client.getNegotiatedProtocolVersion()).toBe(revision === 'modern' ? '2026-07-28' : '2025-11-25')
    const listed = await client.listTools()
    expect(listed.tools).toEqual(JSON.parse(JSON.stringify([searchTool(), executeTool(READER_REACH)])))
    if (revision === 'modern') expect(listed).toMatchObject({ttlMs: 60_000, cacheScope: 'private'})
    const found = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(outputs.search(found.structuredContent), JSON.stringify(outputs.search.errors)).toBe(true)
    expect(found.structuredContent).toMatchObject({results: expect.arrayContaining([expect.objectContaining({operation_id: 'instances_get'})])})
  })
})

describe('serveHttp and the v1 client', () => {
  it('serves the 2025-11-25 revision and the two tools', async () => {
    const {url} = await serve()
    const client = new V1Client({name: 'tama-dex-test', version: '0.0.0'})
    await client.connect(new V1StreamableHTTPClientTransport(url, {requestInit: {headers: {authorization: 'Bearer reader-token'}}}))
    open.push(client)
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search', 'execute'])
    const found = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(outputs.search(found.structuredContent)).toBe(true)
    expect(found.isError).toBe(false)
  })
})

describe('serveHttp refuses before any tool answers', () => {
  it('answers 401 without a token or with a wrong one, saying nothing of the operations', async () => {
    const {url} = await serve()
    for (const headers of [{}, {authorization: 'Bearer wrong'}, {authorization: 'reader-token'}] as Array<Record<string, string>>) {
      const answer = await post(url, headers)
      expect(answer.status).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer')
      const text = await answer.text()
      expect(text).toContain('Unauthorized')
      expect(text).not.toMatch(/incus|instance|search|execute/)
    }
    expect((await post(url, {authorization: 'Bearer reader-token'})).status).toBe(200)
  })

  it('answers 403 to a browser Origin not allowed, even with a good token, and serves an allowed one', async () => {
    const {url} = await serve({allowedOrigins: ['app.example']})
    for (const origin of ['http://evil.example', 'null', `http://${url.host}`]) {
      const answer = await post(url, {authorization: 'Bearer reader-token', origin})
      expect(answer.status, origin).toBe(403)
      expect(await answer.text()).not.toMatch(/incus|instance/)
    }
    expect((await post(url, {authorization: 'Bearer reader-token', origin: 'https://app.example'})).status).toBe(200)
  })

  it('answers 403 to a Host header that is not loopback when listening on loopback (DNS rebinding)', async () => {
    const {url} = await serve()
    const {request} = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(url, {method: 'POST', headers: {host: `rebound.example:${url.port}`, authorization: 'Bearer reader-token', 'content-type': 'application/json'}}, (answer) => {
        answer.resume()
        resolve(answer.statusCode ?? 0)
      })
      sent.on('error', reject)
      sent.end('{}')
    })
    expect(status).toBe(403)
  })

  it('answers 413 to a body over the limit, and 404 off /mcp', async () => {
    const {url} = await serve({limits: {maxBodyBytes: 1000}})
    const big = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'search', arguments: {query: 'x'.repeat(2000)}}})
    expect((await post(url, {authorization: 'Bearer reader-token'}, big)).status).toBe(413)
    expect((await post(new URL('/other', url), {authorization: 'Bearer reader-token'})).status).toBe(404)
  })

  it('answers 503 once a request outlasts its time, and when one more request than allowed comes at once', async () => {
    api.reply = 'hang'
    const {url} = await serve({limits: {requestTimeoutMs: 500, maxConcurrentRequests: 1}})
    const client = await connect(url, 'modern', 'reader-token')
    const slow = client.callTool({name: 'execute', arguments: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}})
    while (api.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    const extra = await post(url, {authorization: 'Bearer reader-token'})
    expect([extra.status, extra.headers.get('retry-after')]).toEqual([503, '1'])
    await expect(slow).rejects.toThrow(/took longer than 500 ms/)
  })
})

describe('concurrent HTTP callers with different scopes', () => {
  it('each see only their own operations', async () => {
    const {url} = await serve()
    const [reader, outsider] = await Promise.all([connect(url, 'modern', 'reader-token'), connect(url, 'legacy', 'outsider-token')])
    const rounds = Array.from({length: 10}, () => [
      reader.callTool({name: 'search', arguments: {query: 'instances'}}),
      outsider.callTool({name: 'search', arguments: {query: 'instances'}}),
      outsider.callTool({name: 'execute', arguments: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}}),
    ])
    for (const [read, outside, outsideRun] of await Promise.all(rounds.map((round) => Promise.all(round)))) {
      expect((read!.structuredContent as {results: unknown[]}).results.length).toBeGreaterThan(0)
      expect(JSON.stringify(outside!.structuredContent)).not.toContain('incus')
      expect(outsideRun).toMatchObject({isError: true, structuredContent: {error: {kind: 'not_found', dispatched: false}}})
    }
  })
})

describe('execute\'s annotations, per caller', () => {
  it.each([
    {token: 'reader-token', want: {readOnlyHint: undefined, destructiveHint: false}},
    {token: 'writer-token', want: {readOnlyHint: undefined, destructiveHint: true}},
    {token: 'outsider-token', want: {readOnlyHint: true, destructiveHint: false}},
  ])('say what the $token caller reaches', async ({token, want}) => {
    const {url} = await serve()
    for (const revision of ['legacy', 'modern'] as const) {
      const [, execute] = (await (await connect(url, revision, token)).listTools()).tools
      expect(execute!.annotations).toEqual({title: 'Execute an operation', openWorldHint: true, ...(want.readOnlyHint ? {readOnlyHint: true} : {}), destructiveHint: want.destructiveHint})
    }
  })
})

describe('a person\'s confirmation over HTTP (confirmBy user)', () => {
  const deletes = () => api.requests.filter((request) => request.method === 'DELETE').length

  it('on 2026-07-28, asks the user and runs the call once the user accepts, and runs nothing on a decline', async () => {
    api.reply = {status: 202, type: 'application/json', body: '{"type":"async","metadata":{"id":"op-1"}}'}
    const {url} = await serve({confirmBy: 'user'})
    const asked: string[] = []
    const accepting = await connect(url, 'modern', 'writer-token', (message) => (asked.push(message), {action: 'accept', content: {confirm: true}}))
    const before = deletes()
    const ran = await accepting.callTool({name: 'execute', arguments: DELETE_WEB1})
    expect(asked).toEqual(['Allow incus/instance_delete to run? Deleting an instance destroys its root disk, snapshots and backups. name: web1.'])
    expect(ran.isError, JSON.stringify(ran.structuredContent)).toBe(false)
    expect(deletes()).toBe(before + 1)
    const declining = await connect(url, 'modern', 'writer-token', () => ({action: 'decline'}))
    const refused = await declining.callTool({name: 'execute', arguments: DELETE_WEB1})
    expect(refused).toMatchObject({isError: true, structuredContent: {error: {kind: 'confirmation_required', dispatched: false}}})
    expect(deletes()).toBe(before + 1)
  })

  it('on 2025-11-25 (stateless, no way back for the question), refuses saying so, and runs nothing', async () => {
    const {url} = await serve({confirmBy: 'user'})
    const asked: string[] = []
    const client = await connect(url, 'legacy', 'writer-token', (message) => (asked.push(message), {action: 'accept', content: {confirm: true}}))
    const before = deletes()
    const ran = await client.callTool({name: 'execute', arguments: DELETE_WEB1})
    expect(ran).toMatchObject({isError: true, structuredContent: {error: {kind: 'confirmation_required', message: expect.stringContaining('Connect with the 2026-07-28 revision')}}})
    expect([asked, deletes()]).toEqual([[], before])
  })
})

describe('examples/host/mcp-http-server.mjs', () => {
  it('serves each key\'s user with their own scopes, and refuses a request without a key', async () => {
    const {spawn} = await import('node:child_process')
    const keys = {'key-of-ci': {name: 'ci', scopes: ['incus.read']}, 'key-of-guest': {name: 'guest', scopes: []}}
    const host = spawn(process.execPath, ['examples/host/mcp-http-server.mjs', join(dir, 'index.sqlite3'), '0'], {cwd: PROJECT_ROOT, env: {...process.env, TEAM_KEYS: JSON.stringify(keys)}, stdio: ['ignore', 'ignore', 'pipe']})
    const exited = new Promise((resolve) => host.once('exit', resolve))
    open.push({close: async () => (host.kill('SIGTERM'), await exited, undefined)})
    const url = await new Promise<URL>((resolve) => host.stderr.on('data', (chunk: Buffer) => resolve(new URL(/serving (\S+)/.exec(chunk.toString())![1]!))))
    const ci = await connect(url, 'modern', 'key-of-ci')
    const guest = await connect(url, 'legacy', 'key-of-guest')
    expect((await ci.callTool({name: 'search', arguments: {query: 'list instances'}})).structuredContent).toMatchObject({results: expect.arrayContaining([expect.objectContaining({operation_id: 'instances_get'})])})
    expect(JSON.stringify((await guest.callTool({name: 'search', arguments: {query: 'list instances'}})).structuredContent)).not.toContain('incus')
    expect((await post(url, {})).status).toBe(401)
  })
})
