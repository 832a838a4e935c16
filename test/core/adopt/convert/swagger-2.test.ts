import {beforeAll, describe, expect, it} from 'vitest'

import type {AdoptResult} from '../../../../src/core/adopt/index.js'
import {adoptFixture, at} from '../adopt-fixture.js'

let adopted: AdoptResult

beforeAll(async () => {
  adopted = await adoptFixture('swagger-2.yaml', {readScopes: ['pets.read'], writeScopes: ['pets.write']})
})

describe('Swagger 2.0 becomes OpenAPI 3.1', () => {
  it.each([
    {given: '/openapi', want: '3.1.0'},
    {given: '/swagger', want: undefined},
    {given: '/servers', want: [{url: '/v1'}]},
    // A body parameter becomes a JSON request body.
    {
      given: '/paths/~1pets/post/requestBody',
      want: {required: true, content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}}}},
    },
    // Parameter types become schemas, then 3.1 bounds.
    {given: '/paths/~1pets/get/parameters/0/schema', want: {type: 'integer', exclusiveMinimum: 1}},
    {given: '/paths/~1pets/get/responses/200/content/application~1json/schema/items', want: {$ref: '#/components/schemas/Pet'}},
    // definitions become components, x-nullable a type array.
    {given: '/components/schemas/Pet/properties/owner', want: {type: ['string', 'null']}},
    // A path key with a fixed query string keeps its operation under its own key.
    {given: '/paths/~1pets?recursion=1/get/operationId', want: 'list_pets_recursion1'},
    // formData parameters: the operation stays, without its non-JSON body.
    // formData parameters become a form body, a file one a binary part.
    {
      given: '/paths/~1pets~1{id}~1photo/put/requestBody',
      want: {content: {'multipart/form-data': {schema: {type: 'object', properties: {photo: {type: 'string', contentMediaType: 'application/octet-stream'}}}}}},
    },
    {given: '/paths/~1pets~1{id}~1photo/put/operationId', want: 'upload_photo'},
    {given: '/paths/~1pets~1{id}~1name/put/requestBody', want: {content: {'application/x-www-form-urlencoded': {schema: {type: 'object', properties: {name: {type: 'string'}}}}}}},
    // A definition named as a response becomes a response with that schema.
    {given: '/paths/~1pets/post/responses/202', want: {description: 'Pet', content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}}}}},
  ])('$given', ({given, want}) => {
    expect(at(adopted.document, given)).toStrictEqual(want)
  })

  it('keeps every operation', () => {
    expect(adopted.report).toMatchObject({from: '2.0', operationsIn: 5, operations: 5})
  })

  it('warns that a schema named as a response became one', () => {
    expect(adopted.warnings.filter((warning) => warning.operation_id === 'create_pet')).toStrictEqual([
      {kind: 'reference-repaired', pointer: '/paths/~1pets/post/responses/202', operation_id: 'create_pet', message: expect.stringContaining('names a schema, not a response')},
    ])
  })

  it.each(['upload_photo', 'rename_pet'])('keeps the form body of %s without a warning', (operation) => {
    expect(adopted.warnings.filter((warning) => warning.operation_id === operation)).toStrictEqual([])
  })
})
