import {setImmediate as yieldToEvents} from 'node:timers/promises'

import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {TamaError} from '../../src/core/errors/tama-error.js'
import type {ExecutorMap} from '../../src/core/execute/index.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {handleExecute, handleSearch} from '../../src/core/mcp/index.js'
import {profileDocument} from '../helpers/documents.js'
import {tally} from './counts.js'
import {SEED, scaled} from './soak.js'

/** Scopes the profile accepts, several of them meaningful to SQL, JSON or LIKE. */
const SCOPES = ['a', 'b', 'c', 'read:org', 'x.y', '%', '_', "'", '"]', '*', 'A']
const WORDS = ['list', 'get', 'delete', 'instance', 'image', 'network', 'volume', 'snapshot', 'widget', 'order']

interface Operation {
  readonly id: string
  readonly summary: string
  /** Its own x-tama-scopes; undefined takes the document's default. */
  readonly scopes: readonly string[] | undefined
  readonly destructive: boolean
}

interface Cassette {
  readonly name: string
  readonly defaultScopes: readonly string[] | undefined
  readonly operations: readonly Operation[]
}

const words = (max: number) => fc.array(fc.constantFrom(...WORDS), {minLength: 1, maxLength: max})

const cassettes: fc.Arbitrary<Cassette[]> = fc
  .uniqueArray(fc.constantFrom('alpha', 'beta', 'gamma'), {minLength: 1, maxLength: 3})
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc.record({
          name: fc.constant(name),
          defaultScopes: fc.option(fc.subarray(SCOPES, {maxLength: 2}), {nil: undefined}),
          operations: fc.array(fc.record({id: words(3), summary: words(4), scopes: fc.option(fc.subarray(SCOPES, {maxLength: 3}), {nil: undefined}), destructive: fc.boolean()}), {minLength: 1, maxLength: 8}),
        }),
      ),
    ),
  )
  .map((list) =>
    list.map(({name, defaultScopes, operations}) => ({
      name,
      defaultScopes,
      // Fail closed means an operation must get scopes from somewhere: [] when neither says.
      operations: operations.map((operation, index) => ({...operation, id: `${operation.id.join('_')}_${index}`, summary: operation.summary.join(' '), scopes: operation.scopes ?? (defaultScopes === undefined ? [] : undefined)})),
    })),
  )

/** What a caller holds: scopes of the catalogue, near misses of them, and any string at all. */
const callerScopes = fc.oneof(fc.subarray(SCOPES), fc.array(fc.oneof(fc.constantFrom(...SCOPES), fc.constantFrom('', ' a', 'a ', 'B', '["a"]', 'a,b', 'x', 'x.y.z', 'read'), fc.string({maxLength: 6})), {maxLength: 6}))

function required(cassette: Cassette, operation: Operation): readonly string[] {
  return operation.scopes ?? cassette.defaultScopes ?? []
}

function allowed(cassette: Cassette, operation: Operation, scopes: readonly string[]): boolean {
  return required(cassette, operation).every((scope) => scopes.includes(scope))
}

function documentOf(cassette: Cassette): Record<string, unknown> {
  const document = profileDocument(cassette.name, cassette.operations.map(({id, summary, scopes, destructive}) => ({id, summary, scopes: scopes ?? [], destructive})))
  // profileDocument always writes x-tama-scopes; take it off where the operation relies on the default.
  const paths = document.paths as Record<string, {get: Record<string, unknown>}>
  for (const operation of cassette.operations) if (operation.scopes === undefined) delete paths[`/${operation.id}`]!.get['x-tama-scopes']
  return cassette.defaultScopes === undefined ? document : {...document, 'x-tama-scopes': [...cassette.defaultScopes]}
}

async function indexOf(list: readonly Cassette[]): Promise<TamaIndex> {
  const index = openIndex({path: ':memory:'})
  for (const cassette of list) await index.load(documentOf(cassette), {cassette: cassette.name})
  return index
}

function spyExecutors(list: readonly Cassette[], calls: string[]): ExecutorMap {
  return Object.fromEntries(list.map(({name}) => [name, {execute: async (call: {cassette: string; operationId: string}) => (calls.push(`${call.cassette}/${call.operationId}`), {ok: true})}]))
}

describe('authorisation over random catalogues and callers', () => {
  it('search never returns an operation whose scopes the caller lacks', async (context) => {
    let runs = 0
    let seen = 0
    await fc.assert(
      fc.asyncProperty(cassettes, callerScopes, async (list, scopes) => {
        runs++
        const index = await indexOf(list)
        await yieldToEvents()
        try {
          const queries = [...WORDS, ...list.flatMap((cassette) => cassette.operations.map((operation) => operation.id)), 'list instance volume', 'delete the widget order']
          for (const query of queries) {
            const tool = await handleSearch(index, {query, limit: 50}, {scopes})
            if (!('results' in tool)) throw new Error(`the search tool failed: ${JSON.stringify(tool)}`)
            for (const results of [index.search(query, {scopes, limit: 50}).results, tool.results]) {
              for (const hit of results) {
                const cassette = list.find((candidate) => candidate.name === hit.cassette)!
                const operation = cassette.operations.find((candidate) => candidate.id === hit.operation_id)!
                expect(allowed(cassette, operation, scopes), `${hit.cassette}/${hit.operation_id} needs ${JSON.stringify(required(cassette, operation))}, caller has ${JSON.stringify(scopes)}`).toBe(true)
                seen++
              }
            }
          }
        } finally {
          index.close()
        }
      }),
      {numRuns: scaled(60, 1_000), seed: SEED},
    )
    expect(seen).toBeGreaterThan(0)
    tally(context, 'fuzz cases', runs)
  }, 300_000)

  it('execute dispatches exactly the operations the caller may run, each once, and never one it may not', async (context) => {
    let runs = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(cassettes, callerScopes, async (list, scopes) => {
        runs++
        const index = await indexOf(list)
        await yieldToEvents()
        const calls: string[] = []
        const executors = spyExecutors(list, calls)
        try {
          for (const cassette of list) {
            for (const operation of cassette.operations) {
              const name = `${cassette.name}/${operation.id}`
              const before = calls.length
              const outcome = await index.execute(cassette.name, operation.id, {}, {scopes, executors, confirm: true}).catch((error: unknown) => error)
              const tool = await handleExecute(index, {cassette: cassette.name, operation_id: operation.id, confirm: true}, {scopes}, executors)
              if (allowed(cassette, operation, scopes)) {
                expect(outcome, name).toEqual({result: {ok: true}})
                expect(tool, name).toEqual({result: {ok: true}})
                expect(calls.slice(before), name).toEqual([name, name])
              } else {
                expect(outcome, name).toBeInstanceOf(TamaError)
                expect(outcome, name).toMatchObject({kind: 'not_found', dispatched: false})
                expect(tool, name).toMatchObject({error: {kind: 'not_found', dispatched: false}})
                expect(calls.slice(before), name).toEqual([])
                refused++
              }
            }
          }
        } finally {
          index.close()
        }
      }),
      {numRuns: scaled(60, 1_000), seed: SEED},
    )
    expect(refused).toBeGreaterThan(0)
    tally(context, 'fuzz cases', runs)
  }, 300_000)

  it('execute answers for a forbidden operation exactly as for one that does not exist, suggesting only operations the caller may run', async (context) => {
    let runs = 0
    await fc.assert(
      fc.asyncProperty(cassettes, callerScopes, fc.nat(), async (list, scopes, pick) => {
        await yieldToEvents()
        const forbidden = list.flatMap((cassette) => cassette.operations.filter((operation) => !allowed(cassette, operation, scopes)).map((operation) => ({cassette, operation})))
        fc.pre(forbidden.length > 0)
        runs++
        const {cassette, operation} = forbidden[pick % forbidden.length]!
        // The same catalogue without the forbidden operation: to the caller it must look the same.
        const without = list.map((candidate) => (candidate !== cassette ? candidate : {...candidate, operations: candidate.operations.filter((other) => other !== operation)}))
        const answers = []
        for (const catalogue of [list, without]) {
          const index = await indexOf(catalogue)
          try {
            const error = await index.execute(cassette.name, operation.id, {}, {scopes, dryRun: true}).catch((caught: unknown) => caught)
            expect(error).toBeInstanceOf(TamaError)
            const json = (error as TamaError).toJSON()
            for (const suggestion of json.details.suggestions as Array<{cassette: string; operation_id: string}>) {
              const owner = list.find((candidate) => candidate.name === suggestion.cassette)!
              expect(allowed(owner, owner.operations.find((candidate) => candidate.id === suggestion.operation_id)!, scopes)).toBe(true)
            }
            answers.push(json)
          } finally {
            index.close()
          }
        }
        expect(answers[0]).toEqual(answers[1])
      }),
      {numRuns: scaled(80, 1_500), seed: SEED},
    )
    tally(context, 'fuzz cases', runs)
  }, 300_000)

  // Suggestions were once ranked by search scores, whose term statistics count every
  // operation: their order showed whether a forbidden operation with those words existed.
  it('gives the same suggestions for a forbidden operation as when it does not exist (regression: suggestions ranked by search scores)', async () => {
    const visible = [0, 1].map((n) => ({id: `instance_list_${n}`, summary: 'list', scopes: []})).concat({id: 'list_list_volume_2', summary: 'list', scopes: []})
    const answers = []
    for (const operations of [[...visible, {id: 'volume_instance_x', summary: 'list', scopes: ['secret']}], visible]) {
      const index = openIndex({path: ':memory:'})
      await index.load(profileDocument('C', operations), {cassette: 'c'})
      answers.push(await index.execute('c', 'volume_instance_x', {}, {scopes: [], dryRun: true}).catch((error: TamaError) => error.toJSON()))
      index.close()
    }
    expect(answers[0]).toEqual(answers[1])
  })
})
