// A host of tama-dex, end to end: build a cassette from examples/incus.yaml, install it
// pinned to its digest in a fresh index, register an executor, search, and execute
// (a dry run, then a real call to a stand-in Incus API on 127.0.0.1).
//
//   npm run build && node examples/host/host.mjs
//
// A real host keeps its index in one place (openIndex({path: resolveIndexPath()})),
// imports cassettes it downloaded with the SHA-256 their producer published, and points
// the executor at the real API.

import {once} from 'node:events'
import {mkdtemp, rm} from 'node:fs/promises'
import {createServer} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {buildCassette, openIndex, readDocumentFile} from 'tama-dex'

import {httpExecutor} from '../executors/http-executor.mjs'

const work = await mkdtemp(join(tmpdir(), 'tama-dex-host-'))
const incusApi = await startIncusStandIn()
try {
  // The producer's side: a cassette and its digest.
  const document = await readDocumentFile(new URL('../incus.yaml', import.meta.url).pathname)
  const cassetteFile = join(work, 'incus.tama-cassette')
  const {sha256: pinned} = await buildCassette({name: 'incus', version: '1.0.0', documents: [{source: 'incus.yaml', document}]}, cassetteFile)

  // The host's side: an index, the cassette installed only if it has the pinned digest.
  const index = openIndex({path: join(work, 'index.sqlite3')})
  try {
    const installed = await index.import(cassetteFile, {sha256: pinned, timeout: 10_000})
    console.log(`installed ${installed.cassette} ${installed.version} (${installed.mode})`)

    const caller = {scopes: ['incus.read']}
    const {results} = index.search('get an instance', {scopes: caller.scopes, limit: 3})
    for (const hit of results) console.log(`found ${hit.cassette} ${hit.operation_id}: ${hit.summary}`)

    const executors = {incus: {executor: httpExecutor, options: {baseUrl: incusApi.url}}}
    const plan = await index.execute('incus', 'instance_get', {name: 'web1'}, {scopes: caller.scopes, executors, dryRun: true})
    console.log(`would send ${plan.result.method} ${plan.result.path}`)
    const {result} = await index.execute('incus', 'instance_get', {name: 'web1'}, {scopes: caller.scopes, executors, timeout: 30_000})
    console.log(`instance ${result.metadata.name} is ${result.metadata.status}`)
  } finally {
    index.close()
  }
} finally {
  incusApi.server.close()
  await rm(work, {recursive: true, force: true})
}

/** Answers GET /1.0/instances/web1 as Incus would; anything else is a 404. */
async function startIncusStandIn() {
  const server = createServer((request, response) => {
    const found = request.method === 'GET' && request.url === '/1.0/instances/web1'
    response.writeHead(found ? 200 : 404, {'content-type': 'application/json'})
    response.end(JSON.stringify(found ? {type: 'sync', metadata: {name: 'web1', status: 'Running'}} : {type: 'error', error: 'not found'}))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {server, url: `http://127.0.0.1:${server.address().port}`}
}
