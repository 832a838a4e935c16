import {describe, expect, it} from 'vitest'

import {adoptDocument} from '../../../../src/core/adopt/index.js'
import {type OperationRecord, readDocumentFile, validateDocument} from '../../../../src/core/profile/index.js'
import {FIXTURES, adoptFixture} from '../adopt-fixture.js'

/** The records of an adopted document, by summary. */
async function adoptedRecords(document: Record<string, unknown>): Promise<Map<string, OperationRecord>> {
  const validated = validateDocument(document, {source: 'adopted'})
  return new Map(validated.operations.map((record) => [record.summary, record]))
}

describe('adopting path keys with a #fragment (the shape of Box\'s description)', () => {
  it('keeps each operation under its own key and id, and records the path it calls without the fragment', async () => {
    const {document, warnings} = await adoptFixture('path-fragments.yaml')
    const records = await adoptedRecords(document)
    const called = Object.fromEntries([...records.values()].map((record) => [record.operationId, `${record.method} ${record.path}`]))
    expect(called).toEqual({
      get_files_id: 'get /files/{file_id}',
      put_files_id: 'put /files/{file_id}',
      put_files_id_add_shared_link: 'put /files/{file_id}',
      put_files_id_remove_shared_link: 'put /files/{file_id}',
      [records.get("Get a file's shared link")!.operationId]: 'get /files/{file_id}',
      list_all_folders: 'get /folders?recursive=1',
      get_item_view: 'get /items/{item_id}',
      search_by_name: 'get /search',
    })
    expect(records.size).toBe(8)
    expect(Object.keys(document.paths as object)).toContain('/files/{file_id}#add_shared_link')
    // One warning per operation whose key has a fragment, naming the operation and the path it calls.
    const fragments = warnings.filter((warning) => warning.kind === 'path-fragment')
    expect(fragments.map((warning) => warning.operation_id).sort()).toEqual(
      ['put_files_id_add_shared_link', 'put_files_id_remove_shared_link', records.get("Get a file's shared link")!.operationId, 'list_all_folders', 'get_item_view', 'search_by_name'].sort(),
    )
    expect(fragments.find((warning) => warning.operation_id === 'put_files_id_add_shared_link')).toEqual({
      kind: 'path-fragment',
      pointer: '/paths/~1files~1{file_id}#add_shared_link/put',
      operation_id: 'put_files_id_add_shared_link',
      message: 'the path key "/files/{file_id}#add_shared_link" has a fragment, which a URL never sends; PUT /files/{file_id}#add_shared_link keeps its key and operationId, and calls PUT /files/{file_id}.',
    })
  })

  it('matches path parameters to the path without its fragment: a {name} only in the fragment is not one', async () => {
    const {document, warnings} = await adoptFixture('path-fragments.yaml')
    const record = (await adoptedRecords(document)).get('Get an item in a view')!
    expect(record.parameters).toEqual([{name: 'item_id', in: 'path', required: true}])
    expect(Object.keys((record.inputSchema as {properties: object}).properties)).toEqual(['item_id'])
    expect(warnings).toContainEqual(expect.objectContaining({kind: 'parameter-dropped', operation_id: 'get_item_view', message: expect.stringContaining('"/items/{item_id}" has no {view}')}))
  })

  it('removes a query template before a fragment and keeps the fragment on the key', async () => {
    const {document, warnings} = await adoptFixture('path-fragments.yaml')
    expect(Object.keys(document.paths as object)).toContain('/search#by_name')
    expect(warnings).toContainEqual(expect.objectContaining({kind: 'path-rewritten', pointer: '/paths/~1search#by_name'}))
  })

  it('adopts fragments under --strict: nothing was repaired, so they stay warnings', async () => {
    const source = await readDocumentFile(`${FIXTURES}path-fragments.yaml`)
    const paths = (source as {paths: Record<string, unknown>}).paths
    for (const key of ['/items/{item_id}#{view}', '/search?query={query}#by_name']) delete paths[key]
    const {warnings} = await adoptDocument(source, {source: 'box', defaultScopes: [], strict: true})
    expect(new Set(warnings.map((warning) => warning.kind))).toEqual(new Set(['path-fragment']))
  })

  it('reads a hand-written profile document the same way: its records call the path without the fragment', () => {
    const operation = (summary: string, operationId: string) => ({operationId, summary, 'x-tama-scopes': [], responses: {'200': {description: 'OK'}}})
    const validated = validateDocument({
      openapi: '3.1.0',
      'x-tama-profile': 'tama-operations/1',
      info: {title: 't', version: '1'},
      paths: {
        '/a': {post: operation('Post a', 'post_a')},
        '/a#again': {post: operation('Post a again', 'post_a_again')},
        '/b#': {get: operation('Get b', 'get_b')},
        '/#x?y=1': {get: operation('Get root', 'get_root')},
        '/c?q=1#f#g': {get: operation('Get c', 'get_c')},
      },
    }, {source: 'hand-written'})
    expect(Object.fromEntries(validated.operations.map((record) => [record.operationId, record.path]))).toEqual({
      post_a: '/a',
      post_a_again: '/a',
      get_b: '/b',
      get_root: '/',
      get_c: '/c?q=1',
    })
  })

  it('refuses a path parameter whose {name} is only in a hand-written key\'s fragment', () => {
    expect(() =>
      validateDocument({
        openapi: '3.1.0',
        'x-tama-profile': 'tama-operations/1',
        info: {title: 't', version: '1'},
        paths: {'/a#{id}': {get: {operationId: 'get_a', summary: 'Get a', 'x-tama-scopes': [], parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], responses: {'200': {description: 'OK'}}}}},
      }, {source: 'hand-written'}),
    ).toThrow(/Path parameter "id" does not appear in the path "\/a"/)
  })
})
