import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import Database from 'better-sqlite3'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {adoptDocument} from '../../src/core/adopt/index.js'
import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {verifyCassette} from '../../src/core/cassette/index.js'
import type {ExecutorMap} from '../../src/core/execute/index.js'
import {STORAGE_VERSION, type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {handleExecute, handleSearch} from '../../src/core/mcp/index.js'
import {validateFiles} from '../../src/core/profile/validate/validate-files.js'
import {recordTelemetry} from '../helpers/telemetry-recorder.js'
import {HOSTILE} from './hostile-cassettes.js'

// Shaped like names, so only the rule "never publish caller data" keeps them out.
const CANARY = {
  query: 'canary-query-1f7a',
  input: 'canary-input-2b8c',
  result: 'canary-result-3d9e',
  schema: 'canary_schema_4e0f',
  path: 'canary-path-5a1b',
  apiPath: 'canary-api-6c2d',
  text: 'canary-text-7e3f',
  failure: 'canary-failure-8a4b',
}

const recorder = recordTelemetry()
const {published} = recorder
let dir: string
let index: TamaIndex
let document: Record<string, unknown>
let cassetteFile: string
let cassetteSha256: string
let hostileFile: string

const caller = {scopes: ['canary.read', 'canary.write']}
const executors: ExecutorMap = {
  canary: {
    execute: async (_call, input) => {
      if (input.mode === 'fail') throw new Error(`${CANARY.failure}: ${JSON.stringify(input)}`)
      if (input.mode === 'undefined') return {[CANARY.result]: undefined}
      return {echo: input, note: CANARY.result}
    },
  },
}

/** A valid document with a canary in every place a document can hold caller-visible text. */
function canaryDocument(version: string): Record<string, unknown> {
  const input = {
    type: 'object',
    required: ['name'],
    properties: {
      name: {type: 'string', pattern: '^[a-z0-9-]+$', description: CANARY.text},
      mode: {enum: ['ok', 'fail', 'undefined']},
      [CANARY.schema]: {type: 'string', default: CANARY.schema},
    },
    additionalProperties: false,
  }
  return {
    openapi: '3.1.0',
    'x-tama-profile': 'tama-operations/1',
    info: {title: CANARY.text, version, description: CANARY.text},
    'x-tama-scopes': ['canary.read'],
    paths: {
      [`/${CANARY.apiPath}/items`]: {
        post: {operationId: 'items_run', summary: `Run an item ${CANARY.text}`, description: CANARY.text, requestBody: {required: true, content: {'application/json': {schema: input}}}, responses: {'200': {description: CANARY.text}}},
      },
      [`/${CANARY.apiPath}/items/{name}`]: {
        delete: {
          operationId: 'items_delete',
          summary: 'Delete an item',
          'x-tama-scopes': ['canary.write'],
          'x-tama-destructive': true,
          'x-tama-confirmation': {echo: 'name', message: `Deleting ${CANARY.text}`},
          parameters: [{name: 'name', in: 'path', required: true, schema: {type: 'string'}}],
          responses: {'204': {description: 'Deleted.'}},
        },
      },
    },
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), `${CANARY.path}-`))
  document = canaryDocument('1.0.0')
  cassetteFile = join(dir, `${CANARY.path}.tama-cassette`)
  cassetteSha256 = (await buildCassette({name: 'canary', version: '1.0.0', documents: [{source: `${CANARY.path}.json`, document}]}, cassetteFile)).sha256
  hostileFile = join(dir, `${CANARY.path}-hostile.tama-cassette`)
  writeFileSync(hostileFile, HOSTILE.find((hostile) => hostile.name === 'a view forging operation rows')!.make(readFileSync(cassetteFile), dir) as Uint8Array)
  index = openIndex({path: join(dir, `${CANARY.path}.sqlite3`)})
}, 60_000)

afterAll(() => {
  recorder.stop()
  index?.close()
  rmSync(dir, {recursive: true, force: true})
})

const invalid = () => ({...canaryDocument('9.9.9'), paths: {[`/${CANARY.apiPath}`]: {get: {operationId: CANARY.text, summary: CANARY.text, 'x-tama-scopes': [CANARY.text.replace(/-/g, ' ')]}}}})

/** Every kind of work, and failures of each, with canaries in everything the caller supplies. */
const ACTIONS: Array<{name: string; run: () => Promise<unknown>}> = [
  {name: 'a load', run: () => index.load(document, {cassette: 'canary', source: `${CANARY.path}.json`})},
  {name: 'a load of an invalid document', run: () => index.load(invalid(), {cassette: 'canary', source: `${CANARY.path}.json`})},
  {name: 'a load of a document that is not JSON', run: () => index.load({...document, [CANARY.text]: () => CANARY.text}, {cassette: 'canary', source: `${CANARY.path}.json`})},
  {name: 'a load under a name that is not a cassette name', run: () => index.load(document, {cassette: CANARY.text})},
  {name: 'a pinned import', run: () => index.import(cassetteFile, {sha256: cassetteSha256})},
  {name: 'an unpinned import', run: () => index.import(cassetteFile)},
  {name: 'an import pinned to another digest', run: () => index.import(cassetteFile, {sha256: 'a'.repeat(64)})},
  {name: 'an import of a hostile cassette', run: () => index.import(hostileFile)},
  {name: 'an import of a missing file', run: () => index.import(join(dir, `${CANARY.path}-missing.tama-cassette`))},
  {name: 'an import that times out', run: () => index.import(cassetteFile, {timeout: 0})},
  {name: 'a search', run: () => handleSearch(index, {query: `run item ${CANARY.query}`}, caller)},
  {name: 'a search with no hits', run: () => handleSearch(index, {query: CANARY.query}, caller)},
  {name: 'a search that is too long', run: async () => index.search(`${CANARY.query} `.repeat(400), {scopes: caller.scopes})},
  {name: 'an execute that succeeds', run: () => handleExecute(index, {cassette: 'canary', operation_id: 'items_run', input: {name: CANARY.input, mode: 'ok'}}, caller, executors)},
  {name: 'a dry run', run: () => index.execute('canary', 'items_run', {name: CANARY.input}, {scopes: caller.scopes, dryRun: true})},
  {name: 'an execute with invalid input', run: () => handleExecute(index, {cassette: 'canary', operation_id: 'items_run', input: {name: CANARY.input.toUpperCase(), [CANARY.input]: CANARY.input}}, caller, executors)},
  {name: 'an execute needing confirmation', run: () => handleExecute(index, {cassette: 'canary', operation_id: 'items_delete', input: {name: CANARY.input}, confirm: CANARY.input.slice(1)}, caller, executors)},
  {name: 'an execute of an unknown operation', run: () => handleExecute(index, {cassette: 'canary', operation_id: CANARY.text, input: {}}, caller, executors)},
  {name: 'an execute the caller may not run', run: () => handleExecute(index, {cassette: 'canary', operation_id: 'items_delete', input: {name: CANARY.input}}, {scopes: ['canary.read']}, executors)},
  {name: 'an execute whose executor fails', run: () => handleExecute(index, {cassette: 'canary', operation_id: 'items_run', input: {name: 'x', mode: 'fail', [CANARY.schema]: CANARY.input}}, caller, executors)},
  {name: 'an execute whose result is not JSON', run: () => handleExecute(index, {cassette: 'canary', operation_id: 'items_run', input: {name: 'x', mode: 'undefined'}}, caller, executors)},
  {name: 'a verify', run: () => verifyCassette(readFileSync(cassetteFile), {source: cassetteFile, sha256: cassetteSha256})},
  {name: 'a verify of a hostile cassette', run: () => verifyCassette(readFileSync(hostileFile), {source: hostileFile})},
  {name: 'a validation of files', run: () => validateFiles([cassetteFile, join(dir, `${CANARY.path}-missing.yaml`)])},
  {name: 'a build', run: () => buildCassette({name: 'canary', version: '1.0.1', documents: [{source: `${CANARY.path}.json`, document}]}, join(dir, `${CANARY.path}-2.tama-cassette`))},
  {name: 'a build of an invalid document', run: () => buildCassette({name: 'canary', version: '1.0.1', documents: [{source: `${CANARY.path}.json`, document: invalid()}]}, join(dir, `${CANARY.path}-3.tama-cassette`))},
  {name: 'an adoption', run: () => adoptDocument({swagger: '2.0', info: {title: CANARY.text, version: '1'}, paths: {[`/${CANARY.apiPath}`]: {get: {operationId: CANARY.text, summary: CANARY.text, responses: {'200': {description: CANARY.text}}}}}}, {source: CANARY.path, defaultScopes: []})},
  {name: 'a removal of a cassette that is not installed', run: () => index.remove(CANARY.text)},
  {name: 'a status', run: async () => index.status()},
  {
    name: 'opening an index of an older storage version',
    run: async () => {
      const path = join(dir, `${CANARY.path}-old`, 'index.sqlite3')
      mkdirSync(join(dir, `${CANARY.path}-old`))
      openIndex({path}).close()
      const raw = new Database(path)
      raw.pragma(`user_version = ${STORAGE_VERSION - 1}`)
      raw.close()
      openIndex({path}).close()
    },
  },
]

describe('telemetry', () => {
  it.each(ACTIONS)('$name publishes no query, input, result, schema, document text or path', async ({run}) => {
    published.length = 0
    await run().catch(() => undefined)
    expect(published.length).toBeGreaterThan(0)
    const text = JSON.stringify(published)
    for (const canary of Object.values(CANARY)) expect(text).not.toContain(canary)
  })

  it('still names what it may: the cassette, a resolved operation, counts and outcomes', async () => {
    published.length = 0
    await handleExecute(index, {cassette: 'canary', operation_id: 'items_run', input: {name: 'x', mode: 'ok'}}, caller, executors)
    expect(published.find((entry) => entry.channel === 'tracing:tama-dex:execute:asyncEnd')?.message).toMatchObject({cassette: 'canary', operation_id: 'items_run', outcome: 'ok', dispatched: true})
  })
})
