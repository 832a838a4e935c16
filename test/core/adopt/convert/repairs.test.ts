import {beforeAll, describe, expect, it} from 'vitest'

import type {AdoptResult} from '../../../../src/core/adopt/index.js'
import {adoptFixture, at} from '../adopt-fixture.js'

let adopted: AdoptResult

beforeAll(async () => {
  adopted = await adoptFixture('repairs.yaml')
})

describe('what no profile document may hold is repaired, with a warning each', () => {
  it.each([
    {given: '/components/schemas/BadPattern', want: {type: 'string'}},
    {given: '/components/schemas/BadPatternProperties', want: {type: 'object', patternProperties: {'^[a-z]+$': {type: 'string'}}}},
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
    {pointer: '/components/schemas/ExternalRef/$ref', message: 'now accepts any value'},
    {pointer: '/components/schemas/DanglingRef/$ref', message: 'leads nowhere'},
  ])('warns at $pointer', ({pointer, message}) => {
    const found = adopted.warnings.filter((warning) => warning.pointer === pointer)
    expect(found).toHaveLength(1)
    expect(found[0]!.message).toContain(message)
    if (pointer.startsWith('/paths/')) expect(found[0]!.operation).toBe('external_refs')
  })

  it('warns about nothing else', () => {
    expect(adopted.warnings).toHaveLength(8)
  })
})
