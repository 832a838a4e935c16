import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {type ExecutorMap, executeOperation} from '../../../src/core/execute/index.js'
// @ts-expect-error: plain JavaScript, typed through JSDoc for hosts that copy it.
import {httpExecutor} from '../../../examples/executors/http-executor.mjs'
import {FakeCatalog} from './fake-catalog.js'
import {type Reply, useHttpTestServer} from './http-test-server.js'

const ALL = ['incus.read', 'incus.write', 'runtime.read']
const server = useHttpTestServer()

function executors(prefix = '', headers: Record<string, string> = {}): ExecutorMap {
  const registration = {executor: httpExecutor, options: {baseUrl: `${server().url}${prefix}`, headers}}
  return {incus: registration, runtime: registration}
}

describe('the example HTTP executor', () => {
  it.each<{
    name: string
    given: {cassette: string; operation: string; input: Record<string, unknown>; prefix?: string; headers?: Record<string, string>; confirm?: string}
    want: {method: string; url: string; body?: unknown; headers?: Record<string, string>}
  }>([
    {
      name: 'substitutes and encodes path parameters, appends query parameters',
      given: {cassette: 'incus', operation: 'instance_get', input: {name: 'web 1/x?', project: 'a&b'}},
      want: {method: 'GET', url: '/1.0/instances/web%201%2Fx%3F?project=a%26b'},
    },
    {
      name: 'keeps a fixed query string from the path key, then appends query parameters',
      given: {cassette: 'incus', operation: 'recursive_instances_list', input: {project: 'default'}},
      want: {method: 'GET', url: '/1.0/instances?recursion=1&project=default'},
    },
    {
      name: 'keeps the base URL path',
      given: {cassette: 'incus', operation: 'instance_get', input: {name: 'web1'}, prefix: '/api/'},
      want: {method: 'GET', url: '/api/1.0/instances/web1'},
    },
    {
      name: 'sends the whole input as the body in mode input',
      given: {cassette: 'incus', operation: 'instances_post', input: {name: 'web1', config: {'limits.cpu': '2'}}},
      want: {method: 'POST', url: '/1.0/instances', body: {name: 'web1', config: {'limits.cpu': '2'}}, headers: {'content-type': 'application/json'}},
    },
    {
      name: 'sends input.body as the body in mode property',
      given: {cassette: 'incus', operation: 'instance_state_put', input: {name: 'web1', body: {action: 'start'}}},
      want: {method: 'PUT', url: '/1.0/instances/web1/state', body: {action: 'start'}},
    },
    {
      name: 'repeats array query parameters and sends header parameters',
      given: {cassette: 'runtime', operation: 'runtime.logs.read', input: {level: ['warn', 'error'], 'x-request-id': 'r-7'}},
      want: {method: 'GET', url: '/logs?level=warn&level=error', headers: {'x-request-id': 'r-7'}},
    },
    {
      name: 'lets the registered headers win over the input',
      given: {cassette: 'runtime', operation: 'runtime.logs.read', input: {authorization: 'Bearer forged'}, headers: {authorization: 'Bearer host'}},
      want: {method: 'GET', url: '/logs', headers: {authorization: 'Bearer host'}},
    },
    {
      name: 'runs a confirmed destructive call',
      given: {cassette: 'incus', operation: 'instance_delete', input: {name: 'web1'}, confirm: 'web1'},
      want: {method: 'DELETE', url: '/1.0/instances/web1'},
    },
  ])('$name', async ({given, want}) => {
    const output = await executeOperation(new FakeCatalog(), given.cassette, given.operation, given.input, {
      scopes: ALL,
      executors: executors(given.prefix, given.headers),
      confirm: given.confirm,
    })
    expect(output).toEqual({result: {ok: true}})
    expect(server().requests).toHaveLength(1)
    const [request] = server().requests
    expect({method: request!.method, url: request!.url}).toEqual({method: want.method, url: want.url})
    if (want.body === undefined) expect(request!.body).toBe('')
    else expect(JSON.parse(request!.body)).toEqual(want.body)
    expect(request!.headers).toMatchObject(want.headers ?? {})
  })

  it.each<{given: Reply; want: unknown}>([
    {given: {status: 200, type: 'application/json; charset=utf-8', body: '{"a":[1,2]}'}, want: {a: [1, 2]}},
    {given: {status: 201, type: 'application/problem+json', body: '{"b":true}'}, want: {b: true}},
    {given: {status: 200, type: 'text/plain', body: 'pong'}, want: 'pong'},
    {given: {status: 204}, want: null},
  ])('answers $given.status $given.type with its result', async ({given, want}) => {
    server().reply = given
    const output = await executeOperation(new FakeCatalog(), 'runtime', 'runtime.health', {}, {scopes: [], executors: executors()})
    expect(output).toEqual({result: want})
  })

  it.each<{name: string; given: {reply: Reply; timeout?: number; options?: () => Record<string, unknown>}; want: {reason: string; message: RegExp; requests: number}}>([
    {name: 'an error status', given: {reply: {status: 500, type: 'text/plain', body: 'disk full'}}, want: {reason: 'executor_error', message: /HTTP 500 .* GET \/health: disk full/, requests: 1}},
    {name: 'a server that never answers', given: {reply: 'hang', timeout: 50}, want: {reason: 'timeout', message: /did not finish within 50 ms/, requests: 1}},
  ])('fails with dispatched: true on $name', async ({given, want}) => {
    const error = await failure(given)
    expect({kind: error.kind, dispatched: error.dispatched, reason: error.details.reason}).toEqual({kind: 'execution_failed', dispatched: true, reason: want.reason})
    expect(error.message).toMatch(want.message)
    expect(error.message).not.toContain(server().url)
    expect(server().requests).toHaveLength(want.requests)
  })

  // Every way building the request can fail, before fetch is called, sends nothing.
  it.each<{name: string; options: () => Record<string, unknown>; message: RegExp}>([
    {name: 'a missing base URL', options: () => ({}), message: /no baseUrl option/},
    {name: 'a base URL that is not a URL', options: () => ({baseUrl: 'not a url'}), message: /fetch cannot build the request/},
    {name: 'a base URL with credentials in it', options: () => ({baseUrl: server().url.replace('//', '//user:hunter2@')}), message: /fetch cannot build the request/},
    {name: 'a registered header value with a line break', options: () => ({baseUrl: server().url, headers: {authorization: 'Bearer hunter2\r\nx-evil: 1'}}), message: /fetch cannot build the request/},
  ])('fails with dispatched: false on $name, and says why without quoting it', async ({options, message}) => {
    const error = await failure({reply: {status: 200}, options})
    expect({kind: error.kind, dispatched: error.dispatched, reason: error.details.reason}).toEqual({kind: 'execution_failed', dispatched: false, reason: 'not_sent'})
    expect(error.message).toMatch(message)
    expect(error.message).toMatch(/nothing was sent/)
    expect(error.message).not.toContain('hunter2')
    expect(error.message).not.toContain(server().url)
    expect(server().requests).toHaveLength(0)
  })

  /** What execute throws for runtime.health with the given reply and options. */
  async function failure(given: {reply: Reply; timeout?: number; options?: () => Record<string, unknown>}): Promise<TamaError> {
    server().reply = given.reply
    const map = given.options === undefined ? executors() : {runtime: {executor: httpExecutor, options: given.options()}}
    const error = (await executeOperation(new FakeCatalog(), 'runtime', 'runtime.health', {}, {scopes: [], executors: map, timeout: given.timeout}).catch((e: unknown) => e)) as TamaError
    expect(error).toBeInstanceOf(TamaError)
    return error
  }
})
