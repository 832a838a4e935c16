import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {HttpTestServer} from '../core/execute/http-test-server.js'
import {parseJson, runCli} from '../helpers/cli.js'

const EXECUTORS = 'examples/executors/executors.mjs'
let dir: string
let index: string
let server: HttpTestServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-execute-'))
  index = join(dir, 'index.sqlite3')
  server = await HttpTestServer.start()
  for (const name of ['incus', 'runtime']) {
    const loaded = await runCli(['index', 'load', `examples/${name}.yaml`, '--cassette', name, '--index', index])
    expect(loaded.code, loaded.stderr).toBe(0)
  }
})

afterAll(async () => {
  await server.close()
  rmSync(dir, {recursive: true, force: true})
})

beforeEach(() => {
  server.requests.length = 0
  server.reply = {status: 200, type: 'application/json', body: '{"type":"sync","metadata":{"name":"web1"}}'}
})

function execute(args: readonly string[], indexPath = index) {
  return runCli(['execute', ...args, '--index', indexPath, '--json'], {env: {INCUS_URL: server.url, RUNTIME_URL: server.url}})
}

describe('tama-dex execute', () => {
  // None of these dispatches, so they may run side by side.
  it.concurrent.for<{name: string; given: string[]; want: {code: number; kind?: string; dispatched?: boolean; requests: number; pointer?: string}}>([
    {name: 'a destructive call without confirmation', given: ['incus', 'instance_delete', '--input', '{"name":"web1"}', '--scope', 'incus.write', '--dry-run'], want: {code: 6, kind: 'confirmation_required', dispatched: false, requests: 0}},
    {name: 'an operation the scopes forbid', given: ['incus', 'instance_delete', '--input', '{"name":"web1"}', '--scope', 'incus.read', '--confirm', 'web1', '--executors', EXECUTORS], want: {code: 5, kind: 'not_found', dispatched: false, requests: 0}},
    {name: 'invalid input', given: ['incus', 'instance_get', '--input', '{"nam":"web1"}', '--scope', 'incus.read', '--executors', EXECUTORS], want: {code: 7, kind: 'invalid_input', dispatched: false, requests: 0, pointer: '/name'}},
    {name: 'input that is not JSON', given: ['incus', 'instance_get', '--input', '{name: web1}', '--scope', 'incus.read', '--dry-run'], want: {code: 2, kind: 'usage', requests: 0}},
    {name: 'no --executors and no --dry-run', given: ['incus', 'instance_get', '--input', '{"name":"web1"}', '--scope', 'incus.read'], want: {code: 2, kind: 'usage', requests: 0}},
    {name: 'an executors module without the cassette', given: ['runtime', 'runtime.health', '--dry-run', '--executors', 'test/fixtures/execute/executors-default.mjs'], want: {code: 10, kind: 'no_executor', dispatched: false, requests: 0}},
  ])('$name exits $want.code', async ({given, want}, {expect}) => {
    const result = await execute(given)
    expect(result.code, result.stderr).toBe(want.code)
    const {error} = parseJson<{error: {kind: string; dispatched: boolean; problems: Array<{pointer: string}>; message: string}}>(result)
    expect(error.kind).toBe(want.kind)
    if (want.dispatched !== undefined) expect(error.dispatched).toBe(want.dispatched)
    if (want.pointer !== undefined) expect(error.problems.map((p) => p.pointer)).toContain(want.pointer)
    expect(error.message).not.toContain(dir)
    expect(server.requests).toHaveLength(want.requests)
  })

  it('exits 8 on an index with nothing installed', async () => {
    const result = await execute(['incus', 'instance_get', '--dry-run'], join(dir, 'empty.sqlite3'))
    expect(result.code).toBe(8)
    expect(parseJson<{error: {kind: string}}>(result).error.kind).toBe('not_ready')
  })

  it.each([
    {given: [] as string[], want: 'not_checked'},
    {given: ['--executors', EXECUTORS], want: 'registered'},
  ])('dry-runs a confirmed call with $given: exit 0, nothing dispatched', async ({given, want}) => {
    const result = await execute(['incus', 'instance_delete', '--input', '{"name":"web1"}', '--scope', 'incus.write', '--confirm', 'web1', '--dry-run', ...given])
    expect(result.code, result.stderr).toBe(0)
    expect(parseJson(result)).toEqual({
      dry_run: true,
      cassette: 'incus',
      operation_id: 'instance_delete',
      method: 'delete',
      path: '/1.0/instances/{name}',
      destructive: true,
      input: {name: 'web1'},
      executor: want,
    })
    expect(server.requests).toHaveLength(0)
  })

  it('prints the dry run for people without --json', async () => {
    const result = await runCli(['execute', 'incus', 'instance_delete', '--input', '{"name":"web1"}', '--scope', 'incus.write', '--confirm', 'web1', '--dry-run', '--index', index])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('Would dispatch DELETE /1.0/instances/{name} (incus/instance_delete, destructive)')
  })

  it.each([
    {name: 'input from --input-file', given: ['incus', 'instance_get', '--input-file', 'test/fixtures/execute/input-instance.json', '--scope', 'incus.read'], want: {method: 'GET', url: '/1.0/instances/web1?project=default'}},
    {name: '--confirm with the echoed value', given: ['incus', 'instance_delete', '--input', '{"name":"web1"}', '--scope', 'incus.write', '--confirm', 'web1'], want: {method: 'DELETE', url: '/1.0/instances/web1'}},
  ])('dispatches through the example executor: $name', async ({given, want}) => {
    const result = await execute([...given, '--executors', EXECUTORS])
    expect(result.code, result.stderr).toBe(0)
    expect(parseJson(result)).toEqual({result: {type: 'sync', metadata: {name: 'web1'}}})
    expect(server.requests.map((r) => ({method: r.method, url: r.url}))).toEqual([want])
  })

  it('exits 11 with dispatched: true when the executor fails after dispatch', async () => {
    server.reply = {status: 500, type: 'text/plain', body: 'backend down'}
    const result = await execute(['runtime', 'runtime.health', '--executors', EXECUTORS])
    expect(result.code).toBe(11)
    expect(parseJson(result)).toMatchObject({error: {kind: 'execution_failed', dispatched: true}})
    expect(server.requests).toHaveLength(1)
  })
})
