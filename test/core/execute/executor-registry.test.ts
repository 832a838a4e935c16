import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {type Executor, type ExecutorMap, loadExecutors, resolveExecutor} from '../../../src/core/execute/index.js'
import {PROJECT_ROOT} from '../../helpers/cli.js'

const executor: Executor = {execute: async () => null}

describe('resolveExecutor', () => {
  it.each<{name: string; given: {map: ExecutorMap; cassette: string}; want: {options?: Record<string, unknown>; kind?: string; message?: RegExp}}>([
    {name: 'a bare executor', given: {map: {incus: executor}, cassette: 'incus'}, want: {options: {}}},
    {name: 'an executor with options', given: {map: {incus: {executor, options: {a: 1}}}, cassette: 'incus'}, want: {options: {a: 1}}},
    {name: 'an executor without options', given: {map: {incus: {executor}}, cassette: 'incus'}, want: {options: {}}},
    {name: 'an unregistered cassette', given: {map: {incus: executor}, cassette: 'runtime'}, want: {kind: 'no_executor', message: /No executor is registered for cassette "runtime"/}},
    {name: 'a name on Object.prototype', given: {map: {}, cassette: 'constructor'}, want: {kind: 'no_executor', message: /No executor/}},
    {name: '__proto__', given: {map: {}, cassette: '__proto__'}, want: {kind: 'no_executor', message: /No executor/}},
    {name: 'a malformed registration', given: {map: {incus: {} as Executor}, cassette: 'incus'}, want: {kind: 'no_executor', message: /malformed/}},
    {name: 'options that are not an object', given: {map: {incus: {executor, options: 'x' as unknown as Record<string, unknown>}}, cassette: 'incus'}, want: {kind: 'no_executor', message: /malformed/}},
  ])('$name', ({given, want}) => {
    if (want.kind === undefined) {
      expect(resolveExecutor(given.map, given.cassette)).toEqual({executor, options: want.options})
      return
    }
    expect(() => resolveExecutor(given.map, given.cassette)).toThrow(expect.objectContaining({kind: want.kind, message: expect.stringMatching(want.message!)}))
  })
})

describe('loadExecutors', () => {
  it.each([
    {given: 'test/fixtures/execute/executors-named.mjs', want: ['incus', 'runtime']},
    {given: 'test/fixtures/execute/executors-default.mjs', want: ['incus']},
  ])('loads the map from $given', async ({given, want}) => {
    const map = await loadExecutors(given, PROJECT_ROOT)
    expect(Object.keys(map)).toEqual(want)
  })

  it.each([
    {given: 'test/fixtures/execute/nope.mjs', want: {kind: 'not_found', message: /does not exist/}},
    {given: 'test/fixtures/execute/executors-broken.mjs', want: {kind: 'usage', message: /failed to load: cannot start: missing configuration/}},
    {given: 'test/fixtures/execute/executors-malformed.mjs', want: {kind: 'usage', message: /malformed/}},
    {given: 'test/fixtures/execute/executors-none.mjs', want: {kind: 'usage', message: /must export an object/}},
  ])('refuses $given without naming absolute paths', async ({given, want}) => {
    const error = (await loadExecutors(given, PROJECT_ROOT).catch((e: unknown) => e)) as TamaError
    expect(error).toBeInstanceOf(TamaError)
    expect(error.kind).toBe(want.kind)
    expect(error.message).toMatch(want.message)
    expect(error.message).toContain(given)
    expect(error.message).not.toContain(PROJECT_ROOT)
  })
})
