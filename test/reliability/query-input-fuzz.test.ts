import {join} from 'node:path'
import {setImmediate as yieldToEvents} from 'node:timers/promises'

import {Ajv2020} from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {ERROR_KINDS, TamaError} from '../../src/core/errors/tama-error.js'
import {findNonJson} from '../../src/core/json/index.js'
import {schemaValidator} from '../../src/core/execute/schema-validator.js'
import type {ExecutorMap} from '../../src/core/execute/index.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {executeTool, handleExecute, handleSearch, searchTool} from '../../src/core/mcp/index.js'
import type {OperationRecord} from '../../src/core/profile/operation-record.js'
import {readDocumentFile, validateDocument} from '../../src/core/profile/index.js'
import {PROJECT_ROOT} from '../helpers/cli.js'
import {tally} from './counts.js'
import {SEED, scaled} from './soak.js'

// ajv-formats is CommonJS: under NodeNext its default import is the function itself at run time.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

/** The operations of the shipped examples, by cassette: real schemas, confirmation rules and scopes. */
const INSTALLED: readonly string[] = ['incus', 'runtime']
const catalogue: Array<{cassette: string; record: OperationRecord}> = []
let allScopes: string[]
let index: TamaIndex
let empty: TamaIndex
const dispatched: Array<{operationId: string; input: Record<string, unknown>}> = []
const executors: ExecutorMap = Object.fromEntries(
  INSTALLED.map((cassette) => [cassette, {execute: async (call: {operationId: string}, input: Record<string, unknown>) => (dispatched.push({operationId: call.operationId, input}), {ran: call.operationId})}]),
)

/** An oracle independent of execute's own validator: a fresh Ajv, as a host would configure one. */
const oracle = new Ajv2020({strict: false, allErrors: false, logger: false})
addFormats(oracle)

beforeAll(async () => {
  index = openIndex({path: ':memory:'})
  empty = openIndex({path: ':memory:'})
  for (const cassette of INSTALLED) {
    const document = await readDocumentFile(join(PROJECT_ROOT, 'examples', `${cassette}.yaml`))
    await index.load(document, {cassette})
    for (const record of validateDocument(document).operations) catalogue.push({cassette, record})
  }
  allScopes = [...new Set(catalogue.flatMap(({record}) => record.scopes))]
})

afterAll(() => {
  index?.close()
  empty?.close()
})

/** Query text as a caller might send it: any Unicode, FTS5 syntax, control characters, lone surrogates, far too long. */
const query = fc.oneof(
  fc.string({unit: 'grapheme', maxLength: 60}),
  fc.string({unit: 'binary', maxLength: 60}),
  fc.array(fc.constantFrom('"', '*', '^', '-', 'NEAR(', ')', 'AND', 'OR', 'NOT', 'summary:', '{', '}', '\u0000', '\n', '\ud800', '🦀', 'ﬁ', 'İ', 'list', 'instances', 'delete', 'instance_delete', 'runtime.health'), {maxLength: 12}).map((words) => words.join(' ')),
  fc.string({minLength: 4_000, maxLength: 4_200}),
)

/** Values that are no query at all. */
const notAQuery = fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined), fc.array(fc.string()), fc.object())

const count = (min: number, max: number) => fc.oneof(fc.constant(undefined), fc.integer({min, max}), fc.integer({min: -5, max: 60}), fc.double(), fc.string(), fc.constant(null))
const strings = fc.array(fc.string({maxLength: 12}), {maxLength: 4})
const SCOPES = ['incus.read', 'incus.write', 'incus.admin', 'runtime.read', 'runtime.operate', 'runtime.admin']
/** Mostly what a host passes, sometimes anything. */
const searchOptions = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      scopes: fc.subarray(SCOPES) as fc.Arbitrary<unknown>,
      limit: fc.oneof(fc.constant(undefined), fc.integer({min: 1, max: 50})) as fc.Arbitrary<unknown>,
      schemas: fc.oneof(fc.constant(undefined), fc.integer({min: 0, max: 50})) as fc.Arbitrary<unknown>,
      cassettes: fc.oneof(fc.constant(undefined), fc.constant(['incus']), fc.constant(['runtime', 'nope'])) as fc.Arbitrary<unknown>,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      scopes: fc.oneof(fc.constant(undefined), strings, fc.array(fc.anything(), {maxLength: 3}), fc.constant(null)),
      limit: count(1, 50),
      schemas: count(0, 50),
      cassettes: fc.oneof(fc.constant(undefined), strings, fc.string(), fc.array(fc.integer(), {minLength: 1, maxLength: 2})),
    }),
  },
)

// null, like undefined, takes the default.
function validCount(value: unknown, min: number, max: number): boolean {
  return value === undefined || value === null || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max)
}

function isStrings(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/** Inputs that are JavaScript rather than JSON: a host may pass anything. */
const hostileInput = fc.constantFrom(
  () => ({
    get name(): string {
      throw new Error('getter')
    },
  }),
  () =>
    new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('ownKeys')
        },
      },
    ),
  () =>
    new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('getPrototypeOf')
        },
      },
    ),
  () => {
    const loop: Record<string, unknown> = {name: 'web1'}
    loop.self = loop
    return loop
  },
  () => Array.from({length: 10_000}).reduce<unknown>((inner) => ({name: inner}), 'web1'),
  () => Object.assign(Object.create(null) as object, {name: 'web1'}),
  () => ({name: 'web1', toJSON: () => ({name: 'other'})}),
  () => JSON.parse('{"__proto__": {"admin": true}, "name": "web1"}') as unknown,
  () => ({name: 10n}),
  () => new Date(0),
).map((make) => make())

/** An operation (or a name that is none) and an input shaped by its schema, or not. */
const call = fc
  .oneof(
    {weight: 5, arbitrary: fc.nat().map((i) => catalogue[i % catalogue.length]!)},
    {weight: 1, arbitrary: fc.record({cassette: fc.string({maxLength: 12}), record: fc.record({operationId: fc.string({maxLength: 140})})})},
  )
  .chain(({cassette, record}) => {
    const properties = Object.keys(((record as OperationRecord).inputSchema as {properties?: object} | undefined)?.properties ?? {})
    const shaped = fc.dictionary(fc.constantFrom(...properties, 'unexpected'), fc.oneof(fc.string({maxLength: 16}), fc.jsonValue({maxDepth: 2}), fc.anything()), {maxKeys: 4})
    return fc.record({
      cassette: fc.constant(cassette),
      operationId: fc.constant(record.operationId),
      input: fc.oneof({weight: 4, arbitrary: shaped}, {weight: 1, arbitrary: fc.jsonValue()}, {weight: 1, arbitrary: fc.anything({withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true})}, {weight: 1, arbitrary: hostileInput}),
      confirm: fc.oneof(fc.constant(undefined), fc.boolean(), fc.string({maxLength: 8}), fc.constantFrom('web1', 'true')),
      scopes: fc.oneof(fc.constant(undefined), fc.subarray(SCOPES), strings),
    })
  })

const EXECUTE_FAILURES = new Set(['usage', 'not_found', 'confirmation_required', 'invalid_input'])

describe('random queries', () => {
  it('get results the caller may see, or a usage error; never anything else', (context) => {
    let runs = 0
    let hits = 0
    fc.assert(
      fc.property(fc.oneof({weight: 9, arbitrary: query}, {weight: 1, arbitrary: notAQuery}), searchOptions, (text, options) => {
        runs++
        const valid = validCount(options.limit, 1, 50) && validCount(options.schemas, 0, 50) && isStrings(options.scopes) && (options.cassettes === undefined || isStrings(options.cassettes))
        let response
        try {
          response = index.search(text as string, options as never)
        } catch (error) {
          expect(error).toBeInstanceOf(TamaError)
          // A cassette named that is not installed is not_found, once the query and options are read.
          const uninstalled = valid && (options.cassettes as string[] | undefined)?.some((name) => !INSTALLED.includes(name)) === true
          expect((error as TamaError).kind).toMatch(uninstalled ? /^(usage|not_found)$/ : /^usage$/)
          return
        }
        expect(valid).toBe(true)
        expect(response.results.length).toBeLessThanOrEqual((options.limit as number | undefined) ?? 10)
        hits += response.results.length
        for (const hit of response.results) {
          const {record} = catalogue.find((entry) => entry.cassette === hit.cassette && entry.record.operationId === hit.operation_id)!
          expect(record.scopes.every((scope) => (options.scopes as string[]).includes(scope))).toBe(true)
          if (options.cassettes !== undefined) expect(options.cassettes).toContain(hit.cassette)
        }
      }),
      {numRuns: scaled(400, 10_000), seed: SEED},
    )
    expect(hits).toBeGreaterThan(0)
    tally(context, 'fuzz cases', runs)
  })

  it('answer not_ready from an index with nothing installed, whatever the query', (context) => {
    let runs = 0
    fc.assert(
      fc.property(query, (text) => {
        runs++
        expect(() => empty.search(text, {scopes: []})).toThrow(expect.objectContaining({kind: 'not_ready'}))
      }),
      {numRuns: scaled(50, 1_000), seed: SEED},
    )
    tally(context, 'fuzz cases', runs)
  })

  it('through the search tool, always answer {results} or {error} matching the output schema', async (context) => {
    let runs = 0
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({query, limit: count(1, 50), cassettes: fc.oneof(fc.constant(['incus']), strings)}, {requiredKeys: ['query']}), fc.anything()), fc.oneof(fc.record({scopes: strings}), fc.anything()), async (args, caller) => {
        runs++
        const output = await handleSearch(index, args, caller as never)
        expect(schemaValidator.problems(searchTool().outputSchema, output)).toEqual([])
        if ('error' in output) expect(Object.keys(ERROR_KINDS)).toContain(output.error.kind)
      }),
      {numRuns: scaled(300, 5_000), seed: SEED},
    )
    tally(context, 'fuzz cases', runs)
  })
})

describe('random execute inputs', () => {
  it('dispatch only plain JSON valid against the input schema, exactly once; every other answer is a TamaError of a documented kind', async (context) => {
    let runs = 0
    const answers = new Set<string>()
    await fc.assert(
      fc.asyncProperty(call, async ({cassette, operationId, input, confirm, scopes}) => {
        runs++
        await yieldToEvents()
        dispatched.length = 0
        const outcome = await index.execute(cassette, operationId, input, {scopes: scopes as string[], executors, ...(confirm === undefined ? {} : {confirm})}).catch((error: unknown) => error)
        answers.add(outcome instanceof TamaError ? outcome.kind : 'dispatched')
        if (outcome instanceof TamaError) {
          expect(EXECUTE_FAILURES, `${outcome.kind}: ${outcome.message}`).toContain(outcome.kind)
          expect(outcome.dispatched).toBe(false)
          expect(dispatched).toEqual([])
          return
        }
        expect(outcome, String(outcome)).toMatchObject({result: {ran: operationId}})
        expect(dispatched).toHaveLength(1)
        const {record} = catalogue.find((entry) => entry.cassette === cassette && entry.record.operationId === operationId)!
        expect(record.scopes.every((scope) => (scopes as string[]).includes(scope))).toBe(true)
        expect(findNonJson(dispatched[0]!.input)).toBeNull()
        expect(oracle.validate(record.inputSchema as object, dispatched[0]!.input), JSON.stringify(oracle.errors)).toBe(true)
      }),
      {numRuns: scaled(500, 20_000), seed: SEED},
    )
    // The inputs reached every outcome, dispatch included: the property was not vacuous.
    expect([...answers].sort()).toEqual(['confirmation_required', 'dispatched', 'invalid_input', 'not_found', 'usage'])
    tally(context, 'fuzz cases', runs)
  })

  it('through the execute tool, answer {error} with dispatched: false whenever nothing was dispatched', async (context) => {
    let runs = 0
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({weight: 4, arbitrary: call.map(({cassette, operationId, input, confirm}) => ({cassette, operation_id: operationId, input, ...(confirm === undefined ? {} : {confirm})}))}, {weight: 1, arbitrary: fc.anything()}),
        fc.subarray(SCOPES),
        async (args, scopes) => {
          runs++
          await yieldToEvents()
          dispatched.length = 0
          const output = await handleExecute(index, args, {scopes}, executors)
          if ('operation_error' in output) expect(dispatched, JSON.stringify(output)).toHaveLength(1)
          if ('error' in output) {
            expect(output.error.dispatched).toBe(false)
            expect(dispatched).toEqual([])
          }
          if ('result' in output) expect(dispatched).toHaveLength(1)
          // The answer is JSON the MCP server can send: its schema holds once it is JSON text.
          expect(schemaValidator.problems(executeTool().outputSchema, JSON.parse(JSON.stringify(output)))).toEqual([])
        },
      ),
      {numRuns: scaled(300, 10_000), seed: SEED},
    )
    tally(context, 'fuzz cases', runs)
  })

  it("match the catalogue's patterns as the oracle's backtracking engine does, on random strings", (context) => {
    let runs = 0
    // Every `pattern` in the catalogue's input schemas, which are plain JSON.
    const patterns = new Set<string>()
    JSON.stringify(
      catalogue.map(({record}) => record.inputSchema),
      (key, value: unknown) => {
        if (key === 'pattern' && typeof value === 'string') patterns.add(value)
        return value
      },
    )
    expect(patterns.size).toBeGreaterThan(0)
    const cases = fc.constantFrom(...patterns).chain((pattern) =>
      fc.record({pattern: fc.constant(pattern), text: fc.oneof(fc.stringMatching(new RegExp(pattern, 'u')), fc.string({unit: 'grapheme', maxLength: 70}), fc.string({unit: 'binary', maxLength: 70}))}),
    )
    fc.assert(
      fc.property(cases, ({pattern, text}) => {
        runs++
        const schema = {type: 'string', pattern}
        expect(schemaValidator.matches(schema, text)).toBe(oracle.validate(schema, text))
      }),
      {numRuns: scaled(300, 10_000), seed: SEED},
    )
    tally(context, 'fuzz cases', runs)
  }, scaled(30_000, 300_000))

  it.each([
    {given: 'a getter that throws', input: () => ({get name(): string {
      throw new Error('boom')
    }}), pointer: '/name'},
    {given: 'a Proxy whose ownKeys throws', input: () => new Proxy({}, {ownKeys: () => {
      throw new Error('boom')
    }}), pointer: ''},
  ])('regression: $given is refused as invalid_input, not dispatched, and the tool says dispatched: false', async ({input, pointer}) => {
    dispatched.length = 0
    await expect(index.execute('incus', 'instance_get', input(), {scopes: allScopes, executors})).rejects.toMatchObject({kind: 'invalid_input', dispatched: false, problems: [{pointer, message: expect.stringMatching(/cannot be read \(boom\)/)}]})
    // A destructive operation with an echo rule: such input is refused before confirmation reads it.
    await expect(index.execute('incus', 'instance_delete', input(), {scopes: allScopes, executors, confirm: 'web1'})).rejects.toMatchObject({kind: 'invalid_input', dispatched: false, problems: [{pointer}]})
    const output = await handleExecute(index, {cassette: 'incus', operation_id: 'instance_get', input: input()}, {scopes: allScopes}, executors)
    expect(output).toMatchObject({error: {kind: 'invalid_input', dispatched: false}})
    expect(dispatched).toEqual([])
  })
})
