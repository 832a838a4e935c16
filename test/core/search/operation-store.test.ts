import {describe, expect, it} from 'vitest'

import {compactSearchIndex, createOperationTables, deleteOperations, getOperation, insertOperations, searchOperations} from '../../../src/core/search/index.js'
import {inputFieldNames} from '../../../src/core/search/operation-store.js'
import {ALL_SCOPES, fixtureCatalogue, indexWith, record} from './catalogue.js'

const catalogue = fixtureCatalogue()

describe('getOperation', () => {
  const db = indexWith()

  it('returns the stored record as inserted', () => {
    const want = catalogue.get('github')!.find((r) => r.operationId === 'issues/create')!
    expect(getOperation(db, 'github', 'issues/create', ALL_SCOPES)).toEqual(want)
  })

  it.each([
    {given: {cassette: 'incus', id: 'secrets_get', scopes: ['incus.admin', 'incus.read']}, want: true},
    {given: {cassette: 'incus', id: 'secrets_get', scopes: ['incus.admin']}, want: false},
    {given: {cassette: 'incus', id: 'secrets_get', scopes: ['incus.read']}, want: false},
    {given: {cassette: 'incus', id: 'secrets_get', scopes: []}, want: false},
    {given: {cassette: 'incus', id: 'images_get', scopes: []}, want: true},
    {given: {cassette: 'github', id: 'images_get', scopes: ALL_SCOPES}, want: false},
    {given: {cassette: 'incus', id: 'no_such_operation', scopes: ALL_SCOPES}, want: false},
    {given: {cassette: 'incus', id: 'IMAGES_GET', scopes: ALL_SCOPES}, want: false},
  ])('needs every scope the operation names: $given', ({given, want}) => {
    expect(getOperation(db, given.cassette, given.id, given.scopes) !== undefined).toBe(want)
  })

  it('answers a forbidden operation exactly like a missing one', () => {
    expect(getOperation(db, 'incus', 'cluster_member_delete', ['incus.read'])).toStrictEqual(getOperation(db, 'incus', 'no_such', ['incus.read']))
  })
})

describe('insertOperations and deleteOperations', () => {
  it('creates its tables idempotently', () => {
    const db = indexWith()
    expect(() => createOperationTables(db)).not.toThrow()
    expect(getOperation(db, 'incus', 'images_get', [])).toBeDefined()
  })

  it('replaces a cassette inside one transaction and leaves the others alone', () => {
    const db = indexWith()
    db.transaction(() => {
      deleteOperations(db, 'incus')
      insertOperations(db, 'incus', [record({operationId: 'images_get', summary: 'Images, again', scopes: ['new.scope']})])
    })()
    expect(getOperation(db, 'incus', 'instances_get', ALL_SCOPES)).toBeUndefined()
    expect(getOperation(db, 'incus', 'images_get', [])).toBeUndefined()
    expect(getOperation(db, 'incus', 'images_get', ['new.scope'])?.summary).toBe('Images, again')
    expect(getOperation(db, 'github', 'issues/create', ALL_SCOPES)).toBeDefined()
  })

  it.each([
    {given: {storeRecords: true}, want: 2},
    {given: {storeRecords: false}, want: 0},
  ])('stores the records only when asked, and the same search rows either way: $given', ({given, want}) => {
    const records = [record({operationId: 'images_get'}), record({operationId: 'instances_get', summary: 'List the instances'})]
    const stored = indexWith(new Map())
    const rowsOnly = indexWith(new Map())
    insertOperations(stored, 'incus', records)
    insertOperations(rowsOnly, 'incus', records, given)
    expect(rowsOnly.prepare<{n: number}>('SELECT count(*) AS n FROM operation_records').get()!.n).toBe(want)
    for (const table of ['operations', 'operation_text', 'operation_terms', 'operation_name_keys', 'operation_scope_sets', 'operation_scope_members']) {
      expect(rowsOnly.prepare(`SELECT * FROM ${table}`).all()).toEqual(stored.prepare(`SELECT * FROM ${table}`).all())
    }
  })

  it('leaves no operations, terms or unused scope sets behind once every cassette is deleted', () => {
    const db = indexWith()
    for (const cassette of catalogue.keys()) deleteOperations(db, cassette)
    for (const table of ['operations', 'operation_text', 'operation_records', 'operation_terms', 'operation_name_keys', 'operation_scope_sets', 'operation_scope_members']) {
      expect(db.prepare<{n: number}>(`SELECT count(*) AS n FROM ${table}`).get()!.n).toBe(0)
    }
    expect(db.prepare<{n: number}>(`SELECT count(*) AS n FROM operations_fts WHERE operations_fts MATCH 'instanc'`).get()!.n).toBe(0)
  })

  it.each([
    {
      given: ['weather_tool', 'newsTool', 'tools-list'],
      // The cassette's size, then how many of its ids hold each id term: "tools" is "tool".
      want: {weather_tool: '3 1 3', newsTool: '3 1 3', 'tools-list': '3 3 0'},
    },
    {
      given: ['getUserById', 'users/get', 'x', 'instances_post'],
      // An id word counts once per id, however often the id repeats it; 0 marks API verbs,
      // function words and a method name ending the id, which are not name words.
      want: {getUserById: '4 0 2 0 1', 'users/get': '4 2 0', x: '4 1', instances_post: '4 1 0'},
    },
    {given: ['_'], want: {_: '1'}},
  ])('stores how many of the cassette\'s ids hold each name word, per cassette: $given', ({given, want}) => {
    const db = indexWith(new Map([['mine', given.map((operationId) => record({operationId}))]]))
    db.transaction(() => insertOperations(db, 'other', [record({operationId: 'weather_get'})]))()
    const stored = db.prepare<{operation_id: string; name_counts: string}>(
      "SELECT o.operation_id, t.name_counts FROM operations o JOIN operation_text t ON t.id = o.id WHERE o.cassette = 'mine'",
    )
    expect(Object.fromEntries(stored.all().map((row) => [row.operation_id, row.name_counts]))).toEqual(want)
    expect(db.prepare<{name_counts: string}>("SELECT name_counts FROM operation_text t JOIN operations o ON o.id = t.id WHERE o.cassette = 'other'").get()!.name_counts).toBe('1 1 0')
  })

  it('stores each operation\'s name keys, judged by its own cassette\'s ids, and deletes them with it', () => {
    // Ten of the twelve ids hold "namespace": it is common to "kube", so readNamespace is bare.
    const kube = [
      ...['pod', 'secret', 'service', 'event', 'lease', 'role', 'quota', 'limit'].map((kind) => record({operationId: `listNamespaced_${kind}`})),
      record({operationId: 'readNamespace'}),
      record({operationId: 'deleteNamespace'}),
      record({operationId: 'get_post'}),
      record({operationId: 'list'}),
    ]
    const db = indexWith(new Map([['kube', kube], ['small', [record({operationId: 'readNamespace'})]]]))
    const keys = db.prepare<{cassette: string; operation_id: string; key: string; bare: number}>(
      "SELECT o.cassette, o.operation_id, k.key, k.bare FROM operation_name_keys k JOIN operations o ON o.id = k.id WHERE o.operation_id IN ('listNamespaced_pod', 'readNamespace', 'get_post', 'list') ORDER BY 1, 2, 3",
    )
    expect(keys.all()).toEqual([
      {cassette: 'kube', operation_id: 'listNamespaced_pod', key: 'pod', bare: 0},
      {cassette: 'kube', operation_id: 'readNamespace', key: 'namespac', bare: 1},
      {cassette: 'small', operation_id: 'readNamespace', key: 'namespac', bare: 0},
    ])
    db.transaction(() => deleteOperations(db, 'kube'))()
    expect(db.prepare<{n: number}>('SELECT count(*) AS n FROM operation_name_keys').get()!.n).toBe(1)
  })

  it('keeps tags and input field names apart in their stored columns, and never counts the break between them', () => {
    const db = indexWith(new Map([['mine', [record({operationId: 'x', tags: ['storage pools', 'admin'], inputSchema: {type: 'object', properties: {created: {}, customerId: {}}}})]]]))
    expect(db.prepare<{tag_terms: string; field_terms: string}>('SELECT tag_terms, field_terms FROM operation_text').get()).toEqual({tag_terms: 'storag pool , admin', field_terms: 'creat , customer id'})
    expect(db.prepare<{term: string}>('SELECT term FROM operation_terms ORDER BY term').all().map((row) => row.term)).toEqual(['admin', 'creat', 'customer', 'id', 'pool', 'storag', 'x'])
    db.transaction(() => deleteOperations(db, 'mine'))()
    expect(db.prepare<{n: number}>('SELECT count(*) AS n FROM operation_terms').get()!.n).toBe(0)
  })

  it('refuses an operation id twice in one cassette, leaving the index as it was', () => {
    const db = indexWith()
    const twice = [record({operationId: 'same'}), record({operationId: 'same'})]
    expect(() => db.transaction(() => insertOperations(db, 'fresh', twice))()).toThrow(expect.objectContaining({kind: 'usage'}))
    expect(getOperation(db, 'fresh', 'same', [])).toBeUndefined()
  })

  it.each(['', 'Incus', '1abc', 'a-b', 'x'.repeat(65)])('refuses the cassette name %j with a usage error', (name) => {
    const db = indexWith(new Map())
    expect(() => insertOperations(db, name, [])).toThrow(expect.objectContaining({kind: 'usage'}))
    expect(() => deleteOperations(db, name)).toThrow(expect.objectContaining({kind: 'usage'}))
  })
})

describe('compactSearchIndex', () => {
  const segments = (db: ReturnType<typeof indexWith>) => db.prepare<{n: number}>('SELECT count(DISTINCT segid) AS n FROM operations_fts_idx').get()!.n

  it('merges the segments that separate writes leave into one, and search answers the same', () => {
    const db = indexWith(new Map())
    for (const [cassette, records] of catalogue) db.transaction(() => insertOperations(db, cassette, records))()
    db.transaction(() => deleteOperations(db, 'github'))()
    db.transaction(() => insertOperations(db, 'github', catalogue.get('github')!))()
    db.transaction(() => deleteOperations(db, 'github'))()
    const before = searchOperations(db, 'list instances', {scopes: ALL_SCOPES})
    expect(segments(db)).toBeGreaterThan(1)
    db.transaction(() => compactSearchIndex(db))()
    expect(segments(db)).toBe(1)
    expect(searchOperations(db, 'list instances', {scopes: ALL_SCOPES})).toEqual(before)
    expect(() => db.prepare("INSERT INTO operations_fts (operations_fts) VALUES ('integrity-check')").run()).not.toThrow()
  })
})

describe('inputFieldNames', () => {
  it.each([
    {given: {type: 'object', properties: {name: {}, project: {}}}, want: ['name', 'project']},
    {given: {type: 'object', properties: {name: {}, body: {type: 'object', properties: {config: {}, source: {}}}}}, want: ['name', 'body', 'config', 'source']},
    {given: {type: 'object', properties: {body: {$ref: '#/$defs/Body'}}, $defs: {Body: {properties: {title: {}}}}}, want: ['body', 'title']},
    {given: {$ref: '#/$defs/Pet', $defs: {Pet: {type: 'object', properties: {tag: {}}}}}, want: ['tag']},
    {given: {$ref: '#/$defs/Loop', $defs: {Loop: {$ref: '#/$defs/Loop'}}}, want: []},
    {given: {type: 'object', properties: 'nonsense'}, want: []},
    {given: true, want: []},
  ])('$given -> $want', ({given, want}) => {
    expect(inputFieldNames(given)).toEqual(want)
  })
})
