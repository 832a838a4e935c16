import {Ajv2020} from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {LIMITS} from '../../../../src/core/profile/limits.js'
import {RefResolver} from '../../../../src/core/openapi/index.js'
import {SUBSCHEMA_PLACES} from '../../../../src/core/profile/schema/schema-keywords.js'
import {SchemaObjectChecker} from '../../../../src/core/profile/schema/schema-objects.js'

function problemsOf(schema: unknown, document: unknown = {}): Array<{pointer: string; message: string}> {
  const problems: Array<{pointer: string; message: string}> = []
  new SchemaObjectChecker(new RefResolver(document), (pointer, message) => problems.push({pointer, message})).check(schema, '/s')
  return problems
}

// The JSON Schema 2020-12 meta-schema, as Ajv applies it, is the reference the checker must agree with.
const ajv = new Ajv2020({strict: false})
addFormats.default(ajv)

/** Keywords drawn for the comparison; `$ref`s and patterns have table tests of their own below. */
const KEYWORDS = [
  ...['items', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'],
  ...['prefixItems', 'allOf', 'anyOf', 'oneOf', 'properties', 'dependentSchemas', '$defs', 'definitions', 'dependencies'],
  ...['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength'],
  ...['maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired'],
  ...['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples', 'format', 'contentEncoding', 'contentMediaType'],
  ...['$anchor', '$dynamicAnchor', '$comment', '$vocabulary', 'discriminator', 'xml', 'example', 'x-extra'],
]

const {schema: schemas} = fc.letrec<{schema: unknown; object: Record<string, unknown>; value: unknown}>((tie) => ({
  schema: fc.oneof({depthSize: 'small', withCrossShrink: true}, fc.boolean(), tie('object'), tie('object')),
  object: fc.dictionary(fc.constantFrom(...KEYWORDS), tie('value'), {maxKeys: 4}),
  value: fc.oneof(
    {depthSize: 'small'},
    tie('schema'),
    fc.array(tie('schema'), {maxLength: 2}),
    fc.dictionary(fc.string({maxLength: 3}), tie('schema'), {maxKeys: 2}),
    fc.constantFrom('string', 'integer', ['string', 'null'], ['a'], [], ['x', 'x'], 'https://example.com/v', 'urn:x', 'a b', '#frag', 'name_1', -1, 0, 2.5, 3),
    fc.jsonValue({maxDepth: 1}),
  ),
}))

/** Whether `schema` holds, anywhere a keyword goes, a key that is not one of KEYWORDS (drawn values may be objects of any keys). */
function holdsUnknownKeyword(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false
  return Object.entries(schema).some(([keyword, value]) => {
    if (!KEYWORDS.includes(keyword)) return true
    const place = SUBSCHEMA_PLACES.get(keyword)
    if (place === 'schema') return holdsUnknownKeyword(value)
    if (place === 'array' && Array.isArray(value)) return value.some(holdsUnknownKeyword)
    if (place === 'map' && typeof value === 'object' && value !== null) return Object.values(value).some(holdsUnknownKeyword)
    return false
  })
}

describe('SchemaObjectChecker', () => {
  it('agrees with the JSON Schema 2020-12 meta-schema on what is a valid schema, refusing besides only keywords outside the vocabularies', () => {
    fc.assert(
      fc.property(schemas, (schema) => {
        const valid = (ajv.validateSchema(schema as object) as boolean) && !holdsUnknownKeyword(schema)
        expect(problemsOf(schema).length === 0, JSON.stringify(schema)).toBe(valid)
      }),
      {numRuns: 2000},
    )
  })

  it.each([
    {given: {minimum: 'x'}, want: [{pointer: '/s/minimum', message: '`minimum` must be a number, found a string "x". Fix this Schema Object (JSON Schema 2020-12).'}]},
    {given: {pattern: '^[a-z]+$'}, want: []},
    {given: {pattern: '(unclosed'}, want: [{pointer: '/s/pattern', message: expect.stringContaining('is not a valid regular expression (ECMA-262, unicode mode)')}]},
    // Valid outside unicode mode, but schema validators compile patterns in unicode mode.
    {given: {pattern: '\\-'}, want: [{pointer: '/s/pattern', message: expect.stringContaining('is not a valid regular expression')}]},
    {given: {patternProperties: {'^x-': true, '(': {}}}, want: [{pointer: '/s/patternProperties/(', message: expect.stringContaining('not a valid regular expression')}]},
    // Valid, but with no linear-time match: docs/profile.md#schemas-and-ref.
    {
      given: {pattern: '^(?=.*\\d)[a-z\\d]+$'},
      want: [{pointer: '/s/pattern', message: '`pattern` "^(?=.*\\\\d)[a-z\\\\d]+$" uses a lookahead `(?=`, which tama-dex cannot check in linear time; rewrite it without lookaround or backreferences. Fix this Schema Object (JSON Schema 2020-12).'}],
    },
    {given: {patternProperties: {'^(a)\\1$': {}}}, want: [{pointer: '/s/patternProperties/^(a)\\1$', message: expect.stringContaining('uses a backreference `\\1`')}]},
    {
      given: {properties: {a: {pattern: 'x{1000}'.repeat(60)}, b: {pattern: 'y{1000}'.repeat(60)}, c: {pattern: 'x{1000}'.repeat(60)}}},
      want: [{pointer: '/s/properties/b/pattern', message: expect.stringContaining("taking the document's distinct patterns past their limit of 100000 positions")}],
    },
    {given: {$ref: '#/components/schemas/A'}, want: []},
    {given: {$ref: '#/components/schemas/Missing'}, want: [{pointer: '/s/$ref', message: expect.stringContaining('points to nothing in this document')}]},
    {given: {$ref: 'other.json#/A'}, want: [{pointer: '/s/$ref', message: expect.stringContaining('points outside this document')}]},
    {given: {$ref: '#/paths/~1a~1{id}'}, want: []},
    {given: {$ref: '#/paths/~1a~1%7Bid%7D'}, want: []},
    {given: {$ref: '#/paths/%zz'}, want: [{pointer: '/s/$ref', message: expect.stringContaining('has malformed percent-encoding')}]},
    {given: {$schema: 'https://json-schema.org/draft/2020-12/schema'}, want: []},
    {given: {$schema: 'https://spec.openapis.org/oas/3.1/dialect/base'}, want: []},
    {given: {$schema: 'http://json-schema.org/draft-07/schema#'}, want: [{pointer: '/s/$schema', message: expect.stringContaining('must be https://json-schema.org/draft/2020-12/schema or')}]},
    {given: {items: [{type: 'string'}]}, want: [{pointer: '/s/items', message: expect.stringContaining('must be an object or a boolean, found an array')}]},
    {given: {properties: {a: {type: 'string', example: 1, 'x-go-name': 'A'}}, discriminator: {propertyName: 'a'}, xml: {name: 'a'}, externalDocs: {url: 'https://example.com'}}, want: []},
    {given: {const: {$ref: 'not a reference'}, enum: [{$ref: 'data'}], default: {$ref: 'data'}, examples: [{$ref: 'data'}]}, want: []},
    {given: {dependencies: {a: ['b', 'c'], d: {required: ['e']}}}, want: []},
  ])('$given', ({given, want}) => {
    expect(problemsOf(given, {components: {schemas: {A: {type: 'string'}}}, paths: {'/a/{id}': {}}})).toEqual(want)
  })

  it.each([
    {given: {type: 'object', $async: true}, at: '/s/$async', says: 'as Ajv does `$async`'},
    {given: {type: 'string', nullable: true}, at: '/s/nullable', says: '`nullable` is OpenAPI 3.0'},
    {given: {properties: {a: {minimun: 1}}}, at: '/s/properties/a/minimun', says: 'not a keyword of JSON Schema 2020-12'},
    {given: {$dynamicRef: 'https://example.com/meta#node'}, at: '/s/$dynamicRef', says: 'dynamic references are not supported'},
    {given: {items: {$recursiveRef: '#'}}, at: '/s/items/$recursiveRef', says: 'dynamic references are not supported'},
    {given: {$recursiveAnchor: true}, at: '/s/$recursiveAnchor', says: 'dynamic anchors'},
    {given: {$id: 'https://example.com/s', properties: {a: {$ref: '#/components/schemas/A'}}}, at: '/s/$id', says: 'resolve against it'},
  ])('refuses the keyword at $at', ({given, at, says}) => {
    expect(problemsOf(given, {components: {schemas: {A: {type: 'string'}}}})).toEqual([{pointer: at, message: expect.stringContaining(says)}])
  })

  it.each([
    {name: 'a schema that is only a $ref to itself', schemas: {A: {$ref: '#/components/schemas/A'}}, at: '/components/schemas/A/$ref'},
    {name: 'allOf holding a $ref to itself', schemas: {A: {allOf: [{$ref: '#/components/schemas/A'}]}}, at: '/components/schemas/A/allOf/0/$ref'},
    {name: 'two schemas referring to each other through anyOf and not', schemas: {A: {anyOf: [{$ref: '#/components/schemas/B'}]}, B: {not: {$ref: '#/components/schemas/A'}}}, at: '/components/schemas/B/not/$ref'},
    {name: 'if/then/else and dependentSchemas', schemas: {A: {if: {dependentSchemas: {x: {$ref: '#/components/schemas/A'}}}}}, at: '/components/schemas/A/if/dependentSchemas/x/$ref'},
  ])('refuses $name: validating would never finish', ({schemas, at}) => {
    expect(problemsOf({$ref: '#/components/schemas/A'}, {components: {schemas}})).toEqual([{pointer: at, message: expect.stringContaining('without moving to a property or an item')}])
  })

  it('accepts recursion that moves into the value, however the schemas share subschemas', () => {
    const schemas = {
      Node: {type: 'object', properties: {left: {$ref: '#/components/schemas/Node'}, right: {$ref: '#/components/schemas/Node'}}, additionalProperties: {anyOf: [{$ref: '#/components/schemas/Node'}, {type: 'string'}]}},
      List: {type: 'array', items: {$ref: '#/components/schemas/List'}, contains: {allOf: [{$ref: '#/components/schemas/Node'}]}},
    }
    expect(problemsOf({anyOf: [{$ref: '#/components/schemas/Node'}, {$ref: '#/components/schemas/List'}]}, {components: {schemas}})).toEqual([])
  })

  it('refuses a schema applying more subschemas to one value than the limit, at the innermost schema past it', () => {
    // Each level applies itself, both anyOf entries and twice the next level: S10 applies 1,
    // S9 5, ... S3 509, S2 1021, past the limit of 1000; S1 and S0 are past it only through S2.
    const schemas: Record<string, unknown> = {S10: {type: 'string'}}
    for (let level = 9; level >= 0; level--) schemas[`S${level}`] = {anyOf: [{$ref: `#/components/schemas/S${level + 1}`}, {$ref: `#/components/schemas/S${level + 1}`}]}
    expect(problemsOf({$ref: '#/components/schemas/S0'}, {components: {schemas}})).toEqual([
      {pointer: '/components/schemas/S2', message: expect.stringContaining(`applies more than ${LIMITS.inPlaceApplications} subschemas to it`)},
    ])
    expect(problemsOf({$ref: '#/components/schemas/S3'}, {components: {schemas}})).toEqual([])
  })

  it('walks a chain of 20,000 references without deepening the stack, and still reports at its end, and where it first goes too deep to compile', () => {
    const schemas: Record<string, unknown> = {}
    for (let i = 0; i < 20_000; i++) schemas[`S${i}`] = {type: 'object', properties: {next: {$ref: `#/components/schemas/S${i + 1}`}}, items: {$ref: `#/components/schemas/S${i + 1}`}}
    schemas.S20000 = {minLength: -1}
    // Each link is two levels: the schema, and the subschema whose `$ref` leads to the next.
    const innermost = 20_000 - LIMITS.referenceDepth / 2
    expect(problemsOf({$ref: '#/components/schemas/S0'}, {components: {schemas}})).toEqual([
      {pointer: `/components/schemas/S${innermost}`, message: expect.stringContaining(`more than ${LIMITS.referenceDepth} schemas deep`)},
      {pointer: '/components/schemas/S20000/minLength', message: expect.stringContaining('must be a non-negative integer')},
    ])
  })

  it('checks a schema reached through a $ref once, however often it is referenced, and survives cycles', () => {
    const document = {components: {schemas: {Loop: {properties: {self: {$ref: '#/components/schemas/Loop'}, bad: {minLength: -1}}}}}}
    const schema = {allOf: [{$ref: '#/components/schemas/Loop'}, {$ref: '#/components/schemas/Loop'}]}
    expect(problemsOf(schema, document)).toEqual([{pointer: '/components/schemas/Loop/properties/bad/minLength', message: expect.stringContaining('must be a non-negative integer')}])
  })
})
