import {describe, expect, it} from 'vitest'

import {TamaError} from '../../src/core/errors/tama-error.js'
import {type Executor, executeOperation} from '../../src/core/execute/index.js'
import {openIndex} from '../../src/core/host-index/index.js'
import {handleExecute} from '../../src/core/mcp/index.js'
import {INPUT_LIMITS, LIMITS, validateDocument} from '../../src/core/profile/index.js'
import type {OperationRecord} from '../../src/core/profile/operation-record.js'
import {FakeCatalog} from '../core/execute/fake-catalog.js'
import {type BodyDocumentOptions, bodyDocument} from '../helpers/documents.js'
import {tally} from './counts.js'
import {scaled} from './soak.js'

/**
 * The documented worst case of checking one input (docs/execute.md#input-limits): the
 * median of several runs of execute, from the call to the executor's answer, on any input
 * within the limits. Measured well under it on a shared 2-core machine; generous for noise.
 */
const WORST_CASE_MS = 250

function records(body: unknown, options: BodyDocumentOptions = {}): OperationRecord[] {
  return [...validateDocument(bodyDocument(body, options)).operations]
}

const ok: Executor = {execute: async () => ({ok: true})}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** Bytes of a value's JSON. */
function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value))
}

/** Nests `value` `levels` deep in single-property objects. */
function nested(levels: number, value: unknown = {}): unknown {
  let current = value
  for (let level = 0; level < levels; level++) current = {a: current}
  return current
}

/** A string of `length` characters that is one character short of matching `a+`-style patterns. */
const almost = (length: number) => `${'a'.repeat(length - 1)}!`

/** The slowest inputs found for each costly keyword, each within INPUT_LIMITS, with the schema it is checked against. */
const COSTLY: ReadonlyArray<{name: string; body: unknown; schemas?: Record<string, unknown>; input: () => Record<string, unknown>}> = [
  {
    name: 'uniqueItems over 10,000 objects that differ only in their last byte',
    body: {type: 'object', properties: {items: {type: 'array', uniqueItems: true}}},
    input: () => ({items: Array.from({length: INPUT_LIMITS.arrayItems}, (_, i) => ({k: 'x'.repeat(80), v: i}))}),
  },
  {
    name: 'uniqueItems at every level of a deep, wide array',
    body: {$ref: '#/components/schemas/U'},
    schemas: {U: {type: 'object', properties: {items: {type: 'array', uniqueItems: true, items: {$ref: '#/components/schemas/U'}}}}},
    input: () => {
      let value: Record<string, unknown> = {items: []}
      // Two nesting levels a step: 60 steps stay within the depth limit.
      for (let level = 0; level < 60; level++) value = {items: [value, ...Array.from({length: 50}, (_, i) => ({items: [{items: []}], i}))]}
      return value
    },
  },
  {
    name: 'two anyOf branches recursing into the same property, which doubles the work at each level',
    body: {type: 'object', properties: {a: {$ref: '#/components/schemas/S'}}},
    schemas: {S: {anyOf: [{properties: {a: {$ref: '#/components/schemas/S'}}, required: ['x']}, {properties: {a: {$ref: '#/components/schemas/S'}}, required: ['y']}]}},
    input: () => nested(LIMITS.depth - 1) as Record<string, unknown>,
  },
  {
    name: 'a schema near the limit of in-place applications (509), against 10,000 items',
    body: {type: 'object', properties: {items: {type: 'array', items: {$ref: '#/components/schemas/D0'}}}},
    schemas: Object.fromEntries(Array.from({length: 8}, (_, level) => [`D${level}`, level === 7 ? {type: 'integer', minimum: 0} : {anyOf: [{$ref: `#/components/schemas/D${level + 1}`}, {$ref: `#/components/schemas/D${level + 1}`}]}])),
    input: () => ({items: Array.from({length: INPUT_LIMITS.arrayItems}, () => -1)}),
  },
  {
    name: 'backtracking patterns on a string of 1 MiB',
    body: {type: 'object', properties: {s: {type: 'string', pattern: '^(a+)+$'}, t: {type: 'string', pattern: '^(a|a)*$'}}},
    input: () => ({s: almost(INPUT_LIMITS.bytes / 2 - 20), t: almost(INPUT_LIMITS.bytes / 2 - 20)}),
  },
  ...['regex', 'uri', 'email', 'date-time', 'hostname', 'uri-reference', 'json-pointer', 'duration', 'ipv6'].map((format) => ({
    name: `format ${format} on a string of 1 MiB`,
    body: {type: 'object', properties: {s: {type: 'string', format}}},
    input: () => ({s: format === 'regex' ? `${'('.repeat(100)}${'a'.repeat(INPUT_LIMITS.bytes - 300)}` : `${'a:'.repeat(INPUT_LIMITS.bytes / 2 - 20)}@`}),
  })),
  {
    name: 'patternProperties and propertyNames over thousands of long keys',
    body: {type: 'object', properties: {m: {type: 'object', propertyNames: {pattern: '^(a+)+$'}, patternProperties: {'^(a|b)+$': {type: 'integer'}}, additionalProperties: false}}},
    input: () => ({m: Object.fromEntries(Array.from({length: 5000}, (_, i) => [`${'a'.repeat(180)}${i}!`, i]))}),
  },
  {
    name: 'enum of large objects, and contains with minContains, over 10,000 items',
    body: {type: 'object', properties: {items: {type: 'array', items: {enum: Array.from({length: 20}, (_, i) => ({k: 'x'.repeat(40), v: i}))}, contains: {const: {k: 'y'}}, minContains: 5000}}},
    input: () => ({items: Array.from({length: INPUT_LIMITS.arrayItems}, () => ({k: 'x'.repeat(40), v: 19}))}),
  },
]

describe('execute: costly inputs are bounded (defect 3)', () => {
  it.for(COSTLY)('$name: checked, refused or run within the documented worst case', async ({body, schemas, input}, context) => {
    const catalog = new FakeCatalog({bounds: records(body, {schemas})})
    const value = input()
    expect(bytes(value)).toBeLessThanOrEqual(INPUT_LIMITS.bytes)
    const runs = scaled(5, 15)
    const times: number[] = []
    for (let run = 0; run < runs; run++) {
      const started = performance.now()
      const outcome = await executeOperation(catalog, 'bounds', 'op', value, {scopes: [], executors: {bounds: ok}}).catch((error: unknown) => error)
      times.push(performance.now() - started)
      // Refused or run, never a crash.
      if (outcome instanceof TamaError) expect(outcome.kind).toBe('invalid_input')
      else expect(outcome).toEqual({result: {ok: true}})
    }
    expect(median(times)).toBeLessThan(WORST_CASE_MS)
    tally(context, 'costly inputs timed', runs)
  })

  it('refuses an input past the limits before confirmation or validation sees it, with a pointer, through a real index and the MCP handler', async (context) => {
    const index = openIndex({path: ':memory:'})
    try {
      await index.load(bodyDocument({type: 'object', properties: {items: {type: 'array', uniqueItems: true}, s: {type: 'string'}}}, {destructive: true, when: {required: ['force']}}), {cassette: 'bounds'})
      const executors = {bounds: ok}
      const cases = [
        {input: {items: Array.from({length: INPUT_LIMITS.arrayItems + 1}, (_, i) => i), force: true}, pointer: '/items', says: `is an array of ${INPUT_LIMITS.arrayItems + 1} items, more than ${INPUT_LIMITS.arrayItems}`},
        {input: {s: 'x'.repeat(INPUT_LIMITS.bytes), force: true}, pointer: '', says: `more than the limit of ${INPUT_LIMITS.bytes}`},
        {input: {s: 'x'.repeat(INPUT_LIMITS.bytes + 1), force: true}, pointer: '/s', says: `longer than ${INPUT_LIMITS.bytes}`},
        {input: {...(nested(LIMITS.depth) as object), force: true}, pointer: '/a'.repeat(LIMITS.depth), says: 'nests deeper than 128 levels'},
      ]
      for (const {input, pointer, says} of cases) {
        // Without confirm: a confirmation rule would answer first if the input reached it.
        await expect(index.execute('bounds', 'op', input, {scopes: [], executors})).rejects.toMatchObject({kind: 'invalid_input', dispatched: false, problems: [{source: 'input', pointer, message: expect.stringContaining(says)}]})
        const tool = await handleExecute(index, {cassette: 'bounds', operation_id: 'op', input}, {scopes: []}, executors)
        expect(tool).toMatchObject({error: {kind: 'invalid_input', dispatched: false, problems: [{pointer}]}})
      }
      // Just within the limits, the input goes on to confirmation.
      const within = {items: Array.from({length: INPUT_LIMITS.arrayItems}, (_, i) => i), force: true}
      await expect(index.execute('bounds', 'op', within, {scopes: [], executors})).rejects.toMatchObject({kind: 'confirmation_required'})
      await expect(index.execute('bounds', 'op', within, {scopes: [], executors, confirm: true})).resolves.toEqual({result: {ok: true}})
      tally(context, 'costly inputs timed', cases.length * 2 + 2)
    } finally {
      index.close()
    }
  })
})
