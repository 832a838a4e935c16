import {beforeAll, describe, expect, it} from 'vitest'

import type {AdoptResult} from '../../../../src/core/adopt/index.js'
import {adoptFixture, at} from '../adopt-fixture.js'

let adopted: AdoptResult

beforeAll(async () => {
  adopted = await adoptFixture('schemas-3.0.yaml')
})

const THING = {$ref: '#/components/schemas/Thing'}

describe('OpenAPI 3.0 Schema Objects become JSON Schema 2020-12', () => {
  it.each([
    {given: 'NullableString', want: {type: ['string', 'null']}},
    {given: 'NullableEnum', want: {type: ['string', 'null'], enum: ['a', 'b', null]}},
    {given: 'NullableRef', want: {description: 'A thing or null', anyOf: [THING, {type: 'null'}]}},
    {given: 'NullableAllOf', want: {anyOf: [{allOf: [THING]}, {type: 'null'}]}},
    {given: 'NullableUntyped', want: {description: 'Anything'}},
    {given: 'NotNullable', want: {type: 'string'}},
    {given: 'XNullable', want: {type: ['integer', 'null']}},
    {given: 'ExclusiveMinimum', want: {type: 'number', exclusiveMinimum: 0}},
    {given: 'ExclusiveMaximum', want: {type: 'integer', exclusiveMaximum: 10}},
    {given: 'InclusiveBounds', want: {type: 'number', minimum: 1, maximum: 2}},
    {given: 'ExclusiveWithoutBound', want: {type: 'number'}},
    {given: 'Example', want: {type: 'string', examples: ['hello']}},
    {given: 'PropertiesNamedLikeKeywords', want: {type: 'object', properties: {example: {type: 'string'}, nullable: {type: 'boolean'}}}},
    {given: 'Byte', want: {type: 'string', contentEncoding: 'base64'}},
    {given: 'Binary', want: {type: 'string', contentMediaType: 'application/octet-stream'}},
    {given: 'FileType', want: {type: 'string', contentMediaType: 'application/octet-stream'}},
    {given: 'RequiredBoolean', want: {type: 'object', properties: {name: {type: 'string'}}}},
    {given: 'DuplicateRequired', want: {type: 'object', required: ['a', 'b']}},
    {
      given: 'Nested',
      want: {
        type: 'object',
        properties: {
          tags: {type: 'array', items: {type: ['string', 'null'], examples: ['red']}},
          size: {anyOf: [{type: 'integer', exclusiveMinimum: 1}, {type: 'string'}]},
        },
      },
    },
  ])('$given', ({given, want}) => {
    expect(at(adopted.document, `/components/schemas/${given}`)).toStrictEqual(want)
  })

  it('leaves `example` where OpenAPI 3.1 still has it: parameters and media types', () => {
    expect(at(adopted.document, '/paths/~1things/get/parameters/0/example')).toBe('big')
    expect(at(adopted.document, '/paths/~1things/get/parameters/0/schema')).toStrictEqual({type: 'string', examples: ['big']})
    expect(at(adopted.document, '/paths/~1things/get/responses/200/content/application~1json/example')).toStrictEqual({id: '1'})
  })

  it('warns about the one loss: `required: true` inside a property schema', () => {
    expect(adopted.warnings).toStrictEqual([
      {kind: 'schema-keyword-removed', pointer: '/components/schemas/RequiredBoolean/properties/name/required', message: expect.stringContaining('"required: true" inside a schema')},
    ])
  })

  it('passes OpenAPI 3.1 schemas through, removing only keywords JSON Schema 2020-12 does not have, with a warning', async () => {
    const {document, report, warnings} = await adoptFixture('openapi-3.1.yaml', {})
    expect(report.from).toBe('3.1')
    expect(document.openapi).toBe('3.1.1')
    const schema = '/paths/~1notes/get/responses/200/content/application~1json/schema'
    expect(at(document, schema)).toStrictEqual({
      type: ['array', 'null'],
      items: {type: 'string', example: 'hi'},
    })
    expect(warnings).toContainEqual(expect.objectContaining({pointer: `${schema}/items/nullable`, message: expect.stringContaining('"nullable" is not allowed in a profile document\'s Schema Object (`nullable` is OpenAPI 3.0')}))
  })
})
