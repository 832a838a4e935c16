import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {InMemoryTransport, LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage} from '@modelcontextprotocol/server'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {PROTOCOL_VERSIONS, answerInitialize} from '../../../../src/core/mcp/revisions/index.js'
import {LASTING_SESSIONS, toolServerFactory} from '../../../../src/core/mcp/tool-server.js'
import {callTool, executeTool, searchTool, serveStdio} from '../../../../src/core/mcp/index.js'
import {PROJECT_ROOT, runCli, runProcess} from '../../../helpers/cli.js'
import {HttpTestServer} from '../../execute/http-test-server.js'
import {FakeIndex} from '../fake-index.js'
import {READER_REACH, TOOL_OUTPUTS as outputs} from '../mcp-clients.js'

const HOST = fileURLToPath(new URL('../serve-host.mjs', import.meta.url))
const SDK_FREE = fileURLToPath(new URL('../sdk-free-entry.mjs', import.meta.url))
const initialize = (id: number | string, protocolVersion: string) =>
  JSON.stringify({jsonrpc: '2.0', id, method: 'initialize', params: {protocolVersion, capabilities: {}, clientInfo: {name: 'raw', version: '0'}}})

let dir: string
let index: string
const clients: Client[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-serve-'))
  index = join(dir, 'index.sqlite3')
  const loaded = await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index])
  expect(loaded.code, loaded.stderr).toBe(0)
})

afterAll(async () => {
  for (const client of clients) await client.close()
  rmSync(dir, {recursive: true, force: true})
})

/** A host process serving with serveStdio, and the SDK's client connected to it. */
async function connectHost(mode: 'open' | 'lend', indexPath = index): Promise<{client: Client; stderr: () => string}> {
  const transport = new StdioClientTransport({command: process.execPath, args: [HOST, indexPath, mode, 'incus.read'], cwd: PROJECT_ROOT, stderr: 'pipe'})
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const client = new Client({name: 'tama-dex-test', version: '0.0.0'})
  await client.connect(transport)
  clients.push(client)
  return {client, stderr: () => stderr}
}

describe.each([{mode: 'open' as const}, {mode: 'lend' as const}])('serveStdio with an index $mode', ({mode}) => {
  it('serves the two tools to the SDK client, its answers valid against their output schemas', async () => {
    const {client} = await connectHost(mode)
    expect(client.getServerVersion()).toEqual({name: 'test-host', version: '9.9.9'})
    const {tools} = await client.listTools()
    expect(tools).toEqual(JSON.parse(JSON.stringify([searchTool(), executeTool(READER_REACH)])))
    const found = await client.callTool({name: 'search', arguments: {query: 'list instances'}})
    expect(outputs.search(found.structuredContent), JSON.stringify(outputs.search.errors)).toBe(true)
    expect((found.structuredContent as {results: Array<{operation_id: string}>}).results.map((hit) => hit.operation_id)).toContain('instances_get')
    expect(JSON.parse((found.content as Array<{text: string}>)[0]!.text)).toEqual(found.structuredContent)
    expect(found.isError).toBe(false)
    // No executors were given: nothing can run.
    const ran = await client.callTool({name: 'execute', arguments: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}})
    expect(outputs.execute(ran.structuredContent), JSON.stringify(outputs.execute.errors)).toBe(true)
    expect(ran).toMatchObject({isError: true, structuredContent: {error: {kind: 'no_executor', dispatched: false}}})
    await expect(client.callTool({name: 'delete_everything', arguments: {}})).rejects.toThrow(/Unknown tool/)
  })
})

describe('examples/host/mcp-server.mjs', () => {
  it('serves as written: the SDK client finds an operation and runs it through the example executor', async () => {
    const api = await HttpTestServer.start()
    try {
      api.reply = {status: 200, type: 'application/json', body: '{"type":"sync","metadata":{"name":"web1","status":"Running"}}'}
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['examples/host/mcp-server.mjs', index, 'incus.read'],
        cwd: PROJECT_ROOT,
        env: {...(process.env as Record<string, string>), INCUS_URL: api.url},
      })
      const client = new Client({name: 'tama-dex-test', version: '0.0.0'})
      await client.connect(transport)
      clients.push(client)
      const found = await client.callTool({name: 'search', arguments: {query: 'get an instance', limit: 1}})
      expect(found.structuredContent).toMatchObject({results: [{cassette: 'incus', operation_id: 'instance_get'}]})
      const ran = await client.callTool({name: 'execute', arguments: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}})
      expect(ran).toMatchObject({isError: false, structuredContent: {result: {metadata: {name: 'web1', status: 'Running'}}}})
      expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /1.0/instances/web1'])
    } finally {
      await api.close()
    }
  })
})

describe('serveStdio at start', () => {
  it('answers initialize once, then serves the requests that came with it', async () => {
    const child = spawn(process.execPath, [HOST, index, 'lend', 'incus.read'], {cwd: PROJECT_ROOT})
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stdin.end([initialize(0, '2025-06-18'), '{"jsonrpc":"2.0","method":"notifications/initialized"}', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', ''].join('\n'))
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    const answers = stdout.trim().split('\n').map((line) => JSON.parse(line) as {id: number; result: Record<string, unknown>})
    expect(answers.map((answer) => answer.id)).toEqual([0, 1])
    expect(answers[0]!.result).toEqual({protocolVersion: '2025-06-18', capabilities: {tools: {listChanged: true}}, serverInfo: {name: 'test-host', version: '9.9.9'}})
    expect(answers[1]!.result.tools).toHaveLength(2)
  })

  it('leaves a first line too long to be an initialize to the SDK, and goes on', async () => {
    const child = spawn(process.execPath, [HOST, index, 'lend', 'incus.read'], {cwd: PROJECT_ROOT})
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stdin.end(['x'.repeat(2 << 20), initialize(0, '2025-06-18'), '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', ''].join('\n'))
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0)
    const answers = stdout.trim().split('\n').map((line) => JSON.parse(line) as {id?: number; error?: {code: number}})
    expect(answers.map((answer) => answer.id ?? answer.error?.code)).toEqual([-32700, 0, 1])
  })

  it('refuses a serverInfo beside an early start, which answered as its own server', async () => {
    const start = Promise.resolve({first: {received: Buffer.alloc(0), line: undefined, ended: true}, answered: undefined, serverInfo: {name: 'tama-dex', version: '1.2.3'}})
    await expect(serveStdio(new FakeIndex(), {scopes: [], start, serverInfo: {name: 'other', version: '1.0.0'}})).rejects.toThrow(TypeError)
  })

  it('knows the protocol versions the SDK supports', () => {
    expect(PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS)
    expect(PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION)
  })

  it.each([...SUPPORTED_PROTOCOL_VERSIONS, '1999-01-01'])('answers an initialize for version %s as the tools\' SDK server does', async (version) => {
    const [near, far] = InMemoryTransport.createLinkedPair()
    const serverInfo = {name: 'tama-dex', version: '1.2.3'}
    const server = toolServerFactory(new FakeIndex(), {scopes: [], serverInfo}, LASTING_SESSIONS)()
    await server.connect(far)
    const answered = new Promise<JSONRPCMessage>((resolve) => (near.onmessage = resolve))
    await near.start()
    const line = initialize(7, version)
    await near.send(JSON.parse(line) as JSONRPCMessage)
    expect(answerInitialize(line, serverInfo)).toEqual(await answered)
    await server.close()
  })

  it.each([
    {given: 'not json', why: 'not JSON'},
    {given: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', why: 'another method'},
    {given: '{"jsonrpc":"2.0","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"a","version":"1"}}}', why: 'no id'},
    {given: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}', why: 'no clientInfo'},
    {given: '{"jsonrpc":"2.0","id":1.5,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"a","version":"1"}}}', why: 'an id that is not an integer'},
  ])('leaves an initialize line with $why to the SDK', ({given}) => {
    expect(answerInitialize(given, {name: 'tama-dex', version: '1.2.3'})).toBeUndefined()
  })
})

describe('tama-dex/mcp without the SDK', () => {
  it.each([
    {given: ['tama-dex/mcp', 'call'], want: 0},
    // The check itself works: the SDK cannot be loaded under it.
    {given: ['@modelcontextprotocol/server'], want: 1},
  ])('importing $given.0 exits $want where loading the SDK fails', async ({given, want}) => {
    const run = await runProcess(process.execPath, [SDK_FREE, ...given])
    expect(run.code, run.stderr).toBe(want)
  })
})

describe('callTool', () => {
  it('refuses an unknown tool as usage', async () => {
    const index = new FakeIndex()
    await expect(callTool(index, 'delete_everything', {}, {scopes: []})).rejects.toMatchObject({kind: 'usage', message: expect.stringContaining('Unknown tool')})
    expect(index.searches).toEqual([])
  })

  it('answers an index that cannot be lent with its kind only, and tells the host why', async () => {
    const told: unknown[] = []
    const failing = () => Promise.reject(new TamaError('incompatible_file', `${dir}/foreign.sqlite3 is not a tama-dex index.`))
    const answer = await callTool(failing, 'search', {query: 'list instances'}, {scopes: ['incus.read'], onIndexFailure: (error) => told.push(error)})
    expect(answer).toMatchObject({isError: true, structuredContent: {error: {kind: 'incompatible_file', dispatched: false}}})
    expect(JSON.stringify(answer)).not.toContain(dir)
    expect(told).toHaveLength(1)
    expect(outputs.search(answer.structuredContent)).toBe(true)
  })
})
