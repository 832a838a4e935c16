import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {ERROR_KINDS, TamaError} from '../../src/core/errors/tama-error.js'
import {openIndex} from '../../src/core/host-index/index.js'
import type {TamaIndex} from '../../src/core/host-index/tama-index.js'
import {handleExecute, handleSearch} from '../../src/mcp.js'
import {tally} from './counts.js'
import {profileDocument} from '../helpers/documents.js'

// What a host's bug can hand the library instead of an options object or a caller.
const throwing = (): never => {
  throw new RangeError('boom')
}
// `installs`: whether load and import, which take no scopes, must refuse it too.
const HOSTILE_VALUES: Array<{given: string; value: () => unknown; installs: boolean}> = [
  {given: 'null', value: () => null, installs: true},
  {given: 'undefined', value: () => undefined, installs: true},
  {given: 'a string', value: () => 'scopes', installs: true},
  {given: 'an array', value: () => [[]], installs: true},
  {given: 'a getter that throws', value: () => Object.defineProperty({}, 'scopes', {get: throwing, enumerable: true}), installs: true},
  {given: 'a Proxy whose every trap throws', value: () => new Proxy({}, {get: throwing, ownKeys: throwing, getOwnPropertyDescriptor: throwing, has: throwing}), installs: true},
  {given: 'scopes that are a Proxy that throws', value: () => ({scopes: new Proxy([], {get: throwing})}), installs: false},
  {given: 'scopes holding a number', value: () => ({scopes: ['a', 1]}), installs: false},
]

let index: TamaIndex

beforeAll(async () => {
  index = openIndex({path: ':memory:'})
  await index.load(profileDocument('Ops', [{id: 'thing_get', summary: 'Get a thing'}]), {cassette: 'ops'})
})

afterAll(() => index.close())

/** The error a call failed with, which must be a TamaError of a documented kind. */
async function failure(call: () => unknown): Promise<TamaError> {
  try {
    await call()
  } catch (error) {
    expect(error).toBeInstanceOf(TamaError)
    expect(Object.keys(ERROR_KINDS)).toContain((error as TamaError).kind)
    return error as TamaError
  }
  throw new Error('the call succeeded')
}

describe.each(HOSTILE_VALUES)('options that are $given', ({value, installs}) => {
  it('are a usage error from search and execute (and load and import), never a crash', async (context) => {
    const options = value as () => never
    const calls: Array<() => unknown> = [() => index.search('thing', options()), () => index.execute('ops', 'thing_get', {}, options())]
    if (installs) calls.push(() => index.load(profileDocument('Ops', []), options()))
    // import's options are optional: undefined means none.
    if (installs && value() !== undefined) calls.push(() => index.import('no-such.tama-cassette', options()))
    for (const call of calls) expect((await failure(call)).kind).toBe('usage')
    tally(context, 'fuzz cases', calls.length)
  })

  it('as the MCP caller, are a tool error that ran nothing (fail closed)', async () => {
    const caller = value as () => never
    const searched = await handleSearch(index, {query: 'thing'}, caller())
    expect(searched).toMatchObject({error: {kind: 'usage', dispatched: false}})
    const executed = await handleExecute(index, {cassette: 'ops', operation_id: 'thing_get'}, caller(), {})
    expect(executed).toMatchObject({error: {kind: 'usage', dispatched: false}})
  })
})

describe('MCP arguments a library host built from something other than JSON', () => {
  it('with a getter that throws are a usage error, not a stored schema failing', async () => {
    // Every argument either tool requires is there, so reading one is what fails.
    const args = (): unknown => Object.defineProperties({}, Object.fromEntries(['query', 'cassette', 'operation_id'].map((name) => [name, {get: throwing, enumerable: true}])))
    const want = {error: {kind: 'usage', dispatched: false, message: expect.stringContaining('plain JSON data')}}
    expect(await handleSearch(index, args(), {scopes: []})).toMatchObject(want)
    expect(await handleExecute(index, args(), {scopes: []}, {})).toMatchObject(want)
  })
})
