import {Ajv2020} from 'ajv/dist/2020.js'
import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {type Executor, type ExecutorCall, type ExecutorMap, NotSentError} from '../../../src/core/execute/index.js'
import {type Caller, executeTool, handleExecute, handleSearch, isToolFailure, searchTool} from '../../../src/core/mcp/index.js'
import {FakeCatalog} from '../execute/fake-catalog.js'
import {FakeIndex, NOTHING_FITS} from './fake-index.js'

const ajv = new Ajv2020({allowUnionTypes: true})
const searchOutput = ajv.compile(searchTool().outputSchema)
const executeOutput = ajv.compile(executeTool().outputSchema)

const READ: Caller = {scopes: ['incus.read']}
const WRITE: Caller = {scopes: ['incus.read', 'incus.write']}

describe('handleSearch', () => {
  it.each<{name: string; given: {args: unknown; caller?: unknown; ready?: boolean}; want: {results?: string[]; error?: {kind: string; pointer?: string}}}>([
    {name: 'finds what the caller may see', given: {args: {query: 'instance'}, caller: READ}, want: {results: ['incus/instance_get', 'runtime/runtime.health']}},
    {name: 'more scopes see more', given: {args: {query: 'instance', limit: 2}, caller: WRITE}, want: {results: ['incus/instance_get', 'incus/instance_delete']}},
    {name: 'a missing query', given: {args: {}, caller: READ}, want: {error: {kind: 'usage', pointer: '/query'}}},
    {name: 'an empty query', given: {args: {query: ''}, caller: READ}, want: {error: {kind: 'usage', pointer: '/query'}}},
    {name: 'a limit out of range', given: {args: {query: 'x', limit: 0}, caller: READ}, want: {error: {kind: 'usage', pointer: '/limit'}}},
    {name: 'an unknown argument', given: {args: {query: 'x', scopes: ['incus.admin']}, caller: READ}, want: {error: {kind: 'usage', pointer: '/scopes'}}},
    {name: 'arguments that are not an object', given: {args: 'instance', caller: READ}, want: {error: {kind: 'usage', pointer: ''}}},
    {name: 'a caller without scopes (fail closed)', given: {args: {query: 'x'}, caller: {}}, want: {error: {kind: 'usage'}}},
    {name: 'a caller with malformed scopes (fail closed)', given: {args: {query: 'x'}, caller: {scopes: 'incus.admin'}}, want: {error: {kind: 'usage'}}},
    {name: 'an index with nothing committed', given: {args: {query: 'x'}, caller: READ, ready: false}, want: {error: {kind: 'not_ready'}}},
  ])('$name', async ({given, want}) => {
    const index = new FakeIndex(new FakeCatalog(undefined, given.ready ?? true))
    const output = await handleSearch(index, given.args, given.caller as Caller)
    expect(searchOutput(output), JSON.stringify(searchOutput.errors)).toBe(true)
    expect(isToolFailure(output)).toBe(want.error !== undefined)
    if ('results' in output) {
      expect(output.results.map((hit) => `${hit.cassette}/${hit.operation_id}`)).toEqual(want.results)
      // Exactly the documented fields, whatever else the index answers.
      for (const hit of output.results) expect(Object.keys(hit).sort()).toEqual(expect.arrayContaining(['cassette', 'confidence', 'confirmation', 'destructive', 'operation_id', 'score', 'summary']))
      expect(output.match).toBe('possible')
      for (const hit of output.results) expect(hit).not.toHaveProperty('scopes')
      return
    }
    expect(output.error).toMatchObject({kind: want.error!.kind, dispatched: false})
    if (want.error!.pointer !== undefined) expect(output.error.problems.map((p) => p.pointer)).toContain(want.error!.pointer)
    if (want.error!.kind === 'usage' && want.error!.pointer !== undefined) expect(index.searches).toHaveLength(0)
  })

  it('answers nothing fits with the nearest results marked and the cassettes the caller may search, as the output schema says', async () => {
    const output = await handleSearch(new FakeIndex(), {query: `${NOTHING_FITS} to mars`}, READ)
    expect(searchOutput(output), JSON.stringify(searchOutput.errors)).toBe(true)
    expect(output).toMatchObject({match: 'none', cassettes: [{cassette: 'incus', title: 'Incus'}, {cassette: 'runtime'}]})
    if (!('results' in output)) throw new Error('expected results')
    expect(output.results.map((hit) => [hit.operation_id, hit.nearest])).toEqual([['instance_get', true], ['runtime.health', true]])
    // Exactly the documented fields of a cassette, whatever else the index answers: a title only when it is text.
    expect((output.cassettes ?? []).map((cassette) => Object.keys(cassette))).toEqual([['cassette', 'title'], ['cassette']])
  })

  it('hides what an unexpected failure says', async () => {
    const index = {
      search(): never {
        throw new Error('disk I/O error at /var/lib/secret/index.sqlite3')
      },
    }
    const output = await handleSearch(index, {query: 'x'}, READ)
    expect(output).toMatchObject({error: {kind: 'internal', dispatched: false}})
    expect(JSON.stringify(output)).not.toContain('/var/lib')
    expect(searchOutput(output)).toBe(true)
  })
})

describe('handleExecute', () => {
  const seen: ExecutorCall[] = []
  const executor: Executor = {
    async execute(call, input) {
      seen.push(call)
      if (input.name === 'explode') throw new Error('backend exploded')
      if (input.name === 'unsendable') throw new NotSentError('the request cannot be built; nothing was sent')
      return {instance: input.name, status: 'Running'}
    },
  }
  const executors: ExecutorMap = {incus: executor}

  it.each<{name: string; given: {args: unknown; caller: Caller; executors?: ExecutorMap}; want: {result?: unknown; error?: {kind: string; pointer?: string}; operation_error?: {kind: string}; calls: number}}>([
    {name: 'runs an operation', given: {args: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}, caller: READ}, want: {result: {instance: 'web1', status: 'Running'}, calls: 1}},
    {name: 'a forbidden operation is not found', given: {args: {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}, confirm: 'web1'}, caller: READ}, want: {error: {kind: 'not_found'}, calls: 0}},
    {name: 'a destructive call without confirmation', given: {args: {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}}, caller: WRITE}, want: {error: {kind: 'confirmation_required'}, calls: 0}},
    {name: 'a destructive call echoing the name', given: {args: {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}, confirm: 'web1'}, caller: WRITE}, want: {result: {instance: 'web1', status: 'Running'}, calls: 1}},
    {name: 'input is optional (default {})', given: {args: {cassette: 'incus', operation_id: 'instance_get'}, caller: READ}, want: {error: {kind: 'invalid_input', pointer: '/name'}, calls: 0}},
    {name: 'input that is not an object', given: {args: {cassette: 'incus', operation_id: 'instance_get', input: ['web1']}, caller: READ}, want: {error: {kind: 'usage', pointer: '/input'}, calls: 0}},
    {name: 'a missing operation_id', given: {args: {cassette: 'incus'}, caller: READ}, want: {error: {kind: 'usage', pointer: '/operation_id'}, calls: 0}},
    {name: 'confirm of the wrong type', given: {args: {cassette: 'incus', operation_id: 'instance_get', confirm: 1}, caller: READ}, want: {error: {kind: 'usage', pointer: '/confirm'}, calls: 0}},
    {name: 'no executors registered', given: {args: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}, caller: READ, executors: {}}, want: {error: {kind: 'no_executor'}, calls: 0}},
    {name: 'an executor that fails', given: {args: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'explode'}}, caller: READ}, want: {operation_error: {kind: 'execution_failed'}, calls: 1}},
    {name: 'an executor that sent nothing', given: {args: {cassette: 'incus', operation_id: 'instance_get', input: {name: 'unsendable'}}, caller: READ}, want: {error: {kind: 'execution_failed'}, calls: 1}},
  ])('$name', async ({given, want}) => {
    seen.length = 0
    const output = await handleExecute(new FakeIndex(), given.args, given.caller, given.executors ?? executors)
    expect(executeOutput(output), JSON.stringify(executeOutput.errors)).toBe(true)
    expect(isToolFailure(output)).toBe(want.result === undefined)
    expect(seen).toHaveLength(want.calls)
    if (want.result !== undefined) expect(output).toEqual({result: want.result})
    if (want.operation_error !== undefined) expect(output).toMatchObject({operation_error: {kind: want.operation_error.kind, dispatched: true}})
    if (want.error !== undefined) {
      expect(output).toMatchObject({error: {kind: want.error.kind, dispatched: false}})
      if (want.error.pointer !== undefined && 'error' in output) expect(output.error.problems.map((p) => p.pointer)).toContain(want.error.pointer)
    }
  })

  it('suggests close matches the caller may see when not found', async () => {
    const output = await handleExecute(new FakeIndex(), {cassette: 'incus', operation_id: 'instance_gett'}, READ, executors)
    expect(output).toMatchObject({error: {kind: 'not_found', details: {suggestions: [{cassette: 'incus', operation_id: 'instance_get'}]}}})
    expect('error' in output && output.error.message).toContain('incus/instance_get')
  })

  it('hands the caller context to the executor, and the host signal stops it', async () => {
    const controller = new AbortController()
    const calls: ExecutorCall[] = []
    const waiting: Executor = {
      execute(call) {
        calls.push(call)
        controller.abort()
        return new Promise((_resolve, reject) => call.signal.addEventListener('abort', () => reject(call.signal.reason)))
      },
    }
    const output = await handleExecute(new FakeIndex(), {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}, {...READ, context: {session: 's-1'}}, {incus: waiting}, {signal: controller.signal})
    expect(calls).toHaveLength(1)
    expect(calls[0]!.context).toEqual({session: 's-1'})
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(output).toMatchObject({operation_error: {kind: 'execution_failed', dispatched: true, details: {reason: 'aborted'}}})
  })

  it.each([
    {given: new TamaError('execution_failed', 'late failure', {dispatched: true}), want: {operation_error: {kind: 'execution_failed', dispatched: true}}},
    {given: new Error('boom at /srv/secret'), want: {operation_error: {kind: 'internal', dispatched: true}}},
    {given: new TamaError('not_ready', 'empty'), want: {error: {kind: 'not_ready', dispatched: false}}},
  ])('maps an index failure $given.message without throwing', async ({given, want}) => {
    const index = {execute: () => Promise.reject(given)}
    const output = await handleExecute(index, {cassette: 'incus', operation_id: 'instance_get'}, READ, executors)
    expect(output).toMatchObject(want)
    expect(JSON.stringify(output)).not.toContain('/srv/secret')
    expect(executeOutput(output)).toBe(true)
  })
})
