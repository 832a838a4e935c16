import {describe, expect, it} from 'vitest'

import {adoptDocument} from '../../../../src/core/adopt/index.js'
import {validateDocument} from '../../../../src/core/profile/index.js'

const OBJECT = {type: 'object', properties: {name: {type: 'string'}, metadata: {type: 'object'}}}

/** A 3.0 description with one operation whose request body has `content`. */
function description(content: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: {title: 'Bodies', version: '1'},
    paths: {'/things': {post: {operationId: 'things_post', summary: 'Add a thing', requestBody: {content}, responses: {200: {description: 'OK'}}}}},
  }
}

describe('adopting request bodies', () => {
  it.each<{name: string; given: Record<string, unknown>; want: {contentType: string; encoding?: Record<string, unknown>}}>([
    {name: 'keeps a JSON body', given: {'application/json': {schema: OBJECT}}, want: {contentType: 'application/json'}},
    {name: 'prefers JSON to a form', given: {'application/x-www-form-urlencoded': {schema: OBJECT}, 'application/json': {schema: OBJECT}}, want: {contentType: 'application/json'}},
    {name: 'offers a body that accepts anything as JSON', given: {'*/*': {schema: OBJECT}}, want: {contentType: 'application/json'}},
    {
      name: 'keeps a form body with its deepObject fields',
      given: {'application/x-www-form-urlencoded': {schema: OBJECT, encoding: {metadata: {style: 'deepObject', explode: true}}}},
      want: {contentType: 'application/x-www-form-urlencoded', encoding: {metadata: {style: 'deepObject', explode: true, contentType: null, binary: false}}},
    },
    {
      name: 'keeps a multipart body, a binary field as a file part',
      given: {'multipart/form-data': {schema: {type: 'object', properties: {file: {type: 'string', format: 'binary'}}}}},
      // Conversion to 3.1 writes `format: binary` as `contentMediaType: application/octet-stream`.
      want: {contentType: 'multipart/form-data', encoding: {file: {style: 'form', explode: true, contentType: 'application/octet-stream', binary: true}}},
    },
  ])('$name, so the operation takes it as input', async ({given, want}) => {
    const adopted = await adoptDocument(description(given), {defaultScopes: []})
    expect(adopted.warnings).toStrictEqual([])
    const [operation] = validateDocument(adopted.document).operations
    expect(operation!.body).toStrictEqual({mode: 'input', required: false, ...want})
  })

  it.each<{name: string; given: Record<string, unknown>; want: string}>([
    {name: 'an octet stream', given: {'application/octet-stream': {schema: {type: 'string', format: 'binary'}}}, want: 'the request body is application/octet-stream, where a profile input carries JSON and form bodies only; it was dropped'},
    {name: 'a form that is not an object', given: {'application/x-www-form-urlencoded': {schema: {type: 'string'}}}, want: 'its schema is not an object schema'},
    {
      name: 'a form field in a style tama-dex does not write',
      given: {'application/x-www-form-urlencoded': {schema: OBJECT, encoding: {name: {style: 'pipeDelimited'}}}},
      want: 'the request body (application/x-www-form-urlencoded) cannot be sent as a form: Style "pipeDelimited" is not supported',
    },
  ])('drops $name with a warning, and keeps the operation', async ({given, want}) => {
    const adopted = await adoptDocument(description(given), {defaultScopes: []})
    expect(adopted.warnings).toStrictEqual([{kind: 'request-body-dropped', pointer: '/paths/~1things/post/requestBody', operation_id: 'things_post', message: expect.stringContaining(want)}])
    const [operation] = validateDocument(adopted.document).operations
    expect({operationId: operation!.operationId, body: operation!.body}).toStrictEqual({operationId: 'things_post', body: null})
  })
})
