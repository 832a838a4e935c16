import {beforeAll, describe, expect, it} from 'vitest'

import {type AdoptResult, adoptDocument} from '../../../../src/core/adopt/index.js'
import {adoptFixture, at} from '../adopt-fixture.js'

let adopted: AdoptResult

beforeAll(async () => {
  adopted = await adoptFixture('operation-ids.yaml')
})

describe('operationIds', () => {
  it.each([
    // Valid ids keep their name, the first of a duplicate included.
    {given: '/paths/~1items~1{id}/get', want: 'get_items'},
    {given: '/paths/~1items~1{id}/delete', want: 'create_item'},
    // Missing: generated from method and path; taken: suffixed.
    {given: '/paths/~1items/get', want: 'get_items_2'},
    {given: '/paths/~11.0~1instances~1{name}?recursion=1/get', want: 'get_1.0_instances_name_recursion_1'},
    // Invalid: rewritten; taken after rewriting: suffixed.
    {given: '/paths/~1items/post', want: 'create_item_2'},
    {given: '/paths/~1items~1{id}/put', want: '_9lives'},
    {given: '/paths/~1cafés/get', want: 'cafe-list'},
    {given: '/paths/~1numbers/get', want: '_42'},
    // A duplicate of a valid id.
    {given: '/paths/~1items~1{id}/patch', want: 'get_items_3'},
  ])('$given gets $want', ({given, want}) => {
    expect(at(adopted.document, `${given}/operationId`)).toBe(want)
  })

  it('reports every rename with its pointer, and counts generated ids', () => {
    expect(adopted.report.generatedIds).toBe(2)
    expect(adopted.report.renamedIds).toStrictEqual([
      {pointer: '/paths/~1items/post/operationId', from: 'create item!', to: 'create_item_2'},
      {pointer: '/paths/~1items~1{id}/put/operationId', from: '9lives', to: '_9lives'},
      {pointer: '/paths/~1items~1{id}/patch/operationId', from: 'get_items', to: 'get_items_3'},
      {pointer: '/paths/~1cafés/get/operationId', from: 'café-list', to: 'cafe-list'},
      {pointer: '/paths/~1numbers/get/operationId', from: '42', to: '_42'},
    ])
  })

  it('cuts an id to 128 characters, leaving room for a suffix', async () => {
    const long = 'x'.repeat(130)
    const item = {summary: 'Long', operationId: long, responses: {'200': {description: 'OK'}}}
    const input = {openapi: '3.0.3', info: {title: 'Long', version: '1'}, paths: {'/a': {get: item}, '/b': {get: item}}}
    const {document} = await adoptDocument(input, {defaultScopes: []})
    expect(at(document, '/paths/~1a/get/operationId')).toBe('x'.repeat(128))
    expect(at(document, '/paths/~1b/get/operationId')).toBe(`${'x'.repeat(126)}_2`)
  })
})
