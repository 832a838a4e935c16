import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'

import {Client} from '@modelcontextprotocol/client'
import {StdioClientTransport} from '@modelcontextprotocol/client/stdio'
import {CLIENT_CAPABILITIES_META_KEY} from '@modelcontextprotocol/server'
import {StdioServerTransport, serveStdio as serveSdkStdio} from '@modelcontextprotocol/server/stdio'
import {Client as V1Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport as V1StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'

import {executeTool, searchTool} from '../../../../src/core/mcp/index.js'
import {CLIENT_CAPABILITIES} from '../../../../src/core/mcp/revisions/elicitation.js'
import {answerDiscover} from '../../../../src/core/mcp/revisions/index.js'
import {LASTING_SESSIONS, toolServerFactory} from '../../../../src/core/mcp/tool-server.js'
import {CLI, PROJECT_ROOT, runCli} from '../../../helpers/cli.js'
import {HttpTestServer} from '../../execute/http-test-server.js'
import {type Revision, READER_REACH, TOOL_OUTPUTS as outputs, type UserAnswer, v2Client} from '../mcp-clients.js'
import {FakeIndex} from '../fake-index.js'

// Real clients against a real `tama-dex mcp` child: the v2 SDK's on both revisions, and the v1 SDK's.

const EXECUTORS = join(PROJECT_ROOT, 'examples/executors/executors.mjs')
const DELETE_WEB1 = {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}}


let dir: string
let index: string
let api: HttpTestServer
const open: Array<{close(): Promise<void>}> = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-revisions-'))
  index = join(dir, 'index.sqlite3')
  expect((await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index])).code).toBe(0)
  api = await HttpTestServer.start()
})

afterEach(async () => {
  for (const client of open.splice(0)) await client.close()
})

afterAll(async () => {
  await api.close()
  rmSync(dir, {recursive: true, force: true})
})

/** The v2 client on `revision`, connected to `tama-dex mcp ARGS`; with `user`, it asks its user (answering as given). */
async function connect(revision: Revision, args: readonly string[], user?: (message: string) => UserAnswer, indexPath = index): Promise<Client> {
  const client = v2Client(revision, user)
  const transport = new StdioClientTransport({command: process.execPath, args: [CLI, 'mcp', '--index', indexPath, ...args], cwd: PROJECT_ROOT, env: {...(process.env as Record<string, string>), INCUS_URL: api.url}})
  await client.connect(transport)
  open.push(client)
  return client
}

describe.each(['legacy', 'modern'] as const)('tama-dex mcp and the v2 client on the %s revision', (revision) => {
  it('negotiates the revision, lists exactly the two tools and answers within their output schemas', async () => {
    const client = await connect(revision, ['--scope', 'incus.read'])
    expect(client.getNegotiatedProtocolVersion()).toBe(revision === 'modern' ? '2026-07-28' : '2025-11-25')
    const listed = await client.listTools()
    expect(listed.tools).toEqual(JSON.parse(JSON.stringify([searchTool(), executeTool(READER_REACH)])))
    if (revision === 'modern') expect(listed).toMatchObject({ttlMs: 60_000, cacheScope: 'private'})
    const found = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(outputs.search(found.structuredContent), JSON.stringify(outputs.search.errors)).toBe(true)
    expect(found.isError).toBe(false)
    const ran = await client.callTool({name: 'execute', arguments: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}})
    expect(outputs.execute(ran.structuredContent)).toBe(true)
    expect(ran).toMatchObject({isError: true, structuredContent: {error: {kind: 'no_executor', dispatched: false}}})
  })
})

describe('tama-dex mcp and the v1 client', () => {
  it('serves the 2025-11-25 handshake and the two tools as before', async () => {
    const client = new V1Client({name: 'tama-dex-test', version: '0.0.0'})
    await client.connect(new V1StdioClientTransport({command: process.execPath, args: [CLI, 'mcp', '--index', index, '--scope', 'incus.read'], cwd: PROJECT_ROOT}))
    open.push(client)
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search', 'execute'])
    const found = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(outputs.search(found.structuredContent)).toBe(true)
  })
})

describe('a 2026-07-28 client while cassettes come and go', () => {
  it('finds a cassette imported after its first request, and no longer finds it once removed', async () => {
    const late = join(dir, 'late.sqlite3')
    const client = await connect('modern', ['--scope', 'incus.read'], undefined, late)
    const before = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(before).toMatchObject({isError: true, structuredContent: {error: {kind: 'not_ready'}}})
    expect(JSON.stringify(before)).not.toContain(dir)
    expect((await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', late])).code).toBe(0)
    const found = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(found.structuredContent).toMatchObject({results: expect.arrayContaining([expect.objectContaining({operation_id: 'instances_get'})])})
    expect((await runCli(['index', 'remove', 'incus', '--index', late])).code).toBe(0)
    const gone = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(gone).toMatchObject({isError: true, structuredContent: {error: {kind: 'not_ready'}}})
  })
})

describe.each(['legacy', 'modern'] as const)('--confirm-by user on the %s revision', (revision) => {
  const host = ['--scope', 'incus.read', '--scope', 'incus.write', '--executors', EXECUTORS, '--confirm-by', 'user']
  const deletes = () => api.requests.filter((request) => request.method === 'DELETE').length

  it('asks the user with the rule\'s message and the echoed value, and runs the call once the user accepts', async () => {
    api.reply = {status: 202, type: 'application/json', body: '{"type":"async","metadata":{"id":"op-1"}}'}
    const asked: string[] = []
    const client = await connect(revision, host, (message) => (asked.push(message), {action: 'accept', content: {confirm: true}}))
    const before = deletes()
    const ran = await client.callTool({name: 'execute', arguments: DELETE_WEB1})
    expect(asked).toEqual(['Allow incus/instance_delete to run? Deleting an instance destroys its root disk, snapshots and backups. name: web1.'])
    expect(ran.isError, JSON.stringify(ran.structuredContent)).toBe(false)
    expect(outputs.execute(ran.structuredContent)).toBe(true)
    expect(deletes()).toBe(before + 1)
  })

  it('runs nothing when the user declines', async () => {
    const client = await connect(revision, host, () => ({action: 'decline'}))
    const before = deletes()
    const ran = await client.callTool({name: 'execute', arguments: DELETE_WEB1})
    expect(ran).toMatchObject({isError: true, structuredContent: {error: {kind: 'confirmation_required', dispatched: false, message: expect.stringContaining('The user did not confirm')}}})
    expect(deletes()).toBe(before)
  })

  it('refuses the agent\'s own confirm without asking anyone', async () => {
    const asked: string[] = []
    const client = await connect(revision, host, (message) => (asked.push(message), {action: 'accept', content: {confirm: true}}))
    const before = deletes()
    const ran = await client.callTool({name: 'execute', arguments: {...DELETE_WEB1, confirm: 'web1'}})
    expect(ran).toMatchObject({isError: true, structuredContent: {error: {kind: 'confirmation_required', message: expect.stringContaining('`confirm` from the agent is not accepted')}}})
    expect(asked).toEqual([])
    expect(deletes()).toBe(before)
  })

  it('refuses, saying so, when the client cannot ask its user', async () => {
    const client = await connect(revision, host)
    const before = deletes()
    const ran = await client.callTool({name: 'execute', arguments: DELETE_WEB1})
    expect(ran).toMatchObject({isError: true, structuredContent: {error: {kind: 'confirmation_required', message: expect.stringContaining('this client cannot ask the user')}}})
    expect(deletes()).toBe(before)
  })
})

describe('the early server/discover answer', () => {
  it('is the SDK server\'s own answer', async () => {
    const line = JSON.stringify({jsonrpc: '2.0', id: 3, method: 'server/discover', params: {_meta: {'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': {name: 'raw', version: '0'}, [CLIENT_CAPABILITIES_META_KEY]: {}}}})
    const serverInfo = {name: 'tama-dex', version: '1.2.3'}
    const input = new PassThrough()
    const output = new PassThrough()
    const tools = toolServerFactory(new FakeIndex(), {scopes: [], serverInfo}, LASTING_SESSIONS)
    const handle = serveSdkStdio(() => tools(), {transport: new StdioServerTransport(input, output)})
    const answered = new Promise<string>((resolve) => output.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))))
    input.write(`${line}\n`)
    expect(answerDiscover(line, serverInfo)).toEqual(JSON.parse(await answered))
    await handle.close()
  })
})

describe('the envelope key revisions/ names', () => {
  it('is the SDK\'s, so that a client declaring elicitation is heard', () => {
    expect(CLIENT_CAPABILITIES).toBe(CLIENT_CAPABILITIES_META_KEY)
  })
})
