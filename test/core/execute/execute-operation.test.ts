import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {
  type ExecuteOptions,
  type Executor,
  type ExecutorCall,
  type ExecutorMap,
  type OperationCatalog,
  NOT_SENT_CODE,
  NotSentError,
  executeOperation,
} from '../../../src/core/execute/index.js'
import {FakeCatalog, fixtureOperations} from './fake-catalog.js'

const READ = ['incus.read']
const WRITE = ['incus.read', 'incus.write']
const ADMIN = ['incus.read', 'incus.write', 'incus.admin']

/** An executor that counts its calls and runs `behaviour` (default: answers {ok: true}). */
function counting(behaviour: (call: ExecutorCall, input: Record<string, unknown>) => unknown = () => ({ok: true})) {
  const calls: Array<{call: ExecutorCall; input: Record<string, unknown>}> = []
  const executor: Executor = {
    execute(call, input) {
      calls.push({call, input})
      return behaviour(call, input) as Promise<unknown>
    },
  }
  return {executor, calls}
}

async function failure(catalog: OperationCatalog, cassette: string, operationId: string, input: unknown, options: ExecuteOptions): Promise<TamaError> {
  try {
    await executeOperation(catalog, cassette, operationId, input, options)
  } catch (error) {
    if (error instanceof TamaError) return error
    throw error
  }
  throw new Error('expected execute to fail')
}

describe('executeOperation: the checks, in order, never dispatch', () => {
  interface Given {
    ready?: boolean
    cassette: string
    operation: string
    input: unknown
    scopes: readonly string[]
    confirm?: boolean | string
    executors?: 'none' | 'other'
    aborted?: boolean
  }
  it.each<{name: string; given: Given; want: string}>([
    {name: 'not ready comes first', given: {ready: false, cassette: 'nope', operation: 'nope', input: 5, scopes: []}, want: 'not_ready'},
    {name: 'an aborted signal comes before any lookup', given: {aborted: true, cassette: 'incus', operation: 'instance_get', input: {name: 'a'}, scopes: READ}, want: 'aborted'},
    {name: 'unknown cassette', given: {cassette: 'nope', operation: 'instance_get', input: {name: 'a'}, scopes: WRITE}, want: 'not_found'},
    {name: 'unknown operation', given: {cassette: 'incus', operation: 'nope', input: {name: 'a'}, scopes: WRITE}, want: 'not_found'},
    {name: 'forbidden operation, even with bad input', given: {cassette: 'incus', operation: 'instance_delete', input: 5, scopes: READ}, want: 'not_found'},
    {name: 'a name outside the grammar', given: {cassette: 'incus', operation: 'x'.repeat(100_000), input: {}, scopes: ADMIN}, want: 'not_found'},
    {name: 'input that is not plain JSON, before confirmation is evaluated', given: {cassette: 'incus', operation: 'instance_state_put', input: {name: 'a', body: {action: 'stop', force: () => true}}, scopes: ADMIN}, want: 'invalid_input'},
    {name: 'confirmation before input validation', given: {cassette: 'incus', operation: 'instance_delete', input: {bogus: 1}, scopes: WRITE}, want: 'confirmation_required'},
    {name: 'invalid input once confirmed', given: {cassette: 'incus', operation: 'instance_delete', input: {name: 'web1', extra: 1}, scopes: WRITE, confirm: 'web1'}, want: 'invalid_input'},
    {name: 'input that is not an object', given: {cassette: 'incus', operation: 'instance_get', input: ['web1'], scopes: READ}, want: 'invalid_input'},
    {name: 'no executor map at all', given: {cassette: 'incus', operation: 'instance_get', input: {name: 'web1'}, scopes: READ, executors: 'none'}, want: 'no_executor'},
    {name: 'no executor for this cassette', given: {cassette: 'incus', operation: 'instance_get', input: {name: 'web1'}, scopes: READ, executors: 'other'}, want: 'no_executor'},
  ])('$name -> $want', async ({given, want}) => {
    const {executor, calls} = counting()
    const executors: ExecutorMap | undefined =
      given.executors === 'none' ? undefined : given.executors === 'other' ? {runtime: executor} : {incus: executor, runtime: executor}
    const error = await failure(new FakeCatalog(undefined, given.ready ?? true), given.cassette, given.operation, given.input, {
      scopes: given.scopes,
      executors,
      confirm: given.confirm,
      signal: given.aborted === true ? AbortSignal.abort() : undefined,
    })
    expect({kind: error.kind, dispatched: error.dispatched}).toEqual({kind: want, dispatched: false})
    expect(calls).toHaveLength(0)
  })

  it.each([
    {given: {scopes: 'incus.read' as unknown as string[]}, want: 'usage'},
    {given: {scopes: [1] as unknown as string[]}, want: 'usage'},
    {given: {scopes: READ, timeout: 0}, want: 'usage'},
    {given: {scopes: READ, timeout: Number.NaN}, want: 'usage'},
    {given: {scopes: READ, timeout: 2 ** 40}, want: 'usage'},
  ])('refuses malformed options $given (fail closed)', async ({given, want}) => {
    const {executor, calls} = counting()
    const error = await failure(new FakeCatalog(), 'incus', 'instance_get', {name: 'a'}, {...given, executors: {incus: executor}})
    expect({kind: error.kind, dispatched: error.dispatched}).toEqual({kind: want, dispatched: false})
    expect(calls).toHaveLength(0)
  })
})

describe('executeOperation: not found never leaks existence', () => {
  const withoutAdminOps = (): FakeCatalog => {
    const operations = fixtureOperations()
    operations.incus = operations.incus!.filter((op) => !op.scopes.includes('incus.admin'))
    return new FakeCatalog(operations)
  }

  it.each([
    {given: {operation: 'cluster_wipe', scopes: READ}},
    {given: {operation: 'instance_gets', scopes: WRITE}},
    {given: {operation: 'cluster_wipe', scopes: []}},
  ])('a forbidden $given.operation answers exactly like an unknown one', async ({given}) => {
    const forbidden = await failure(new FakeCatalog(), 'incus', given.operation, {}, {scopes: given.scopes})
    const unknown = await failure(withoutAdminOps(), 'incus', given.operation, {}, {scopes: given.scopes})
    expect(forbidden.kind).toBe('not_found')
    expect(forbidden.toJSON()).toEqual(unknown.toJSON())
  })

  it.each([
    {
      given: {cassette: 'incus', operation: 'instance_dlete', scopes: WRITE},
      want: {suggestions: ['incus/instance_get', 'incus/instance_delete', 'incus/instance_state_put']},
    },
    {given: {cassette: 'incus', operation: 'instance_dlete', scopes: READ}, want: {suggestions: ['incus/instance_get']}},
    {given: {cassette: 'incus', operation: 'cluster', scopes: WRITE}, want: {suggestions: []}},
    {given: {cassette: 'incus', operation: 'instance_x', scopes: []}, want: {suggestions: []}},
  ])('suggests up to three operations the caller may see: $given', async ({given, want}) => {
    const error = await failure(new FakeCatalog(), given.cassette, given.operation, {}, {scopes: given.scopes})
    const named = (error.details.suggestions as Array<{cassette: string; operation_id: string}>).map((s) => `${s.cassette}/${s.operation_id}`)
    expect(named).toEqual(want.suggestions)
    for (const name of named) expect(error.message).toContain(name)
    expect(error.message).toContain(`No operation "${given.operation}" in cassette "${given.cassette}"`)
    expect(error.message).toMatch(/search/)
  })

  it('shows at most three suggestions even when the catalog offers more', async () => {
    const catalog = new FakeCatalog()
    catalog.suggestOperations = () => Array.from({length: 6}, (_, i) => ({cassette: 'incus', operation_id: `op_${i}`}))
    const error = await failure(catalog, 'incus', 'nope', {}, {scopes: []})
    expect(error.details.suggestions).toHaveLength(3)
  })
})

describe('executeOperation: what is checked is what runs', () => {
  it('hands the executor a copy of the input as validated, never the caller\'s object, however its getters answer later', async () => {
    let reads = 0
    // Valid on the first two reads (the checks and the copy), invalid after.
    const input = {
      get name(): unknown {
        reads++
        return reads <= 2 ? 'web1' : {not: 'a string'}
      },
    }
    const {executor, calls} = counting()
    await expect(executeOperation(new FakeCatalog(), 'incus', 'instance_get', input, {scopes: READ, executors: {incus: executor}})).resolves.toEqual({result: {ok: true}})
    expect(calls).toHaveLength(1)
    expect(calls[0]!.input).not.toBe(input)
    expect(calls[0]!.input).toEqual({name: 'web1'})
  })
})

describe('executeOperation: confirmation', () => {
  it.each<{name: string; given: {operation: string; input: Record<string, unknown>; confirm?: boolean | string}; want: {confirmed: boolean; send?: string}}>([
    {name: 'always, no echo, nothing sent', given: {operation: 'cluster_wipe', input: {}}, want: {confirmed: false, send: 'confirm: true'}},
    {name: 'always, no echo, the string "true"', given: {operation: 'cluster_wipe', input: {}, confirm: 'true'}, want: {confirmed: false, send: 'confirm: true'}},
    {name: 'always, no echo, true', given: {operation: 'cluster_wipe', input: {}, confirm: true}, want: {confirmed: true}},
    {name: 'echo, true is not enough', given: {operation: 'instance_delete', input: {name: 'web1'}, confirm: true}, want: {confirmed: false, send: 'confirm: "<value of input.name>"'}},
    {name: 'echo, the wrong value', given: {operation: 'instance_delete', input: {name: 'web1'}, confirm: 'web2'}, want: {confirmed: false, send: 'confirm: "<value of input.name>"'}},
    {name: 'echo, the echoed field missing', given: {operation: 'instance_delete', input: {}, confirm: ''}, want: {confirmed: false, send: 'input.name is missing'}},
    {name: 'echo, the right value', given: {operation: 'instance_delete', input: {name: 'web1'}, confirm: 'web1'}, want: {confirmed: true}},
    {name: 'echo of a number, as text', given: {operation: 'instance_snapshot_delete', input: {name: 'a', snapshot: 's', generation: 7}, confirm: '7'}, want: {confirmed: true}},
    {name: 'conditional, input outside the rule', given: {operation: 'instance_state_put', input: {name: 'a', body: {action: 'stop'}}}, want: {confirmed: true}},
    {name: 'conditional, input matching the rule', given: {operation: 'instance_state_put', input: {name: 'a', body: {action: 'stop', force: true}}}, want: {confirmed: false, send: 'confirm: true'}},
    {name: 'conditional, confirmed', given: {operation: 'instance_state_put', input: {name: 'a', body: {action: 'stop', force: true}}, confirm: true}, want: {confirmed: true}},
  ])('$name', async ({given, want}) => {
    const {executor, calls} = counting()
    const run = executeOperation(new FakeCatalog(), 'incus', given.operation, given.input, {scopes: ADMIN, confirm: given.confirm, executors: {incus: executor}})
    if (want.confirmed) {
      await expect(run).resolves.toEqual({result: {ok: true}})
      expect(calls).toHaveLength(1)
      return
    }
    const error = await run.then(
      () => {
        throw new Error('expected confirmation_required')
      },
      (e: TamaError) => e,
    )
    const rule = fixtureOperations().incus!.find((op) => op.operationId === given.operation)!.confirmation!
    expect(error.kind).toBe('confirmation_required')
    expect(error.dispatched).toBe(false)
    expect(error.details).toEqual({echo: rule.echo, message: rule.message})
    expect(error.message).toContain(want.send)
    expect(error.message).toContain(rule.message)
    expect(calls).toHaveLength(0)
  })
})

describe('executeOperation: input validation', () => {
  it.each<{given: {operation: string; input: unknown}; want: Array<{pointer: string; message: RegExp}>}>([
    {given: {operation: 'instances_post', input: {}}, want: [{pointer: '/name', message: /required/}]},
    {given: {operation: 'instances_post', input: {name: 'Web'}}, want: [{pointer: '/name', message: /pattern/}]},
    {given: {operation: 'instances_post', input: {name: 'a', type: 'lxc'}}, want: [{pointer: '/type', message: /one of \["container","virtual-machine"\]/}]},
    {given: {operation: 'instances_post', input: {name: 'a', config: {'limits.cpu': 2}}}, want: [{pointer: '/config/limits.cpu', message: /string/}]},
    {given: {operation: 'instances_post', input: {name: 'a', config: {'a/b~c': 2}}}, want: [{pointer: '/config/a~1b~0c', message: /string/}]},
    {
      given: {operation: 'instances_post', input: {name: 'a', devices: [{}, {kind: 'nic'}, {}]}},
      want: [
        {pointer: '/devices/0/kind', message: /required/},
        {pointer: '/devices/2/kind', message: /required/},
      ],
    },
    {given: {operation: 'instances_post', input: {name: 'a', owner: 'nobody'}}, want: [{pointer: '/owner', message: /format "email"/}]},
    {given: {operation: 'instance_get', input: {name: 'a', extra: 1}}, want: [{pointer: '/extra', message: /not an allowed property/}]},
    {
      given: {operation: 'instance_get', input: {}},
      want: [{pointer: '/name', message: /required/}],
    },
    {given: {operation: 'instance_get', input: null}, want: [{pointer: '', message: /JSON object, not null/}]},
    {given: {operation: 'instance_get', input: 'web1'}, want: [{pointer: '', message: /JSON object, not a string/}]},
    {given: {operation: 'instance_get', input: {name: 'a', project: Number.NaN}}, want: [{pointer: '/project', message: /NaN/}]},
    {given: {operation: 'instance_get', input: {name: 'a', project: undefined}}, want: [{pointer: '/project', message: /undefined/}]},
    {given: {operation: 'instance_get', input: {name: new Date(0)}}, want: [{pointer: '/name', message: /not plain JSON/}]},
    {
      given: {
        operation: 'instance_get',
        input: (() => {
          const cyclic: Record<string, unknown> = {name: 'a'}
          cyclic.self = {back: cyclic}
          return cyclic
        })(),
      },
      want: [{pointer: '/self/back', message: /circular/}],
    },
  ])('$given.operation with $given.input', async ({given, want}) => {
    const {executor, calls} = counting()
    const error = await failure(new FakeCatalog(), 'incus', given.operation, given.input, {scopes: WRITE, executors: {incus: executor}})
    expect(error.kind).toBe('invalid_input')
    expect(error.dispatched).toBe(false)
    expect(error.problems).toHaveLength(want.length)
    error.problems.forEach((problem, i) => {
      expect(problem.source).toBe('input')
      expect(problem.pointer).toBe(want[i]!.pointer)
      expect(problem.message).toMatch(want[i]!.message)
    })
    expect(error.message).toContain(`incus/${given.operation}`)
    expect(error.message).toContain(want[0]!.pointer === '' ? 'the input itself' : want[0]!.pointer)
    expect(calls).toHaveLength(0)
  })

  it('refuses nesting deeper than the profile allows without crashing', async () => {
    let deep: Record<string, unknown> = {}
    for (let i = 0; i < 10_000; i++) deep = {d: deep}
    const error = await failure(new FakeCatalog(), 'incus', 'instances_post', {name: 'a', config: deep}, {scopes: WRITE, executors: {}})
    expect(error.kind).toBe('invalid_input')
    expect(error.problems[0]!.message).toMatch(/deeper than 128/)
  })

  describe('patterns a backtracking engine would hang on', () => {
    const inputSchema = {type: 'object', properties: {name: {type: 'string', pattern: '^(a+)+$'}}, patternProperties: {'^(a|a)*$': {type: 'string'}}, additionalProperties: false}
    const redos = {...fixtureOperations().incus!.find((operation) => operation.operationId === 'instance_get')!, operationId: 'redos', inputSchema}
    const catalog = new FakeCatalog({incus: [redos]})

    // JavaScript's engine takes time doubling with each `a` on both patterns (over a second at
    // 28): on 5,000 it would run for longer than the universe has existed, far past the test
    // timeout. The test finishing proves the patterns are matched in linear time.
    it('refuses input that matches neither, in linear time', async () => {
      const evil = `${'a'.repeat(5000)}!`
      const {executor, calls} = counting()
      const error = await failure(catalog, 'incus', 'redos', {name: evil, [evil]: 'x'}, {scopes: READ, executors: {incus: executor}})
      expect(error.kind).toBe('invalid_input')
      expect(error.problems.map(({pointer, message}) => ({pointer, message}))).toEqual([
        {pointer: `/${evil}`, message: 'is not an allowed property: remove it'},
        {pointer: '/name', message: 'must match pattern "^(a+)+$"'},
      ])
      expect(calls).toHaveLength(0)
    })

    it('dispatches input that matches both', async () => {
      const {executor, calls} = counting()
      await expect(executeOperation(catalog, 'incus', 'redos', {name: 'a'.repeat(5000), aaa: 'x'}, {scopes: READ, executors: {incus: executor}})).resolves.toEqual({result: {ok: true}})
      expect(calls).toHaveLength(1)
    })
  })
})

describe('executeOperation: dispatch', () => {
  const sideEffects: string[] = []
  const hangUntilAborted = (call: ExecutorCall): Promise<unknown> =>
    new Promise((_resolve, reject) => call.signal.addEventListener('abort', () => reject(call.signal.reason)))

  it.each<{name: string; behaviour: (call: ExecutorCall) => unknown; options?: Partial<ExecuteOptions>; abortAfterDispatch?: boolean; want: {reason: string; message: RegExp; effects: number}}>([
    {
      name: 'throws synchronously before any side effect',
      behaviour: () => {
        throw new Error('quota exceeded\n    at secret (/home/someone/executor.js:1:1)')
      },
      want: {reason: 'executor_error', message: /quota exceeded/, effects: 0},
    },
    {
      name: 'rejects after a side effect',
      behaviour: async () => {
        sideEffects.push('deleted')
        throw new Error('connection reset')
      },
      want: {reason: 'executor_error', message: /connection reset/, effects: 1},
    },
    {name: 'rejects with a non-Error', behaviour: () => Promise.reject('nope'), want: {reason: 'executor_error', message: /nope/, effects: 0}},
    {name: 'never settles and times out', behaviour: hangUntilAborted, options: {timeout: 20}, want: {reason: 'timeout', message: /did not finish within 20 ms/, effects: 0}},
    {name: 'ignores its signal and times out', behaviour: () => new Promise(() => undefined), options: {timeout: 20}, want: {reason: 'timeout', message: /20 ms/, effects: 0}},
    {name: 'is aborted by the caller while running', behaviour: hangUntilAborted, abortAfterDispatch: true, want: {reason: 'aborted', message: /aborted by the caller/, effects: 0}},
    {name: 'returns undefined', behaviour: async () => undefined, want: {reason: 'result_not_json', message: /result itself is undefined/, effects: 0}},
    {name: 'returns a function inside the result', behaviour: async () => ({a: [() => 1]}), want: {reason: 'result_not_json', message: /result\/a\/0 is a function/, effects: 0}},
    {name: 'returns a bigint', behaviour: async () => ({n: 1n}), want: {reason: 'result_not_json', message: /result\/n is a bigint/, effects: 0}},
    {
      name: 'returns a cycle',
      behaviour: async () => {
        const cyclic: Record<string, unknown> = {}
        cyclic.me = cyclic
        return cyclic
      },
      want: {reason: 'result_not_json', message: /circular/, effects: 0},
    },
    {
      name: 'returns a result whose getter throws',
      behaviour: async () => ({
        get boom() {
          throw new Error('getter')
        },
      }),
      want: {reason: 'result_not_json', message: /cannot be read/, effects: 0},
    },
  ])('an executor that $name fails with dispatched: true, called exactly once', async ({behaviour, options, abortAfterDispatch, want}) => {
    sideEffects.length = 0
    const controller = new AbortController()
    const {executor, calls} = counting((call) => {
      if (abortAfterDispatch === true) queueMicrotask(() => controller.abort())
      return behaviour(call)
    })
    const error = await failure(new FakeCatalog(), 'incus', 'instance_get', {name: 'web1'}, {
      scopes: READ,
      executors: {incus: executor},
      signal: controller.signal,
      ...options,
    })
    expect({kind: error.kind, dispatched: error.dispatched}).toEqual({kind: 'execution_failed', dispatched: true})
    expect(error.details).toEqual({cassette: 'incus', operation_id: 'instance_get', reason: want.reason})
    expect(error.message).toMatch(want.message)
    expect(error.message).toMatch(/may have taken effect/)
    expect(error.message).not.toMatch(/\bat |\/home\//)
    expect(sideEffects).toHaveLength(want.effects)
    expect(calls).toHaveLength(1)
    if (want.reason === 'timeout' || want.reason === 'aborted') expect(calls[0]!.call.signal.aborted).toBe(true)
  })

  it('hands the executor the operation, scopes, context, registered options and a live signal', async () => {
    const {executor, calls} = counting((_call, input) => Promise.resolve({echo: input}))
    const output = await executeOperation(new FakeCatalog(), 'incus', 'instance_state_put', {name: 'web1', body: {action: 'start'}}, {
      scopes: WRITE,
      context: {requestId: 'r-1'},
      executors: {incus: {executor, options: {baseUrl: 'http://127.0.0.1:1', headers: {authorization: 'token'}}}},
    })
    expect(output).toEqual({result: {echo: {name: 'web1', body: {action: 'start'}}}})
    expect(calls).toHaveLength(1)
    const {call, input} = calls[0]!
    expect(input).toEqual({name: 'web1', body: {action: 'start'}})
    expect(call).toMatchObject({
      cassette: 'incus',
      operationId: 'instance_state_put',
      scopes: WRITE,
      context: {requestId: 'r-1'},
      options: {baseUrl: 'http://127.0.0.1:1', headers: {authorization: 'token'}},
    })
    expect(call.operation).toMatchObject({method: 'put', path: '/1.0/instances/{name}/state', body: {mode: 'property', contentType: 'application/json', required: true}})
    expect(call.signal.aborted).toBe(false)
  })

  it('gives a bare executor empty options and context', async () => {
    const {executor, calls} = counting()
    await executeOperation(new FakeCatalog(), 'runtime', 'runtime.health', {}, {scopes: [], executors: {runtime: executor}})
    expect(calls[0]!.call).toMatchObject({options: {}, context: {}, scopes: []})
  })
})

describe('executeOperation: an executor that says it sent nothing', () => {
  const notSent = (message: string): Error => Object.assign(new Error(message), {code: NOT_SENT_CODE})

  it.each<{name: string; behaviour: () => unknown}>([
    {name: 'rejects with a NotSentError', behaviour: () => Promise.reject(new NotSentError('path parameter name is missing'))},
    {name: 'throws a NotSentError synchronously', behaviour: () => {
      throw new NotSentError('path parameter name is missing')
    }},
    {name: 'rejects with any error whose code says so (another copy of tama-dex, or none)', behaviour: () => Promise.reject(notSent('path parameter name is missing'))},
  ])('an executor that $name fails with dispatched: false', async ({behaviour}) => {
    const {executor, calls} = counting(behaviour)
    const error = await failure(new FakeCatalog(), 'incus', 'instance_get', {name: 'web1'}, {scopes: READ, executors: {incus: executor}})
    expect({kind: error.kind, dispatched: error.dispatched}).toEqual({kind: 'execution_failed', dispatched: false})
    expect(error.details).toEqual({cassette: 'incus', operation_id: 'instance_get', reason: 'not_sent'})
    expect(error.message).toMatch(/incus\/instance_get was not sent: .*path parameter name is missing\. Nothing ran/)
    expect(error.message).not.toMatch(/may have taken effect/)
    expect(calls).toHaveLength(1)
  })

  it.each<{name: string; behaviour: (call: ExecutorCall) => unknown; options?: Partial<ExecuteOptions>; reason: string}>([
    {
      name: 'says so only after its timeout',
      behaviour: (call) => new Promise((_resolve, reject) => call.signal.addEventListener('abort', () => setTimeout(() => reject(notSent('late')), 5))),
      options: {timeout: 20},
      reason: 'timeout',
    },
    {name: 'rejects with an error whose code cannot be read', behaviour: () => Promise.reject(new Proxy({}, {get: () => { throw new Error('no') }})), reason: 'executor_error'},
    {name: 'rejects with a code that only looks alike', behaviour: () => Promise.reject(Object.assign(new Error('x'), {code: NOT_SENT_CODE.toLowerCase()})), reason: 'executor_error'},
    {name: 'rejects with the code as the error itself', behaviour: () => Promise.reject(NOT_SENT_CODE), reason: 'executor_error'},
  ])('an executor that $name fails with dispatched: true (fail closed)', async ({behaviour, options, reason}) => {
    const {executor} = counting(behaviour)
    const error = await failure(new FakeCatalog(), 'incus', 'instance_get', {name: 'web1'}, {scopes: READ, executors: {incus: executor}, ...options})
    expect({kind: error.kind, dispatched: error.dispatched, reason: error.details.reason}).toEqual({kind: 'execution_failed', dispatched: true, reason})
  })
})

describe('executeOperation: dry run', () => {
  it.each<{name: string; given: {executors: 'none' | 'registered' | 'other'; confirm?: string}; want: {executor?: string; kind?: string}}>([
    {name: 'without an executor map, the executor check is skipped', given: {executors: 'none', confirm: 'web1'}, want: {executor: 'not_checked'}},
    {name: 'with the cassette registered', given: {executors: 'registered', confirm: 'web1'}, want: {executor: 'registered'}},
    {name: 'with the cassette not registered', given: {executors: 'other', confirm: 'web1'}, want: {kind: 'no_executor'}},
    {name: 'confirmation is still enforced', given: {executors: 'registered'}, want: {kind: 'confirmation_required'}},
  ])('$name', async ({given, want}) => {
    const {executor, calls} = counting()
    const executors: ExecutorMap | undefined = given.executors === 'none' ? undefined : given.executors === 'registered' ? {incus: executor} : {runtime: executor}
    const options: ExecuteOptions = {scopes: WRITE, executors, confirm: given.confirm, dryRun: true}
    if (want.kind === undefined) {
      await expect(executeOperation(new FakeCatalog(), 'incus', 'instance_delete', {name: 'web1'}, options)).resolves.toEqual({
        result: {
          dry_run: true,
          cassette: 'incus',
          operation_id: 'instance_delete',
          method: 'delete',
          path: '/1.0/instances/{name}',
          destructive: true,
          input: {name: 'web1'},
          executor: want.executor,
        },
      })
    } else {
      const error = await failure(new FakeCatalog(), 'incus', 'instance_delete', {name: 'web1'}, options)
      expect({kind: error.kind, dispatched: error.dispatched}).toEqual({kind: want.kind, dispatched: false})
    }
    expect(calls).toHaveLength(0)
  })
})
