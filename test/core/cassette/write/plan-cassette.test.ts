import {readFileSync} from 'node:fs'

import {describe, expect, it} from 'vitest'

import {sha256Hex} from '../../../../src/core/cassette/format/canonical-json.js'
import {planCassette} from '../../../../src/core/cassette/write/plan-cassette.js'
import {LIMITS, type OperationRecord, checkDocument, readDocumentFile} from '../../../../src/core/profile/index.js'
import {type StoredRecord, readStoredRecord} from '../../../../src/core/profile/stored-record.js'
import {searchRowsOf} from '../../../../src/core/search/index.js'
import {PROJECT_ROOT} from '../../../helpers/cli.js'
import {fixture, fixtureDocuments, tamaError} from '../cassette-kit.js'

describe('planCassette', () => {
  it('orders documents by SHA-256 and operations by id, whatever order and names they come with', () => {
    const [pets, store] = fixtureDocuments('pets.yaml', 'store.json')
    const forward = planCassette({name: 'pets', version: '1.2.0', documents: [pets!, store!]})
    const backward = planCassette({name: 'pets', version: '1.2.0', documents: [{...store!, source: 'elsewhere/store.json'}, pets!]})
    expect(backward).toEqual(forward)
    expect(forward.documents.map((document) => document.sha256)).toEqual(forward.documents.map((document) => document.sha256).sort())
    expect(forward.operations.map((row) => [row.id, row.operationId])).toEqual([
      [1, 'orders_get'],
      [2, 'orders_list'],
      [3, 'pets_create'],
      [4, 'pets_delete'],
      [5, 'pets_list'],
    ])
    expect(forward.meta).toMatchObject({format: 'tama-cassette/1', name: 'pets', version: '1.2.0', profile: 'tama-operations/1', documents: 2, operations: 5})
  })

  // Input properties in parameter order (`name`, then `body`) once gave other field terms than the stored, key-sorted record.
  it('carries the search rows a host derives again from its stored records', async () => {
    const incus = {source: 'incus.yaml', document: await readDocumentFile(`${PROJECT_ROOT}/examples/incus.yaml`)}
    const plan = planCassette({name: 'incus', version: '1.0.0', documents: [incus]})
    const stored = plan.operations.map((row) => readStoredRecord(JSON.parse(row.record) as StoredRecord) as OperationRecord)
    expect(searchRowsOf('incus', stored)).toEqual(plan.searchRows)
  })

  it('embeds each document as canonical JSON with its SHA-256, whatever its formatting', () => {
    const [store] = fixtureDocuments('store.json')
    const document = planCassette({name: 'store', version: '0.3.0', documents: [store!]}).documents[0]!
    expect(document.json).toBe(JSON.stringify(JSON.parse(readFileSync(fixture('store.json'), 'utf8')), sortedKeys))
    expect(document).toMatchObject({id: 1, sha256: sha256Hex(document.json), title: 'Store', version: '0.3.0'})
  })

  it.each([
    {given: {name: 'Pets', version: '1.0.0'}, want: /Cassette name "Pets" is not allowed/},
    {given: {name: '1pets', version: '1.0.0'}, want: /Cassette name "1pets"/},
    {given: {name: 'pets-store', version: '1.0.0'}, want: /Cassette name "pets-store"/},
    {given: {name: 'p'.repeat(65), version: '1.0.0'}, want: /Cassette name/},
    {given: {name: 'pets', version: '1.0'}, want: /Cassette version "1.0" is not a semantic version/},
    {given: {name: 'pets', version: 'v1.0.0'}, want: /Cassette version "v1.0.0"/},
    {given: {name: 'pets', version: '01.0.0'}, want: /Cassette version "01.0.0"/},
    {given: {name: 'pets', version: `1.0.0-${'a'.repeat(200)}`}, want: /at most 128 characters/},
  ])('refuses name $given.name and version $given.version as a usage error', ({given, want}) => {
    const documents = fixtureDocuments('store.json')
    expect(tamaError(() => planCassette({...given, documents}))).toMatchObject({kind: 'usage', message: expect.stringMatching(want)})
  })

  it('accepts the longest name and a full semantic version', () => {
    const documents = fixtureDocuments('store.json')
    expect(planCassette({name: `p${'_'.repeat(63)}`, version: '1.0.0-rc.1+build.5', documents}).meta).toMatchObject({name: `p${'_'.repeat(63)}`, version: '1.0.0-rc.1+build.5'})
  })

  it('needs at least one document', () => {
    expect(tamaError(() => planCassette({name: 'pets', version: '1.0.0', documents: []}))).toMatchObject({kind: 'usage', message: /at least one document/})
  })

  it.each([
    {
      given: ['pets.yaml', 'pets-collision.yaml'],
      want: [
        {
          source: expect.stringMatching(/^pets(-collision)?\.yaml$/),
          pointer: expect.stringMatching(/^\/paths\/~1(pets|animals)\/get\/operationId$/),
          message: expect.stringMatching(/^operationId "pets_list" is also used by pets(-collision)?\.yaml at \/paths\/~1(pets|animals)\/get: operation ids must be unique/),
        },
      ],
    },
    {given: ['store.json', 'store.json'], want: [{source: 'store.json', pointer: '', message: 'is the same document as store.json: give each document once.'}]},
  ])('reports a conflict between documents: $given', ({given, want}) => {
    const error = tamaError(() => planCassette({name: 'pets', version: '1.0.0', documents: fixtureDocuments(...given)}))
    expect(error.kind).toBe('invalid_document')
    expect(error.problems).toEqual(want)
  })

  it('names the path key with its #fragment where an operationId is used twice, not the key of the path it calls', () => {
    const document = (title: string, key: string) => ({
      openapi: '3.1.0',
      'x-tama-profile': 'tama-operations/1',
      info: {title, version: '1'},
      paths: {
        '/files/{id}': {put: {operationId: `${title}_update`, summary: 'Update', 'x-tama-scopes': [], parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], responses: {'200': {description: 'OK'}}}},
        [key]: {put: {operationId: 'share', summary: 'Share', 'x-tama-scopes': [], parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], responses: {'200': {description: 'OK'}}}},
      },
    })
    const error = tamaError(() => planCassette({name: 'files', version: '1.0.0', documents: [{source: 'a.json', document: document('a', '/files/{id}#add_link')}, {source: 'b.json', document: document('b', '/files/{id}#share')}]}))
    expect(error.problems.map((problem) => problem.pointer)).toEqual([expect.stringMatching(/^\/paths\/~1files~1\{id\}#(add_link|share)\/put\/operationId$/)])
    expect(error.problems[0]!.message).toMatch(/is also used by [ab]\.json at \/paths\/~1files~1\{id\}#(add_link|share)\/put:/)
  })

  // The build checks the data limits while canonicalising, and checkDocument walks only a document past one.
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : {deeper: nested(depth - 1)})
  it.each([
    {given: 'a string one character too long', value: 'x'.repeat(LIMITS.stringLength + 1), at: '/info/x-long'},
    {given: 'a key one character too long', value: {['k'.repeat(LIMITS.stringLength + 1)]: 1}, at: '/info/x-long'},
    {given: 'objects nested one level too deep', value: nested(LIMITS.depth), at: `/info/x-long${'/deeper'.repeat(LIMITS.depth - 2)}`},
  ])('refuses $given with the problem checkDocument reports', ({value, at}) => {
    const [store] = fixtureDocuments('store.json')
    const document = structuredClone(store!.document) as {info: Record<string, unknown>}
    document.info['x-long'] = value
    const {problems} = checkDocument(document, {source: store!.source})
    expect(problems).toEqual([expect.objectContaining({pointer: at})])
    expect(tamaError(() => planCassette({name: 'store', version: '1.0.0', documents: [{...store!, document}]}))).toMatchObject({kind: 'invalid_document', problems})
  })

  it('reports every problem of every document at once', () => {
    const given = ['invalid-scopes.yaml', 'store.json', 'invalid-operation-id.yaml']
    const error = tamaError(() => planCassette({name: 'pets', version: '1.0.0', documents: fixtureDocuments(...given)}))
    expect(error.kind).toBe('invalid_document')
    expect([...new Set(error.problems.map((problem) => problem.source))].sort()).toEqual(['invalid-operation-id.yaml', 'invalid-scopes.yaml'])
  })

  it.each([
    {given: Number.NaN, want: {pointer: '/info/x', message: 'is NaN, not a JSON number: a document must be plain JSON data.'}},
    {given: [1, () => 1], want: {pointer: '/info/x/1', message: 'is a function, not JSON data: a document must be plain JSON data.'}},
    {given: {'a/b': 10n}, want: {pointer: '/info/x/a~1b', message: 'is a bigint, not JSON data: a document must be plain JSON data.'}},
  ])('locates a value that is not JSON data: $want.pointer', ({given, want}) => {
    const document = {openapi: '3.1.0', info: {title: 'Generated', version: '1', x: given}}
    const error = tamaError(() => planCassette({name: 'pets', version: '1.0.0', documents: [{source: 'gen.mjs#doc', document}]}))
    expect(error.problems).toEqual([{source: 'gen.mjs#doc', ...want}])
  })
})

// A replacer that writes object keys in sorted order: an independent way to get the
// canonical form of a document with no special numbers or strings.
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
}
