import type {Executor} from '../../src/core/execute/index.js'
import {INPUT_LIMITS, LIMITS, validateDocument} from '../../src/core/profile/index.js'
import type {OperationRecord} from '../../src/core/profile/operation-record.js'
import {type BodyDocumentOptions, bodyDocument} from '../helpers/documents.js'

/**
 * The slowest inputs found for each costly keyword of an input schema, each within
 * INPUT_LIMITS: checked by test/reliability/execute-bounds.test.ts for their outcome, timed
 * by bench/execute-bounds.ts against the documented worst case (docs/execute.md#input-limits).
 */
export function records(body: unknown, options: BodyDocumentOptions = {}): OperationRecord[] {
  return [...validateDocument(bodyDocument(body, options)).operations]
}

export const ok: Executor = {execute: async () => ({ok: true})}

/** Bytes of a value's JSON. */
export function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value))
}

/** Nests `value` `levels` deep in single-property objects. */
export function nested(levels: number, value: unknown = {}): unknown {
  let current = value
  for (let level = 0; level < levels; level++) current = {a: current}
  return current
}

/** A string of `length` characters that is one character short of matching `a+`-style patterns. */
const almost = (length: number) => `${'a'.repeat(length - 1)}!`

/** `count` property names of `width` characters. */
export function names(count: number, width = 6): string[] {
  return Array.from({length: count}, (_, i) => `p${String(i).padStart(width - 1, '0')}`)
}

/** Objects, one per item the input limits allow, with `value` in each. */
const everyItem = (value: () => unknown) => Array.from({length: INPUT_LIMITS.arrayItems}, value)

/** The slowest inputs found for each costly keyword, each within INPUT_LIMITS, with the schema it is checked against. */
export const COSTLY: ReadonlyArray<{name: string; body: unknown; schemas?: Record<string, unknown>; input: () => Record<string, unknown>}> = [
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
  {
    name: `required of ${LIMITS.requiredNames} names, against 10,000 empty objects`,
    body: {type: 'object', properties: {items: {type: 'array', items: {type: 'object', required: names(LIMITS.requiredNames)}}}},
    input: () => ({items: everyItem(() => ({}))}),
  },
  {
    name: 'required of 100 names, against 10,000 empty objects',
    body: {type: 'object', properties: {items: {type: 'array', items: {type: 'object', required: names(100)}}}},
    input: () => ({items: everyItem(() => ({}))}),
  },
  {
    name: `dependentRequired of ${LIMITS.dependentNames} names, against 10,000 objects that trigger it`,
    body: {type: 'object', properties: {items: {type: 'array', items: {type: 'object', dependentRequired: {a: names(LIMITS.dependentNames - 1)}}}}},
    input: () => ({items: everyItem(() => ({a: 0}))}),
  },
  {
    name: `enum of ${LIMITS.enumValues} objects, against 10,000 items in none of them`,
    body: {type: 'object', properties: {items: {type: 'array', items: {enum: Array.from({length: LIMITS.enumValues}, (_, i) => ({k: 'x'.repeat(40), v: i}))}}}},
    input: () => ({items: everyItem(() => ({k: 'x'.repeat(40), v: -1}))}),
  },
  {
    name: `patternProperties of ${LIMITS.patternProperties} patterns with additionalProperties, against 80,000 keys`,
    body: {type: 'object', properties: {m: {type: 'object', patternProperties: Object.fromEntries(names(LIMITS.patternProperties).map((name) => [`^${name}x`, {type: 'integer'}])), additionalProperties: {type: 'integer'}}}},
    input: () => ({m: Object.fromEntries(names(80_000).map((name) => [name, 0]))}),
  },
  {
    name: '1,900 properties, against 10,000 empty objects',
    body: {type: 'object', properties: {items: {type: 'array', items: {type: 'object', properties: Object.fromEntries(names(1900).map((name) => [name, {type: 'integer'}]))}}}},
    input: () => ({items: everyItem(() => ({}))}),
  },
  // Just within the budget of validation steps: the most work of each kind an input can still ask for.
  {
    name: `enum of ${LIMITS.enumValues} objects, against as many items matching its last value as the budget allows`,
    body: {type: 'object', properties: {items: {type: 'array', items: {enum: Array.from({length: LIMITS.enumValues}, (_, i) => ({k: 'x'.repeat(40), v: i}))}}}},
    input: () => ({items: Array.from({length: Math.floor(INPUT_LIMITS.validationSteps / (LIMITS.enumValues + 1)) - 2}, () => ({k: 'x'.repeat(40), v: LIMITS.enumValues - 1}))}),
  },
  {
    name: `enum of ${LIMITS.enumValues} arrays of 200 numbers, against as many arrays differing at the last as the budget allows`,
    body: {type: 'object', properties: {items: {type: 'array', items: {enum: Array.from({length: LIMITS.enumValues}, (_, i) => [...Array.from({length: 199}, () => 0), i])}}}},
    input: () => ({items: Array.from({length: Math.floor(INPUT_LIMITS.validationSteps / (LIMITS.enumValues * 201 + 1))}, () => [...Array.from({length: 199}, () => 0), -1])}),
  },
  {
    name: '1,900 properties, against as many empty objects as the budget allows',
    body: {type: 'object', properties: {items: {type: 'array', items: {type: 'object', properties: Object.fromEntries(names(1900).map((name) => [name, {type: 'integer'}]))}}}},
    input: () => ({items: Array.from({length: Math.floor(INPUT_LIMITS.validationSteps / 1902) - 2}, () => ({}))}),
  },
  {
    name: 'a pattern of patternProperties and additionalProperties, against as many keys as the budget allows',
    body: {type: 'object', properties: {m: {type: 'object', patternProperties: {'^(p|q)[0-9]+(x|y)?$': {type: 'integer'}}, additionalProperties: {type: 'integer'}}}},
    input: () => ({m: Object.fromEntries(names(Math.floor(INPUT_LIMITS.validationSteps / 22) - 100, 16).map((name) => [name, 0]))}),
  },
]
