import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {Ajv2020} from 'ajv/dist/2020.js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {Executor, ExecutorMap} from '../../src/core/execute/index.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {type Caller, type ExecuteCallOptions, type IndexLender, type ToolCallOptions, type ToolsIndex, callTool, executeTool, handleExecute} from '../../src/core/mcp/index.js'
import {PROJECT_ROOT, runCli} from '../helpers/cli.js'
import {tally} from './counts.js'

// Defect 8 (round three): the MCP layer says `dispatched` only as execute decided it. Every
// value a host hands over (caller, context, call options, signal, executor map, index,
// lender) that throws before the executor is called is `dispatched: false`, and one that
// throws after it is not mistaken for nothing having run.

const HOST = fileURLToPath(new URL('hook-host.mjs', import.meta.url))
const SECRET = '/var/lib/host-secret'
const validOutput = new Ajv2020({allowUnionTypes: true}).compile(executeTool().outputSchema)
const ARGS = {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}

let dir: string
let indexPath: string
let index: TamaIndex

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-host-hooks-'))
  indexPath = join(dir, 'index.sqlite3')
  const loaded = await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', indexPath])
  expect(loaded.code, loaded.stderr).toBe(0)
  index = openIndex({path: indexPath, readonly: true})
}, 60_000)

afterAll(() => {
  index?.close()
  rmSync(dir, {recursive: true, force: true})
})

const secret = (): Error => new Error(`host failure at ${SECRET}`)
const throwingAt = <T extends object>(object: T, key: string): T => Object.defineProperty(object, key, {get: () => { throw secret() }, enumerable: true})
const throwingProxy = (): object => new Proxy({}, {get: () => { throw secret() }, getOwnPropertyDescriptor: () => { throw secret() }, has: () => { throw secret() }, ownKeys: () => { throw secret() }})

/** An executor that counts its calls, answering `answer()`. */
function countingExecutor(answer: () => unknown = () => ({ok: true})): {executor: Executor; calls: () => number} {
  let calls = 0
  // An executor may answer anything: a plain value, a thenable, or throw.
  return {executor: {execute: () => (calls++, answer())} as unknown as Executor, calls: () => calls}
}

interface Hooks {
  index: ToolsIndex
  caller: Caller
  executors: ExecutorMap
  options: ExecuteCallOptions
}

/** Each value handleExecute hands on or reads, made to throw before the executor is called. */
const BEFORE_DISPATCH: ReadonlyArray<{hook: string; make: (hooks: Hooks) => Partial<Hooks>}> = [
  {hook: 'a caller context getter', make: ({caller}) => ({caller: throwingAt({...caller}, 'context')})},
  {hook: 'a caller scopes getter', make: () => ({caller: throwingAt({} as Caller, 'scopes')})},
  {hook: 'a caller that is a throwing Proxy', make: () => ({caller: throwingProxy() as Caller})},
  {hook: 'a caller Proxy throwing on context only', make: ({caller}) => ({caller: new Proxy(caller, {get: (target, key) => (key === 'context' ? (() => { throw secret() })() : Reflect.get(target, key))})})},
  {hook: 'a call options signal getter', make: () => ({options: throwingAt({}, 'signal')})},
  {hook: 'a call options timeout getter', make: () => ({options: throwingAt({}, 'timeout')})},
  {hook: 'call options that are a throwing Proxy', make: () => ({options: throwingProxy()})},
  {hook: 'call options that are null', make: () => ({options: null as unknown as ExecuteCallOptions})},
  {hook: 'a signal whose aborted getter throws', make: () => ({options: {signal: throwingAt({addEventListener() {}, removeEventListener() {}}, 'aborted') as unknown as AbortSignal}})},
  {hook: 'a signal whose addEventListener throws', make: () => ({options: {signal: {aborted: false, addEventListener: () => { throw secret() }, removeEventListener() {}} as unknown as AbortSignal}})},
  {hook: 'a signal that is a throwing Proxy', make: () => ({options: {signal: throwingProxy() as AbortSignal}})},
  {hook: 'an executor map that is a throwing Proxy', make: () => ({executors: throwingProxy() as ExecutorMap})},
  {hook: 'an executor map entry getter', make: () => ({executors: throwingAt({}, 'incus') as ExecutorMap})},
  {hook: 'an executor whose execute getter throws', make: () => ({executors: {incus: throwingAt({}, 'execute')} as unknown as ExecutorMap})},
  {hook: 'a registration whose options getter throws', make: ({executors}) => ({executors: {incus: throwingAt({executor: executors.incus}, 'options')} as unknown as ExecutorMap})},
  {hook: 'an index whose execute getter throws', make: ({index}) => ({index: new Proxy(index, {get: (target, key) => (key === 'execute' ? (() => { throw secret() })() : Reflect.get(target, key))})})},
  {hook: 'an index without an execute method', make: ({index}) => ({index: {search: index.search.bind(index)} as unknown as ToolsIndex})},
]

describe('handleExecute reads every host hook before execute, so a throw there is dispatched: false (defect 8)', () => {
  it.for(BEFORE_DISPATCH)('$hook: {error} with dispatched: false, the executor never called, nothing of the host\'s failure repeated', async ({make}, context) => {
    const {executor, calls} = countingExecutor()
    const base: Hooks = {index, caller: {scopes: ['incus.read'], context: {session: 's-1'}}, executors: {incus: executor}, options: {}}
    const hooks = {...base, ...make(base)}
    const output = await handleExecute(hooks.index, ARGS, hooks.caller, hooks.executors, hooks.options)
    expect(output).toMatchObject({error: {dispatched: false}})
    expect(output).not.toHaveProperty('operation_error')
    expect(calls()).toBe(0)
    expect(validOutput(output), JSON.stringify(validOutput.errors)).toBe(true)
    expect(JSON.stringify(output)).not.toContain(SECRET)
    tally(context, 'host hooks tried', 1)
  })

  it.for([
    {hook: 'an executor that throws', answer: () => { throw secret() }},
    {hook: 'an executor whose result has a throwing then', answer: () => throwingAt({}, 'then')},
    {hook: 'an executor whose result is a thenable that rejects', answer: () => ({then: (_: unknown, reject: (error: unknown) => void) => reject(secret())})},
  ])('$hook, once called, is an operation_error with dispatched: true', async ({answer}, context) => {
    const {executor, calls} = countingExecutor(answer)
    const output = await handleExecute(index, ARGS, {scopes: ['incus.read']}, {incus: executor})
    expect(output).toMatchObject({operation_error: {kind: 'execution_failed', dispatched: true}})
    expect(calls()).toBe(1)
    expect(validOutput(output)).toBe(true)
    tally(context, 'host hooks tried', 1)
  })
})

describe('callTool reads the session\'s hooks and lends the index so that only the tool says what ran (defect 8)', () => {
  const options = (executor: object): ToolCallOptions => ({scopes: ['incus.read'], executors: {incus: executor} as ExecutorMap, onIndexFailure: () => {}})
  const lender = (lend: (use: (index: ToolsIndex) => Promise<unknown>) => unknown): IndexLender => lend as IndexLender

  it.for<{hook: string; given: (executor: object) => {options?: ToolCallOptions; lend?: IndexLender; call?: object}}>([
    {hook: 'a session context getter', given: (executor) => ({options: throwingAt(options(executor), 'context')})},
    {hook: 'a session scopes getter', given: (executor) => ({options: throwingAt(options(executor), 'scopes')})},
    {hook: 'a session executors getter', given: (executor) => ({options: throwingAt(options(executor), 'executors')})},
    {hook: 'a session timeout getter', given: (executor) => ({options: throwingAt(options(executor), 'timeout')})},
    {hook: 'a session onIndexFailure getter', given: (executor) => ({options: throwingAt(options(executor), 'onIndexFailure')})},
    {hook: 'session options that are a throwing Proxy', given: () => ({options: throwingProxy() as ToolCallOptions})},
    {hook: 'a call signal getter', given: () => ({call: throwingAt({}, 'signal')})},
    {hook: 'a lender that throws before lending', given: () => ({lend: lender(() => { throw secret() })})},
    {hook: 'a lender answering a thenable whose then throws', given: () => ({lend: lender(() => throwingAt({}, 'then'))})},
    {hook: 'a lender that never lends and forges an answer', given: () => ({lend: lender(async () => ({result: 'forged'}))})},
    {hook: 'a lender failing to lend, with an onIndexFailure that throws', given: (executor) => ({options: {...options(executor), onIndexFailure: () => { throw secret() }}, lend: lender(async () => { throw secret() })})},
  ])('$hook: {error} with dispatched: false, the executor never called', async ({given}, context) => {
    const {executor, calls} = countingExecutor()
    const {options: session = options(executor), lend = index, call = {}} = given(executor)
    const answer = await callTool(lend, 'execute', ARGS, session, call)
    expect(answer.structuredContent).toMatchObject({error: {dispatched: false}})
    expect(answer.isError).toBe(true)
    expect(calls()).toBe(0)
    expect(JSON.stringify(answer)).not.toContain(SECRET)
    tally(context, 'host hooks tried', 1)
  })

  it.for<{hook: string; lend: IndexLender}>([
    {hook: 'a lender failing after the tool ran', lend: lender(async (use) => { await use(index); throw secret() })},
    {hook: 'a lender answering a throwing thenable after the tool ran', lend: lender((use) => use(index).then(() => throwingAt({}, 'then')))},
    {hook: 'a lender lending twice', lend: lender(async (use) => { await use(index); return use(index) })},
    {hook: 'a lender lending twice at once', lend: lender((use) => Promise.all([use(index), use(index)]))},
  ])('$hook: the tool\'s own answer, the executor called once', async ({lend}, context) => {
    const {executor, calls} = countingExecutor()
    const answer = await callTool(lend, 'execute', ARGS, options(executor))
    expect(answer.structuredContent).toEqual({result: {ok: true}})
    expect(calls()).toBe(1)
    tally(context, 'host hooks tried', 1)
  })
})

describe('through the MCP SDK client, a serveStdio host whose hook throws (defect 8)', () => {
  async function session(hook: string): Promise<{client: Client; stderr: () => string}> {
    const transport = new StdioClientTransport({command: process.execPath, args: [HOST, indexPath, hook], cwd: PROJECT_ROOT, stderr: 'pipe'})
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const client = new Client({name: 'tama-dex-test', version: '0.0.0'})
    await client.connect(transport)
    return {client, stderr: () => stderr}
  }

  it.for([
    'caller context getter',
    'caller scopes getter',
    'executors getter',
    'timeout getter',
    'executors map Proxy',
    'executor execute getter',
    'executor options getter',
    'lender throwing then',
    'lender that never lends',
  ])('%s: {error} with dispatched: false, and the executor never ran', async (hook, context) => {
    const {client, stderr} = await session(hook)
    try {
      const answer = await client.callTool({name: 'execute', arguments: ARGS})
      expect(answer).toMatchObject({isError: true, structuredContent: {error: {dispatched: false}}})
      expect(JSON.stringify(answer)).not.toContain(SECRET)
      // The session goes on: the next call is answered too.
      expect(await client.listTools()).toMatchObject({tools: [{name: 'search'}, {name: 'execute'}]})
    } finally {
      await client.close()
    }
    expect(stderr()).not.toContain('executor ran')
    tally(context, 'host hooks tried', 1)
  })

  it.for(['lender failing after the tool ran', 'lender lending twice'])('%s: the result, the executor run once', async (hook, context) => {
    const {client, stderr} = await session(hook)
    try {
      const answer = await client.callTool({name: 'execute', arguments: ARGS})
      expect(answer).toMatchObject({isError: false, structuredContent: {result: {ok: true}}})
    } finally {
      await client.close()
    }
    expect(stderr().match(/executor ran/g)).toHaveLength(1)
    tally(context, 'host hooks tried', 1)
  })
})
