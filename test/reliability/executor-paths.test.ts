import {describe, expect, it} from 'vitest'

import {TamaError} from '../../src/core/errors/tama-error.js'
import {type ExecutorCall, executeOperation} from '../../src/core/execute/index.js'
import type {OperationRecord} from '../../src/core/profile/operation-record.js'
// @ts-expect-error: plain JavaScript, typed through JSDoc for hosts that copy it.
import {httpExecutor} from '../../examples/executors/http-executor.mjs'
import {FakeCatalog, fixtureOperations} from '../core/execute/fake-catalog.js'
import {useHttpTestServer} from '../core/execute/http-test-server.js'
import {tally} from './counts.js'
import {SeededRandom} from './seeded-random.js'
import {SEED, scaled} from './soak.js'

const server = useHttpTestServer()

const SNAPSHOT_DELETE = fixtureOperations().incus!.find((operation) => operation.operationId === 'instance_snapshot_delete')!

/** Values an attacker would try, each of which some encoding or URL parser gets wrong. */
const HOSTILE_VALUES = [
  '.', '..', '...', '', '/', '//', '%2e', '%2E', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '..%2f', '..%2F..', '../..', '../instances', 'a/../b', './', '/.',
  '\\', '..\\..', '?', '#', '?x=1', '#..', '%', '%%', '%00', '\u0000', ' ', '\t', '\n', 'é', '日本', '😀', '\u202e', '\ud800', 'a;b', 'a:b', '@', '~', '*',
]
const ALPHABET = ['.', '.', '/', '\\', '%', '2', 'e', 'E', 'f', 'F', '?', '#', ';', ':', '@', 'a', ' ', 'é', '\u0000']

/** Calls the example executor on its own for `operation` with `input`, against the test server. */
function call(operation: OperationRecord, input: Record<string, unknown>): Promise<unknown> {
  const executorCall: ExecutorCall = {cassette: 'incus', operationId: operation.operationId, operation, scopes: [], context: {}, options: {baseUrl: `${server().url}/api`}, signal: AbortSignal.timeout(5_000)}
  return (httpExecutor as {execute: (call: ExecutorCall, input: Record<string, unknown>) => Promise<unknown>}).execute(executorCall, input)
}

/**
 * What reached the server for one snapshot value: nothing (refused before sending), or a
 * request whose raw path, before any normalisation, is the template's, segment for segment,
 * with the value in its own segment.
 */
async function expectPathKept(snapshot: string): Promise<'sent' | 'refused'> {
  server().requests.length = 0
  const outcome = await call(SNAPSHOT_DELETE, {name: 'web1', snapshot, generation: 7}).then(
    () => 'sent' as const,
    (error: Error) => {
      expect(error.message).toMatch(/nothing was sent|cannot be encoded|URI malformed/)
      return 'refused' as const
    },
  )
  if (outcome === 'refused') {
    expect(server().requests).toEqual([])
    return outcome
  }
  expect(server().requests).toHaveLength(1)
  const [path, query] = server().requests[0]!.url.split('?', 2)
  const segments = path!.split('/')
  expect(segments.slice(0, 6)).toEqual(['', 'api', '1.0', 'instances', 'web1', 'snapshots'])
  expect(segments).toHaveLength(7)
  expect(decodeURIComponent(segments[6]!)).toBe(snapshot)
  expect(query).toBe('generation=7')
  return outcome
}

describe('the example HTTP executor, given path parameters that would leave the path template', () => {
  it.for(HOSTILE_VALUES.map((value) => ({value, shown: JSON.stringify(value)})))('keeps snapshot $shown in its own segment, or sends nothing', async ({value}, context) => {
    await expectPathKept(value)
    tally(context, 'path values tried', 1)
  })

  it.for(['.', '..', '', '../..', '..\\..', 'a/../b'])('refuses %j before sending anything', async (value) => {
    expect(await expectPathKept(value)).toBe('refused')
  })

  it.for(['%2e', '%2E%2E', '...', '/', '?', '#', '\\', 'é'])('sends %j encoded, in its own segment', async (value) => {
    expect(await expectPathKept(value)).toBe('sent')
  })

  it('keeps random values of dots, slashes and escapes in their segment, or sends nothing', async (context) => {
    const random = new SeededRandom(SEED)
    const runs = scaled(300, 5_000)
    for (let run = 0; run < runs; run++) {
      const value = Array.from({length: random.int(0, 7)}, () => random.pick(ALPHABET)).join('')
      await expectPathKept(value)
    }
    tally(context, 'path values tried', runs)
  })

  it.for(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('treats a parameter named %s as data: absent from the input, it is not sent', async (name, context) => {
    const operation: OperationRecord = {
      ...SNAPSHOT_DELETE,
      path: `/things/{${name}}`,
      parameters: [
        {name, in: 'path', required: true},
        {name, in: 'query', required: false},
        {name, in: 'header', required: false},
      ],
    }
    const error = (await call(operation, {}).catch((e: unknown) => e)) as Error
    expect(error.message).toBe(`path parameter ${name} is missing from the input; nothing was sent`)
    const queryAndHeader: OperationRecord = {...operation, path: '/things', parameters: operation.parameters.slice(1)}
    await call(queryAndHeader, {})
    expect(server().requests).toHaveLength(1)
    expect(server().requests[0]!.url).toBe('/api/things')
    expect(Object.hasOwn(server().requests[0]!.headers, name.toLowerCase())).toBe(false)
    tally(context, 'path values tried', 1)
  })

  it('never lets a confirmed snapshot delete with snapshot ".." delete the instance', async () => {
    const error = (await executeOperation(new FakeCatalog(), 'incus', 'instance_snapshot_delete', {name: 'web1', snapshot: '..', generation: 7}, {
      scopes: ['incus.write'],
      executors: {incus: {executor: httpExecutor, options: {baseUrl: server().url}}},
      confirm: '7',
    }).catch((e: unknown) => e)) as TamaError
    expect(error).toBeInstanceOf(TamaError)
    expect({kind: error.kind, dispatched: error.dispatched, reason: error.details.reason}).toEqual({kind: 'execution_failed', dispatched: false, reason: 'not_sent'})
    expect(error.message).toMatch(/nothing was sent/)
    expect(server().requests).toEqual([])
  })
})
