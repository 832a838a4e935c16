import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {HttpTestServer} from '../core/execute/http-test-server.js'
import {parseJson, runCli} from '../helpers/cli.js'

// A cassette adopted from a description shaped like Box's (path keys with a #fragment),
// run through the CLI with the example HTTP executor against a local server.
const EXECUTORS = 'test/fixtures/execute/executors-files.mjs'
let dir: string
let index: string
let server: HttpTestServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-not-sent-'))
  index = join(dir, 'index.sqlite3')
  server = await HttpTestServer.start()
  const adopted = join(dir, 'files.yaml')
  const adopt = await runCli(['document', 'adopt', 'test/fixtures/adopt/path-fragments.yaml', '-o', adopted, '--default-scope', 'files.all'])
  expect(adopt.code, adopt.stderr).toBe(0)
  const loaded = await runCli(['index', 'load', adopted, '--cassette', 'files', '--index', index])
  expect(loaded.code, loaded.stderr).toBe(0)
})

afterAll(async () => {
  await server.close()
  rmSync(dir, {recursive: true, force: true})
})

beforeEach(() => {
  server.requests.length = 0
})

function execute(operation: string, input: unknown, baseUrl = server.url) {
  return runCli(['execute', 'files', operation, '--input', JSON.stringify(input), '--scope', 'files.all', '--executors', EXECUTORS, '--index', index, '--json'], {env: {FILES_URL: baseUrl}})
}

describe('tama-dex execute on operations whose path key has a #fragment', () => {
  it.for([
    {operation: 'put_files_id_add_shared_link', input: {file_id: '12', fields: 'shared_link', body: {shared_link: {access: 'open'}}}, url: '/files/12?fields=shared_link'},
    {operation: 'put_files_id_remove_shared_link', input: {file_id: '12'}, url: '/files/12'},
    {operation: 'put_files_id', input: {file_id: '12', body: {name: 'a.txt'}}, url: '/files/12'},
    {operation: 'list_all_folders', input: {}, url: '/folders?recursive=1'},
    {operation: 'search_by_name', input: {query: 'a#b'}, url: '/search?query=a%23b'},
  ])('calls $operation on $url, never sending the fragment', async ({operation, input, url}) => {
    const result = await execute(operation, input)
    expect(result.code, result.stderr).toBe(0)
    expect(server.requests.map((request) => request.url)).toEqual([url])
  })
})

describe('tama-dex execute when the executor sends nothing', () => {
  it.for([
    {name: 'a path parameter that would climb out of its segment', input: {file_id: '..'}, baseUrl: () => server.url, message: /dot-segment/},
    {name: 'a base URL that is not a URL', input: {file_id: '12'}, baseUrl: () => 'not a url', message: /fetch cannot build the request/},
    {name: 'a base URL with credentials in it', input: {file_id: '12'}, baseUrl: () => server.url.replace('//', '//user:hunter2@'), message: /fetch cannot build the request/},
  ])('exits 11 with dispatched: false on $name', async ({input, baseUrl, message}) => {
    const result = await execute('put_files_id_remove_shared_link', input, baseUrl())
    const {error} = parseJson<{error: {kind: string; dispatched: boolean; message: string; details: {reason?: string}}}>(result)
    expect(server.requests).toEqual([])
    expect(error.message).toMatch(message)
    expect(error.message).not.toContain('hunter2')
    expect(result.code, result.stderr).toBe(11)
    expect({kind: error.kind, dispatched: error.dispatched, reason: error.details.reason}).toEqual({kind: 'execution_failed', dispatched: false, reason: 'not_sent'})
    expect(error.message).toMatch(/nothing was sent/)
  })
})
