import {spawn} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {Ajv2020} from 'ajv/dist/2020.js'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {TAMA_DEX_VERSION} from '../../src/core/cassette/index.js'
import {executeTool, searchTool} from '../../src/core/mcp/index.js'
import {HttpTestServer} from '../core/execute/http-test-server.js'
import {CLI, PROJECT_ROOT, runCli} from '../helpers/cli.js'
import {TOOL_OUTPUTS as outputs} from '../core/mcp/mcp-clients.js'

const SCOPES = ['incus.read', 'incus.write', 'runtime.read']

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

/**
 * Writes raw lines to a spawned `tama-dex mcp` and resolves with the first `count` JSON-RPC
 * messages it answers, and its stderr; fails after a few seconds of silence.
 */
function rawSession(lines: readonly string[], count: number, extra: readonly string[] = []): Promise<{messages: Array<Record<string, unknown>>; stderr: string}> {
  const child = spawn(process.execPath, [CLI, 'mcp', '--index', index, '--scope', 'incus.read', ...extra], {cwd: PROJECT_ROOT, env: {...process.env, NO_COLOR: '1'}})
  let stdout = ''
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`fewer than ${count} answers:\n${stdout}\n--- stderr ---\n${stderr}`))
    }, 10_000)
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const answered = stdout.split('\n').filter((line) => line !== '')
      if (answered.length < count) return
      clearTimeout(timer)
      child.stdin.end()
      child.on('close', () => resolve({messages: answered.map((line) => JSON.parse(line) as Record<string, unknown>), stderr}))
    })
    child.stdin.write(lines.map((line) => `${line}\n`).join(''))
  })
}

const INITIALIZE = JSON.stringify({jsonrpc: '2.0', id: 0, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '0'}}})

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
    // A cassette named that is not installed is not_found, as the CLI says, not an empty answer.
    const before = await call(client, 'search', {query: 'list worker processes', cassettes: ['runtime']})
    expect(before).toMatchObject({error: {kind: 'not_found', message: 'No cassette named "runtime" is installed. Search without `cassettes` to find operations in every cassette installed.', dispatched: false, remedy: {kind: 'list-cassettes'}}})
    const imported = await runCli(['index', 'import', join(dir, 'runtime.tama-cassette'), '--index', index])
    expect(imported.code, imported.stderr).toBe(0)
    expect(names(await call(client, 'search', {query: 'list worker processes'}))).toContain('runtime/runtime.workers.list')
    expect(names(await call(client, 'search', {query: 'list worker processes', cassettes: ['runtime']}))).toContain('runtime/runtime.workers.list')
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
  describe('at the protocol\'s edges', () => {
    it('answers a line that is not JSON with -32700 and one that is not JSON-RPC with -32600, then goes on', async () => {
      const {messages, stderr} = await rawSession([INITIALIZE, 'not json at all', '{"jsonrpc":"2.0","id":7,"method":5}', '[1,2]', '{"jsonrpc":"2.0","id":8,"method":"tools/list"}'], 5)
      const errors = messages.filter((message) => 'error' in message)
      expect(errors).toEqual([
        {jsonrpc: '2.0', error: {code: -32700, message: 'Parse error: the line is not JSON.'}},
        {jsonrpc: '2.0', error: {code: -32600, message: 'Invalid request: the line is JSON but not a JSON-RPC 2.0 message.'}},
        {jsonrpc: '2.0', error: {code: -32600, message: 'Invalid request: the line is JSON but not a JSON-RPC 2.0 message.'}},
      ])
      expect(messages.find((message) => message.id === 8)).toMatchObject({result: {tools: [{name: 'search'}, {name: 'execute'}]}})
      expect(stderr).toBe('')
    })

    it.each([
      {given: [1], found: 'an array'},
      {given: 'list instances', found: 'a string'},
    ])('answers tools/call arguments that are $found with -32602 in one line', async ({given, found}) => {
      const request = JSON.stringify({jsonrpc: '2.0', id: 2, method: 'tools/call', params: {name: 'search', arguments: given}})
      const {messages} = await rawSession([INITIALIZE, request], 2)
      expect(messages.find((message) => message.id === 2)).toEqual({
        jsonrpc: '2.0',
        id: 2,
        error: {code: -32602, message: `Invalid tools/call params: "arguments" must be an object of the tool's input fields, found ${found}.`},
      })
    })

    it('answers 200 concurrent calls without a listener warning', async () => {
      const session = await connect([])
      const answers = await Promise.all(
        Array.from({length: 200}, (_, i) =>
          i % 2 === 0
            ? call(session.client, 'search', {query: 'list instances'})
            : call(session.client, 'execute', {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}),
        ),
      )
      expect(answers.filter((answer) => 'results' in answer)).toHaveLength(100)
      expect(session.stderr()).not.toContain('MaxListenersExceededWarning')
      expect(session.stderr()).toBe('')
      expect(session.problems).toEqual([])
    })

    it('answers an index that is another program\'s file without its path', async () => {
      const foreign = join(dir, 'foreign.sqlite3')
      writeFileSync(foreign, 'not a database, someone else\'s file\n')
      const session = await connect([], foreign)
      const answer = await call(session.client, 'search', {query: 'list instances'})
      expect(answer).toMatchObject({error: {kind: 'incompatible_file', dispatched: false}})
      expect(JSON.stringify(answer)).not.toContain(dir)
      expect(session.stderr()).toContain(foreign)
    })
  })
  describe('answering initialize before oclif loads', () => {
    const answer = {jsonrpc: '2.0', id: 0, result: {protocolVersion: '2025-06-18', capabilities: {tools: {listChanged: true}}, serverInfo: {name: 'tama-dex', version: TAMA_DEX_VERSION}}}

    // --json is not among the flags the early start checks: oclif parses it, and the SDK answers.
    it.each([{given: []}, {given: ['--json']}, {given: ['--timeout', '5000', '--scope=incus.write']}])('answers initialize as the SDK does, then serves, for $given', async ({given}) => {
      const {messages, stderr} = await rawSession([INITIALIZE, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'], 2, given)
      expect(messages[0]).toEqual(answer)
      expect(messages[1]).toMatchObject({id: 1, result: {tools: [{name: 'search'}, {name: 'execute'}]}})
      expect(stderr).toBe('')
    })

    it.each([
      {given: ['--bogus'], want: {code: 2, error: 'Error: Nonexistent flag: --bogus\nSee --help.\n'}},
      {given: ['--timeout', '0'], want: {code: 2, error: 'Error: Parsing --timeout\nExpected an integer greater than or equal to 1 but received: 0\nSee --help.\n'}},
      {given: ['--scope'], want: {code: 2, error: 'Error: Flag --scope expects a value\nSee --help.\n'}},
      {given: ['extra'], want: {code: 2, error: 'Error: Unexpected argument: extra\nSee --help.\n'}},
      {given: ['--scope', '--help'], want: {code: 0, error: undefined}},
    ])('leaves $given to oclif: nothing on stdout but its own output', async ({given, want}) => {
      const result = await runCli(['mcp', '--index', index, ...given], {input: `${INITIALIZE}\n`})
      expect(result.code, result.stderr).toBe(want.code)
      if (want.error === undefined) {
        expect(result.stdout).toMatch(/^Serve the search and execute tools/)
        expect(result.stderr).toBe('')
      } else {
        expect(result.stdout).toBe('')
        // oclif adds a warning for a command that failed in its parse when NODE_ENV is test.
        expect(result.stderr.startsWith(want.error), result.stderr).toBe(true)
      }
    })

    it('answers while the import of oclif is held back', async () => {
      const child = spawn(process.execPath, ['--import', './test/commands/oclif-held-back.mjs', CLI, 'mcp', '--index', index, '--scope', 'incus.read'], {cwd: PROJECT_ROOT, env: {...process.env, NO_COLOR: '1'}})
      child.stdin.write(`${INITIALIZE}\n`)
      let stdout = ''
      const line = await new Promise<string>((resolve) =>
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk
          if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')))
        }),
      )
      child.kill()
      expect(JSON.parse(line)).toEqual(answer)
    })

    it('ends when the command fails after its flags were checked, while the client keeps its input open', async () => {
      const child = spawn(process.execPath, [CLI, 'mcp', '--index', index, '--executors', join(dir, 'missing.mjs')], {cwd: PROJECT_ROOT, env: {...process.env, NO_COLOR: '1'}})
      let stderr = ''
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      child.stdin.end()
      expect(code).toBe(5)
      expect(stderr).toContain('missing.mjs" does not exist')
    })
  })
})
