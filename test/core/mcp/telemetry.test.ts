import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {ExecutorMap} from '../../../src/core/execute/index.js'
import {type TamaIndex, openIndex} from '../../../src/core/host-index/index.js'
import {handleExecute, handleSearch} from '../../../src/core/mcp/index.js'
import {readDocumentFile} from '../../../src/core/profile/index.js'
import {recordTelemetry} from '../../helpers/telemetry-recorder.js'
import {PROJECT_ROOT} from '../../helpers/cli.js'

// Canaries shaped like names (and valid instance names), so only the rule "never publish
// caller data" keeps them out of telemetry.
const CANARY = {
  query: 'canary-query-5e1d',
  input: 'canary-input-9b2c',
  result: 'canary-result-41aa',
  path: 'canary-path-7c03',
  operation: 'canary-operation-d00f',
}

const recorder = recordTelemetry()
const {published} = recorder
let dir: string
let index: TamaIndex

const executors: ExecutorMap = {
  incus: {execute: async (_call, input) => ({name: input.name, note: CANARY.result})},
  runtime: {execute: async () => Promise.reject(new Error(`${CANARY.result} failed`))},
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), `${CANARY.path}-`))
  index = openIndex({path: join(dir, `${CANARY.path}.sqlite3`)})
  for (const name of ['incus', 'runtime']) {
    await index.load(await readDocumentFile(join(PROJECT_ROOT, 'examples', `${name}.yaml`)), {cassette: name})
  }
})

afterAll(() => {
  recorder.stop()
  index.close()
  rmSync(dir, {recursive: true, force: true})
})

describe('telemetry of search and execute', () => {
  const caller = {scopes: ['incus.read', 'incus.write', 'runtime.read', 'runtime.operate']}

  it.each([
    {name: 'a search', run: () => handleSearch(index, {query: `list instances ${CANARY.query}`}, caller), want: 'match'},
    {name: 'a search with no hits', run: () => handleSearch(index, {query: CANARY.query}, caller), want: 'match'},
    {name: 'an execute that succeeds', run: () => handleExecute(index, {cassette: 'incus', operation_id: 'instance_get', input: {name: CANARY.input}}, caller, executors), want: 'result'},
    {name: 'an execute with invalid input', run: () => handleExecute(index, {cassette: 'incus', operation_id: 'instance_get', input: {name: 1, [CANARY.input]: CANARY.input}}, caller, executors), want: 'invalid_input'},
    {name: 'an execute needing confirmation', run: () => handleExecute(index, {cassette: 'incus', operation_id: 'instance_delete', input: {name: CANARY.input}}, caller, executors), want: 'confirmation_required'},
    {name: 'an execute of an unknown operation', run: () => handleExecute(index, {cassette: 'incus', operation_id: CANARY.operation, input: {}}, caller, executors), want: 'not_found'},
    {name: 'an execute in an unknown cassette', run: () => handleExecute(index, {cassette: CANARY.operation, operation_id: 'instance_get', input: {}}, caller, executors), want: 'not_found'},
    {name: 'an execute whose executor fails', run: () => handleExecute(index, {cassette: 'runtime', operation_id: 'runtime.health', input: {}}, caller, executors), want: 'execution_failed'},
  ])('$name publishes no caller data', async ({run, want}) => {
    published.length = 0
    const output = (await run()) as {error?: {kind: string}; operation_error?: {kind: string}}
    expect(output.error?.kind ?? output.operation_error?.kind ?? Object.keys(output)[0]).toBe(want)
    expect(published.length).toBeGreaterThan(0)
    const text = JSON.stringify(published)
    for (const canary of Object.values(CANARY)) expect(text).not.toContain(canary)
  })

  it('names a resolved operation and its outcome', async () => {
    published.length = 0
    await handleExecute(index, {cassette: 'incus', operation_id: 'instance_get', input: {name: CANARY.input}}, caller, executors)
    expect(published.find((p) => p.channel === 'tracing:tama-dex:execute:asyncEnd')?.message).toMatchObject({
      cassette: 'incus',
      operation_id: 'instance_get',
      outcome: 'ok',
      dispatched: true,
    })
  })
})
