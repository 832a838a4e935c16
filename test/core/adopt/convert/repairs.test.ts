import {beforeAll, describe, expect, it} from 'vitest'

import type {AdoptResult} from '../../../../src/core/adopt/index.js'
import {SchemaValidator} from '../../../../src/core/execute/schema-validator.js'
import {validateDocument} from '../../../../src/core/profile/index.js'
import type {JsonSchema} from '../../../../src/core/profile/operation-record.js'
import {adoptFixture, at} from '../adopt-fixture.js'

let adopted: AdoptResult

beforeAll(async () => {
  adopted = await adoptFixture('repairs.yaml')
})

describe('what no profile document may hold is repaired, with a warning each', () => {
  it.each([
    {given: '/components/schemas/BadPattern', want: {type: 'string'}},
    {given: '/components/schemas/BadPatternProperties', want: {type: 'object', patternProperties: {'^[a-z]+$': {type: 'string'}}}},
    {given: '/components/schemas/SlowPattern', want: {type: 'string'}},
    // Properties the dropped key matched fall to additionalProperties, which accepts them as the key did.
    {given: '/components/schemas/SlowPatternKeys', want: {type: 'object', patternProperties: {'^x-': {type: 'string'}}, additionalProperties: {type: 'integer'}}},
    {given: '/components/schemas/SlowPatternKeysOpen', want: {type: 'object', patternProperties: {}, additionalProperties: {anyOf: [{type: 'integer'}, {type: 'boolean'}]}}},
    {given: '/components/schemas/ExternalRef', want: {}},
    {given: '/components/schemas/DanglingRef', want: {}},
    {given: '/paths/~1external/get/parameters', want: [{name: 'q', in: 'query', schema: {}}]},
    {given: '/paths/~1external/get/responses/200', want: {description: expect.stringContaining('common.yaml#/responses/Ok')}},
  ])('$given', ({given, want}) => {
    expect(at(adopted.document, given)).toStrictEqual(want)
  })

  it.each([
    {pointer: '/paths/~1external/get/parameters/0', message: 'points outside this document'},
    {pointer: '/paths/~1external/get/parameters/1/schema/$ref', message: 'points outside this document'},
    {pointer: '/paths/~1external/get/parameters/2', message: 'leads nowhere'},
    {pointer: '/paths/~1external/get/responses/200', message: 'replaced by a response that only says so'},
    {pointer: '/components/schemas/BadPattern/pattern', message: 'not a valid regular expression'},
    {pointer: '/components/schemas/BadPatternProperties/patternProperties/(', message: 'not a valid regular expression'},
    {pointer: '/components/schemas/SlowPattern/pattern', message: 'uses a negative lookahead `(?!`, which tama-dex cannot check in linear time; rewrite it without lookaround or backreferences; the pattern was removed.'},
    {pointer: '/components/schemas/SlowPatternKeys/patternProperties/^(\\w)\\1$', message: 'uses a backreference `\\1`, which tama-dex cannot check in linear time; rewrite it without lookaround or backreferences; the entry was removed: properties it matched are left to "additionalProperties", widened to also accept what the entry accepted.'},
    {pointer: '/components/schemas/SlowPatternKeysOpen/patternProperties/(?<=a)b', message: 'uses a lookbehind `(?<=`'},
    {pointer: '/components/schemas/ExternalRef/$ref', message: 'now accepts any value'},
    {pointer: '/components/schemas/DanglingRef/$ref', message: 'leads nowhere'},
  ])('warns at $pointer', ({pointer, message}) => {
    const found = adopted.warnings.filter((warning) => warning.pointer === pointer)
    expect(found).toHaveLength(1)
    expect(found[0]!.message).toContain(message)
    if (pointer.startsWith('/paths/')) expect(found[0]!.operation_id).toBe('external_refs')
  })

  it('warns about nothing else', () => {
    expect(adopted.warnings).toHaveLength(11)
  })

  it('gives a document that validates, whose repaired schemas accept what the input accepted', () => {
    expect(() => validateDocument(adopted.document)).not.toThrow()
    const validator = new SchemaValidator()
    expect(validator.matches(at(adopted.document, '/components/schemas/SlowPatternKeys') as JsonSchema, {aa: 1, 'x-b': 'b'})).toBe(true)
    expect(validator.matches(at(adopted.document, '/components/schemas/SlowPatternKeysOpen') as JsonSchema, {ab: 1, c: true})).toBe(true)
  })
})
