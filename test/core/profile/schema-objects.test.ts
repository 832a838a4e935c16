import {Ajv2020} from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {RefResolver} from '../../../src/core/profile/ref-resolver.js'
import {SchemaObjectChecker} from '../../../src/core/profile/schema-objects.js'

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
  ...['$id', '$anchor', '$dynamicAnchor', '$comment', '$vocabulary', 'discriminator', 'xml', 'example', 'x-extra'],
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

describe('SchemaObjectChecker', () => {
  it('agrees with the JSON Schema 2020-12 meta-schema on what is a valid schema', () => {
    fc.assert(
      fc.property(schemas, (schema) => {
        expect(problemsOf(schema).length === 0, JSON.stringify(schema)).toBe(ajv.validateSchema(schema as object) as boolean)
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
    {given: {properties: {a: {type: 'string', nullable: true, example: 1, 'x-go-name': 'A'}}, discriminator: {propertyName: 'a'}}, want: []},
    {given: {const: {$ref: 'not a reference'}, enum: [{$ref: 'data'}], default: {$ref: 'data'}, examples: [{$ref: 'data'}]}, want: []},
    {given: {dependencies: {a: ['b', 'c'], d: {required: ['e']}}}, want: []},
  ])('$given', ({given, want}) => {
    expect(problemsOf(given, {components: {schemas: {A: {type: 'string'}}}, paths: {'/a/{id}': {}}})).toEqual(want)
  })

  it('checks a schema reached through a $ref once, however often it is referenced, and survives cycles', () => {
    const document = {components: {schemas: {Loop: {properties: {self: {$ref: '#/components/schemas/Loop'}, bad: {minLength: -1}}}}}}
    const schema = {allOf: [{$ref: '#/components/schemas/Loop'}, {$ref: '#/components/schemas/Loop'}]}
    expect(problemsOf(schema, document)).toEqual([{pointer: '/components/schemas/Loop/properties/bad/minLength', message: expect.stringContaining('must be a non-negative integer')}])
  })
})
