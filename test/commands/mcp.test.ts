import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {Ajv2020} from 'ajv/dist/2020.js'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {executeTool, searchTool} from '../../src/core/mcp/index.js'
import {HttpTestServer} from '../core/execute/http-test-server.js'
import {CLI, PROJECT_ROOT, runCli} from '../helpers/cli.js'

const SCOPES = ['incus.read', 'incus.write', 'runtime.read']
const ajv = new Ajv2020({allowUnionTypes: true})
const outputs = {search: ajv.compile(searchTool().outputSchema), execute: ajv.compile(executeTool().outputSchema)}

let dir: string
let index: string
let server: HttpTestServer
const sessions: Array<{client: Client; problems: unknown[]; stderr: () => string}> = []

/** Starts `tama-dex mcp` as a child process and connects the SDK's client to it. */
async function connect(extra: readonly string[], indexPath = index): Promise<{client: Client; problems: unknown[]; stderr: () => string}> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--index', indexPath, ...SCOPES.flatMap((scope) => ['--scope', scope]), ...extra],
    cwd: PROJECT_ROOT,
    env: {...(process.env as Record<string, string>), NO_COLOR: '1', INCUS_URL: server.url, RUNTIME_URL: server.url},
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const client = new Client({name: 'tama-dex-test', version: '0.0.0'})
  // Anything on the server's stdout that is not a protocol message surfaces here.
  const problems: unknown[] = []
  client.onerror = (error) => problems.push(error)
  await client.connect(transport)
  const session = {client, problems, stderr: () => stderr}
  sessions.push(session)
  return session
}

async function call(client: Client, name: 'search' | 'execute', args: Record<string, unknown>) {
  const result = await client.callTool({name, arguments: args})
  const structured = result.structuredContent as Record<string, unknown>
  expect(outputs[name](structured), JSON.stringify(outputs[name].errors)).toBe(true)
  expect(JSON.parse((result.content as Array<{type: string; text: string}>)[0]!.text)).toEqual(structured)
  expect(result.isError).toBe('error' in structured || 'operation_error' in structured)
  return structured
}

function names(structured: Record<string, unknown>): string[] {
  return (structured.results as Array<{cassette: string; operation_id: string}>).map((hit) => `${hit.cassette}/${hit.operation_id}`)
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-mcp-'))
  index = join(dir, 'index.sqlite3')
  server = await HttpTestServer.start()
  const loaded = await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index])
  expect(loaded.code, loaded.stderr).toBe(0)
  const built = await runCli(['cassette', 'build', '--name', 'runtime', '--version', '1.0.0', '--document', 'examples/runtime.yaml', '--output', join(dir, 'runtime.tama-cassette')])
  expect(built.code, built.stderr).toBe(0)
})

afterAll(async () => {
  for (const {client} of sessions) await client.close()
  await server.close()
  rmSync(dir, {recursive: true, force: true})
})

beforeEach(() => {
  server.requests.length = 0
})

describe('tama-dex mcp', () => {
  it('lists exactly the two tools, with 2020-12 schemas', async () => {
    const {client, problems} = await connect(['--executors', 'examples/executors/executors.mjs'])
    const {tools} = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'execute'])
    for (const tool of tools) {
      expect(tool).toEqual(JSON.parse(JSON.stringify(tool.name === 'search' ? searchTool() : executeTool())))
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema!.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
        expect(new Ajv2020().validateSchema(schema!)).toBe(true)
      }
    }
    expect(problems).toEqual([])
  })

  it('finds an example operation, then a cassette another process imports mid-session', async () => {
    const {client, problems} = await connect([])
    expect(names(await call(client, 'search', {query: 'list instances'}))).toContain('incus/instances_get')
    const before = await call(client, 'search', {query: 'list worker processes', cassettes: ['runtime']})
    expect(names(before)).toEqual([])
    const imported = await runCli(['index', 'import', join(dir, 'runtime.tama-cassette'), '--index', index])
    expect(imported.code, imported.stderr).toBe(0)
    expect(names(await call(client, 'search', {query: 'list worker processes'}))).toContain('runtime/runtime.workers.list')
    expect(problems).toEqual([])
  })

  it('executes through the example executor and refuses an unconfirmed destructive call undispatched', async () => {
    const {client, problems} = await connect(['--executors', 'examples/executors/executors.mjs'])
    server.reply = {status: 200, type: 'application/json', body: '{"type":"sync","metadata":{"name":"web1","status":"Running"}}'}
    expect(await call(client, 'execute', {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}})).toEqual({
      result: {type: 'sync', metadata: {name: 'web1', status: 'Running'}},
    })
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /1.0/instances/web1'])

    server.requests.length = 0
    const refused = await call(client, 'execute', {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}})
    expect(refused).toMatchObject({error: {kind: 'confirmation_required', dispatched: false, details: {echo: 'name'}}})
    expect(server.requests).toEqual([])

    server.reply = {status: 500, type: 'text/plain', body: 'storage pool offline'}
    const failed = await call(client, 'execute', {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}, confirm: 'web1'})
    expect(failed).toMatchObject({operation_error: {kind: 'execution_failed', dispatched: true}})
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /1.0/instances/web1'])
    expect(problems).toEqual([])
  })

  describe('without --executors', () => {
    let bare: Awaited<ReturnType<typeof connect>>
    beforeAll(async () => {
      bare = await connect([])
    })

    it.each([
      {name: 'an unknown operation, with suggestions', given: {cassette: 'incus', operation_id: 'instance_gett', input: {name: 'web1'}}, want: {kind: 'not_found'}},
      {name: 'invalid arguments', given: {cassette: 'incus'}, want: {kind: 'usage'}},
      {name: 'a call no executor can take', given: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}, want: {kind: 'no_executor'}},
    ])('answers $name as a tool error, not a crash', async ({given, want}) => {
      expect(await call(bare.client, 'execute', given)).toMatchObject({error: {kind: want.kind, dispatched: false}})
      expect(server.requests).toEqual([])
      expect(bare.problems).toEqual([])
    })

    it('answers not_ready for an index that does not exist, without its path, and creates nothing', async () => {
      const missing = join(dir, 'not', 'yet', 'index.sqlite3')
      const session = await connect([], missing)
      for (const [tool, args] of [['search', {query: 'list instances'}], ['execute', {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}]] as const) {
        const answer = await call(session.client, tool, args)
        expect(answer).toMatchObject({error: {kind: 'not_ready', dispatched: false}})
        expect(JSON.stringify(answer)).not.toContain(dir)
      }
      expect(session.stderr()).toContain(missing)
      expect(existsSync(join(dir, 'not'))).toBe(false)
      expect(session.problems).toEqual([])
    })

    it('refuses an unknown tool at the protocol level', async () => {
      await expect(bare.client.callTool({name: 'delete_everything', arguments: {}})).rejects.toThrow(/Unknown tool/)
    })
  })
})
