import {describe, expect, it} from 'vitest'

import {validateDocument} from '../../../src/core/profile/index.js'
import {diffOperations} from '../../../src/core/release/index.js'

/** The records of a one-operation document whose form body has `encoding`. */
function records(contentType: string, encoding: Record<string, unknown>) {
  const schema = {type: 'object', properties: {metadata: {type: 'object'}, tags: {type: 'array', items: {type: 'string'}}}}
  return validateDocument({
    openapi: '3.1.0',
    'x-tama-profile': 'tama-operations/1',
    info: {title: 'Forms', version: '1'},
    'x-tama-scopes': [],
    paths: {'/things': {post: {operationId: 'things_post', summary: 'Add a thing', requestBody: {content: {[contentType]: {schema, encoding}}}}}},
  }).operations
}

const FORM = 'application/x-www-form-urlencoded'

describe('diffOperations on form bodies', () => {
  it.each([
    {name: 'a field written in another style', given: {after: [FORM, {metadata: {style: 'deepObject'}}]}, want: 'request body fields written differently: metadata'},
    {name: 'fields written differently', given: {after: [FORM, {tags: {explode: false}, metadata: {style: 'deepObject'}}]}, want: 'request body fields written differently: metadata, tags'},
    {name: 'another form media type', given: {after: ['multipart/form-data', {}]}, want: 'request body: the whole input as application/x-www-form-urlencoded → the whole input as multipart/form-data'},
  ] as const)('reports $name as a breaking binding change', ({given, want}) => {
    const diff = diffOperations(records(FORM, {}), records(...(given.after as [string, Record<string, unknown>])))
    expect(diff.changed.flatMap((operation) => operation.changes.map((change) => [change.kind, change.breaking, change.detail]))).toEqual([['binding_changed', true, want]])
  })

  it('reports nothing when the encoding says the same in other words', () => {
    const diff = diffOperations(records(FORM, {metadata: {style: 'deepObject', explode: true}}), records(FORM, {metadata: {explode: true, style: 'deepObject', contentType: 'text/plain'}}))
    expect(diff.identical).toBe(true)
  })
})
