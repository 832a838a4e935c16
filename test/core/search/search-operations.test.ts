import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {deleteOperations, insertOperations, searchOperations} from '../../../src/core/search/index.js'
import {ALL_SCOPES, fixtureCatalogue, indexWith, record} from './catalogue.js'

const db = indexWith()
afterAll(() => db.close())

const top = (query: string, scopes: readonly string[] = ALL_SCOPES, limit = 10) =>
  searchOperations(db, query, {scopes, limit}).results.map((hit) => `${hit.cassette}:${hit.operation_id}`)

describe('searchOperations ranking', () => {
  it.each([
    {given: 'instance_delete', want: 'incus:instance_delete', why: 'exact operation id'},
    {given: 'INSTANCE_DELETE', want: 'incus:instance_delete', why: 'exact id, any case'},
    {given: 'issues/create', want: 'github:issues/create', why: 'exact id with a slash'},
    {given: 'list instances', want: 'incus:instances_get', why: 'words of summary and id'},
    {given: 'erase the instance', want: 'incus:instance_delete', why: 'verb synonym erase -> delete'},
    {given: 'kill the instance', want: 'incus:instance_delete', why: 'verb synonym kill -> delete'},
    {given: 'make a new instance', want: 'incus:instances_post', why: 'verb synonym make -> create'},
    {given: 'stopping the running instance', want: 'incus:instance_state_put', why: 'stemming stopping -> stop'},
    {given: 'storage pool', want: 'incus:storage_pools_get', why: 'plural/singular and split id'},
    {given: 'storag', want: 'incus:storage_pools_get', why: 'prefix of a word'},
    {given: 'create an issue with labels and assignees', want: 'github:issues/create', why: 'body field names'},
    {given: 'repositories of a user', want: 'github:repos/list-for-user', why: 'kebab-case id and summary'},
    {given: 'can you please help me get the authenticated user', want: 'github:users/get-authenticated', why: 'request padding ignored'},
    {given: 'show me the pictures', want: 'incus:images_get', why: 'related word picture -> image'},
    {given: 'back up an instance', want: 'incus:instance_backups_post', why: 'words written apart: back up -> backup'},
  ])('$why: "$given" ranks $want first', ({given, want}) => {
    expect(top(given)[0]).toBe(want)
  })

  it('ranks across cassettes in one list', () => {
    const results = top('delete', ALL_SCOPES)
    expect(new Set(results.map((id) => id.split(':')[0]))).toEqual(new Set(['incus', 'github']))
  })

  it.each([
    {given: 'delete', other: 'github'},
    {given: 'instance account', other: 'github', why: 'candidates found through related words too (account -> user)'},
    {given: 'issues/create', other: 'github', why: 'an exact operation id in a cassette not asked for'},
  ])('searches only the cassettes asked for: "$given"', ({given, other}) => {
    const from = (cassettes?: string[]) => searchOperations(db, given, {scopes: ALL_SCOPES, cassettes, limit: 50}).results.map((hit) => hit.cassette)
    expect(from()).toContain(other)
    expect(from(['incus']).length).toBeGreaterThan(0)
    expect(from(['incus']).every((cassette) => cassette === 'incus')).toBe(true)
  })

  it('describes each hit: summary, destructive, confirmation', () => {
    const [hit] = searchOperations(db, 'instance_delete', {scopes: ALL_SCOPES}).results
    expect(hit).toMatchObject({
      cassette: 'incus',
      operation_id: 'instance_delete',
      summary: 'Delete an instance',
      destructive: true,
      confirmation: {when: 'always', echo: 'name', message: 'Deleting an instance destroys its root disk and snapshots.'},
    })
    const [state] = searchOperations(db, 'instance_state_put', {scopes: ALL_SCOPES}).results
    expect(state!.confirmation).toEqual({when: 'conditional', echo: null, message: 'A forced stop may lose data.'})
  })

  it.each([
    {given: {schemas: undefined, limit: 5}, want: 3},
    {given: {schemas: 0, limit: 5}, want: 0},
    {given: {schemas: 1, limit: 5}, want: 1},
    {given: {schemas: 50, limit: 5}, want: 5},
  ])('inlines input_schema on the top results only: $given', ({given, want}) => {
    const results = searchOperations(db, 'instance', {scopes: ALL_SCOPES, ...given}).results
    expect(results.length).toBe(5)
    expect(results.map((hit) => hit.input_schema !== undefined)).toEqual(results.map((_, i) => i < want))
    const first = results[0]!
    if (want > 0) expect(first.input_schema).toEqual(fixtureCatalogue().get(first.cassette)!.find((r) => r.operationId === first.operation_id)!.inputSchema)
  })

  it.each([
    {given: {limit: 0}},
    {given: {limit: 51}},
    {given: {limit: 2.5}},
    {given: {schemas: -1}},
    {given: {scopes: 'incus.read' as unknown as string[]}},
    {given: {cassettes: 'incus' as unknown as string[]}},
  ])('refuses bad options with a usage error: $given', ({given}) => {
    expect(() => searchOperations(db, 'instance', {scopes: ALL_SCOPES, ...given})).toThrow(expect.objectContaining({kind: 'usage'}))
  })
})

describe('searchOperations long descriptions', () => {
  it('ranks an operation with pages of notes by the words of its id and summary', () => {
    // Many short operations, as in a real catalogue, and the one wanted with a long description.
    const usual = 'It answers with a page of results; pass the page and per_page parameters to read further, and an ETag to skip unchanged pages.'
    const others = Array.from({length: 40}, (_, i) => record({operationId: `widgets/get-${i}`, summary: `Get widget ${i}`, description: `Returns one widget. ${usual}`}))
    const notes = Array.from({length: 60}, (_, i) => `Note ${i}: drafts, billing plans and rate limits apply to organisations.`).join(' ')
    const catalogue = indexWith(new Map([['github', [
      ...others,
      record({operationId: 'pulls/list', summary: 'List pull requests', description: `Lists pull requests in a repository. ${usual} ${notes}`}),
      record({operationId: 'pulls/list-files', summary: 'List pull request files', description: `Lists the files of a pull request. ${usual}`}),
      record({operationId: 'pull-request-stacks/list', summary: 'List pull request stacks', description: `Lists the stacks of pull requests. ${usual}`}),
    ]]]))
    expect(searchOperations(catalogue, 'list pull requests', {scopes: []}).results[0]?.operation_id).toBe('pulls/list')
    catalogue.close()
  })
})

describe('searchOperations summaries that say what the query says', () => {
  // Forty operations that hold the query's words more often than the one whose summary says them.
  const busy = Array.from({length: 40}, (_, i) =>
    record({operationId: `repos/thing-${i}`, summary: `Get repository thing ${i}`, description: 'Repository things of the repository, per repository.'}),
  )
  const filler = Array.from({length: 40}, (_, i) => `note${i}`).join(' ')
  const catalogue = indexWith(new Map([['hub', [
    ...busy,
    record({operationId: 'repos/get', summary: 'Get a repository', description: `The repository, with ${filler}.`}),
    record({operationId: 'admin/get', summary: 'Get the repository', scopes: ['hub.admin']}),
    record({operationId: 'get_repository', summary: 'Fetch one'}),
  ]]]))
  afterAll(() => catalogue.close())
  const ranked = (query: string, scopes: string[] = []) => searchOperations(catalogue, query, {scopes, limit: 50}).results.map((hit) => hit.operation_id)

  it('ranks such an operation first, even one BM25 alone leaves out of the best 30', () => {
    expect(ranked('get a repository')[0]).toBe('repos/get')
    expect(ranked('the repository, get it')[0]).toBe('repos/get')
  })

  it('ranks among several such operations by the words, and never one the caller may not see', () => {
    expect(ranked('get a repository', ['hub.admin']).slice(0, 2).sort()).toEqual(['admin/get', 'repos/get'])
    expect(ranked('get a repository')).not.toContain('admin/get')
  })

  it('still ranks an exact operation id above them', () => {
    expect(ranked('get_repository').slice(0, 2)).toEqual(['get_repository', 'repos/get'])
  })
})

describe('searchOperations operations whose name a short query covers', () => {
  // Forty operations that hold the query's words more often than listNamespace, whose id words
  // are all common to the cassette ("namespace" is in every id).
  const busy = Array.from({length: 40}, (_, i) =>
    record({operationId: `listNamespaced_${i}`, summary: `List namespace thing ${i}`, description: 'Namespace things of the namespace, listed per namespace.'}),
  )
  const filler = Array.from({length: 40}, (_, i) => `note${i}`).join(' ')
  const catalogue = indexWith(new Map([['kube', [
    ...busy,
    record({operationId: 'listNamespace', summary: 'Objects of this kind', description: `All of them, with ${filler}.`}),
    record({operationId: 'deleteNamespace', summary: 'Remove one of this kind', scopes: ['kube.admin']}),
  ]]]))
  afterAll(() => catalogue.close())
  // A limit of one pool: a larger one would add a wider pool's candidates after it, listNamespace among them.
  const ranked = (query: string, scopes: string[] = []) => searchOperations(catalogue, query, {scopes, limit: 30}).results.map((hit) => hit.operation_id)

  it('finds such an operation even when BM25 alone leaves it out of the best 30', () => {
    expect(ranked('list namespaces')[0]).toBe('listNamespace')
  })

  it('finds an operation whose name words are all common only when its id holds every naming word of the query', () => {
    expect(ranked('namespace thing')).not.toContain('listNamespace')
  })

  it('never finds one the caller may not see', () => {
    expect(ranked('delete a namespace')).not.toContain('deleteNamespace')
    expect(ranked('delete a namespace', ['kube.admin'])[0]).toBe('deleteNamespace')
  })
})

describe('searchOperations related words', () => {
  it.each([
    {given: 28, want: true},
    {given: 29, want: false},
  ])('adds candidates through related words only while the query\'s own words found fewer than 30: $given reports and one image', ({given, want}) => {
    // "photo" is a relative of "image"; the query's own words find the reports and images_get.
    const reports = Array.from({length: given}, (_, i) => record({operationId: `report_${i}`, summary: `Report number ${i}`}))
    const catalogue = indexWith(new Map([['media', [...reports, record({operationId: 'images_get', summary: 'List images'}), record({operationId: 'photos_get', summary: 'List photos'})]]]))
    // A limit of one pool: a larger one would add a wider pool's candidates after it.
    const found = searchOperations(catalogue, 'image report', {scopes: [], limit: 30}).results.map((hit) => hit.operation_id)
    expect(found).toHaveLength(given + 1 + (want ? 1 : 0))
    expect(found.includes('photos_get')).toBe(want)
    catalogue.close()
  })

  it('searches the relatives of a query word no operation holds with the query\'s own words, at full BM25', () => {
    // No operation holds "bitcoin"; its relative "cryptocurrency" speaks for it as fully as "price" does for itself.
    const catalogue = indexWith(new Map([['shop', [
      record({operationId: 'markets', summary: 'Market figures', description: 'Live cryptocurrency and stock market figures.'}),
      record({operationId: 'ordersList', summary: 'List orders', description: 'Lists orders with their totals, taxes, discounts and the price of each line.'}),
      record({operationId: 'weatherNow', summary: 'Current weather'}),
    ]]]))
    expect(searchOperations(catalogue, 'bitcoin price', {scopes: []}).results.map((hit) => hit.operation_id)).toEqual(['markets', 'ordersList'])
    catalogue.close()
  })
})

describe('searchOperations id terms common to a cassette', () => {
  it('does not hold a cassette\'s common id term against an operation, and judges each cassette by its own', () => {
    // In "tools" 12 of 14 ids end in "Tool"; in "plain" only one does.
    const topics = ['news', 'music', 'video', 'image', 'course', 'job', 'trip', 'gift', 'chart', 'email', 'recipe', 'movie']
    const pair = [record({operationId: 'weatherStation', summary: 'Weather'}), record({operationId: 'weatherTool', summary: 'Weather'})]
    const catalogue = indexWith(new Map([
      ['tools', [...topics.map((topic) => record({operationId: `${topic}Tool`, summary: topic})), ...pair]],
      ['plain', pair],
    ]))
    const ranked = searchOperations(catalogue, 'weather', {scopes: []}).results.map((hit) => `${hit.cassette}:${hit.operation_id}`)
    // Otherwise equal, and equal in "plain", where ties go by operation id.
    expect(ranked).toEqual(['tools:weatherTool', 'plain:weatherStation', 'plain:weatherTool', 'tools:weatherStation'])
    catalogue.close()
  })
})

describe('searchOperations limits', () => {
  const many = indexWith(new Map([['parts', Array.from({length: 80}, (_, i) => record({operationId: `widget_${i}_get`, summary: `Get widget ${i}`}))]]))
  afterAll(() => many.close())

  it.each([1, 10, 30, 31, 50])('returns %i results when as many operations match', (limit) => {
    expect(searchOperations(many, 'widget', {scopes: [], limit}).results).toHaveLength(limit)
  })

  it('never changes the results a smaller limit gives', () => {
    const ids = (limit: number) => searchOperations(many, 'get widget', {scopes: [], limit}).results.map((hit) => hit.operation_id)
    expect(ids(50).slice(0, 30)).toEqual(ids(30))
    expect(ids(30).slice(0, 10)).toEqual(ids(10))
  })
})

describe('searchOperations ties', () => {
  it('orders equal scores by cassette, then operation id, the same way every time', () => {
    const twins = (ids: string[]) => ids.map((id) => record({operationId: id, summary: 'Rotate the signing keys'}))
    const tied = indexWith(new Map([['zeta', twins(['b_keys', 'a_keys'])], ['alpha', twins(['d_keys', 'c_keys'])]]))
    const run = () => searchOperations(tied, 'rotate signing', {scopes: []}).results.map((hit) => `${hit.cassette}:${hit.operation_id}`)
    expect(run()).toEqual(['alpha:c_keys', 'alpha:d_keys', 'zeta:a_keys', 'zeta:b_keys'])
    expect(run()).toEqual(run())
    tied.close()
  })
})

describe('searchOperations scopes', () => {
  it.each([
    {given: [], want: ['github:issues/list-for-repo', 'incus:images_get']},
    {given: ['incus.read'], want: ['github:issues/list-for-repo', 'incus:images_get', 'incus:instance_get', 'incus:instances_get', 'incus:storage_pools_get']},
    {given: ['incus.admin'], want: ['github:issues/list-for-repo', 'incus:cluster_member_delete', 'incus:images_get']},
  ])('a caller with $given sees only what those scopes allow', ({given, want}) => {
    const seen = new Set<string>()
    for (const query of ['get list', 'delete remove', 'instance cluster images issues', 'secrets tokens join']) {
      for (const id of top(query, given, 50)) seen.add(id)
    }
    expect([...seen].sort()).toEqual(want)
  })

  it('filters before the limit: a page is never shrunk by hidden operations', () => {
    const hidden = Array.from({length: 40}, (_, i) => record({operationId: `hidden_widget_${i}`, summary: 'Polish the widget widget widget', scopes: ['secret']}))
    const open = Array.from({length: 5}, (_, i) => record({operationId: `open_widget_${i}`, summary: 'Polish a widget'}))
    const mixed = indexWith(new Map([['shop', [...hidden, ...open]]]))
    expect(searchOperations(mixed, 'polish widget', {scopes: [], limit: 5}).results.map((hit) => hit.operation_id)).toEqual(open.map((r) => r.operationId))
    mixed.close()
  })

  it('filters before the limit also when the best-scoring operations are mostly hidden', () => {
    const hidden = Array.from({length: 100}, (_, i) => record({operationId: `hidden_widget_${i}`, summary: 'Polish the widget widget widget', scopes: ['secret']}))
    const open = Array.from({length: 5}, (_, i) => record({operationId: `open_widget_${i}`, summary: 'Polish a widget with a cloth and some wax'}))
    const mixed = indexWith(new Map([['shop', [...hidden, ...open]]]))
    expect(searchOperations(mixed, 'polish widget', {scopes: [], limit: 10}).results.map((hit) => hit.operation_id)).toEqual(open.map((r) => r.operationId))
    expect(searchOperations(mixed, 'polish widget', {scopes: ['secret'], limit: 3}).results.every((hit) => hit.operation_id.startsWith('hidden_'))).toBe(true)
    mixed.close()
  })

  it('keeps the tie order when more operations tie than FTS5 ranks at first', () => {
    const twins = Array.from({length: 90}, (_, i) => record({operationId: `keys_${String(89 - i).padStart(2, '0')}`, summary: 'Rotate the signing keys'}))
    const tied = indexWith(new Map([['vault', twins]]))
    const ids = searchOperations(tied, 'rotate signing', {scopes: [], limit: 5}).results.map((hit) => hit.operation_id)
    expect(ids).toEqual(['keys_00', 'keys_01', 'keys_02', 'keys_03', 'keys_04'])
    tied.close()
  })

  it('property: an operation needing a scope the caller lacks never appears, whatever the query', () => {
    const vocabulary = ['list', 'get', 'delete', 'instance', 'image', 'network', 'user', 'repo', 'key', 'backup']
    const scopeNames = ['a', 'b', 'c', 'd']
    const catalogue = fc.array(
      fc.record({
        words: fc.array(fc.constantFrom(...vocabulary), {minLength: 1, maxLength: 4}),
        scopes: fc.subarray(scopeNames),
        cassette: fc.constantFrom('one', 'two'),
      }),
      {minLength: 1, maxLength: 25},
    )
    fc.assert(
      fc.property(catalogue, fc.subarray(scopeNames), fc.array(fc.constantFrom(...vocabulary), {minLength: 1, maxLength: 3}), (ops, held, queryWords) => {
        const byCassette = new Map<string, ReturnType<typeof record>[]>()
        ops.forEach((op, i) => {
          const list = byCassette.get(op.cassette) ?? []
          list.push(record({operationId: `${op.words.join('_')}_${i}`, summary: op.words.join(' '), scopes: op.scopes}))
          byCassette.set(op.cassette, list)
        })
        const random = indexWith(byCassette)
        try {
          const allowed = new Set(held)
          const visible = new Set(ops.flatMap((op, i) => (op.scopes.every((s) => allowed.has(s)) ? [`${op.words.join('_')}_${i}`] : [])))
          for (const query of [queryWords.join(' '), `${ops[0]!.words.join('_')}_0`]) {
            for (const hit of searchOperations(random, query, {scopes: held, limit: 50}).results) expect(visible.has(hit.operation_id)).toBe(true)
          }
        } finally {
          random.close()
        }
      }),
      {numRuns: 60},
    )
  })
})

describe('searchOperations hostile queries', () => {
  it.each([
    {given: '', want: /query is empty/},
    {given: '   \n\t ', want: /query is empty/},
    {given: '?!* -- ^^ ()', want: /no words/},
    {given: '😀🎉', want: /no words/},
    {given: 'x'.repeat(100_000), want: /characters long/},
  ])('refuses $given.length characters with a usage error', ({given, want}) => {
    expect(() => searchOperations(db, given, {scopes: ALL_SCOPES})).toThrow(want)
    expect(() => searchOperations(db, given, {scopes: ALL_SCOPES})).toThrow(TamaError)
  })

  it.each([
    '"instance',
    'instance" OR "*',
    'NEAR(instance delete, 2)',
    'summary: delete',
    '{name_terms}: delete',
    'instance AND NOT delete',
    '-instance ^delete',
    'inst*',
    'delete\u0000instance\u0007',
    'インスタンス 東京',
    'instance \ud800 delete \udfff',
    'a OR b OR c OR d',
  ])('searches %j as words, never as FTS5 syntax: as the same words without the punctuation', (query) => {
    // FTS5's operators (AND, OR, NOT, NEAR) are just English words to search.
    const asWords = query.replace(/[^\p{L}\p{N}]+/gu, ' ')
    const ids = (text: string) => searchOperations(db, text, {scopes: ALL_SCOPES}).results.map((hit) => `${hit.cassette}:${hit.operation_id}`)
    expect(ids(query)).toEqual(ids(asWords))
  })

  it('property: any string either searches or fails with a usage error', () => {
    const fragments = fc.constantFrom('"', '*', '^', '-', '+', ':', '(', ')', '{', '}', 'NEAR(', 'AND', 'OR', 'NOT', 'summary:', '\u0000', '\ud800', '😀', '東京', ' ', 'instance', 'delete')
    const query = fc.oneof(fc.string(), fc.string({unit: 'binary'}), fc.array(fragments, {maxLength: 30}).map((parts) => parts.join('')))
    fc.assert(
      fc.property(query, (q) => {
        try {
          searchOperations(db, q, {scopes: ALL_SCOPES})
        } catch (error) {
          expect(error).toBeInstanceOf(TamaError)
          expect((error as TamaError).kind).toBe('usage')
        }
      }),
      {numRuns: 400},
    )
  })
})

describe('searchOperations after delete and insert', () => {
  it('forgets a deleted cassette and finds what replaced it', () => {
    const fresh = indexWith()
    fresh.transaction(() => {
      deleteOperations(fresh, 'incus')
      insertOperations(fresh, 'incus', [record({operationId: 'networks_get', summary: 'List the networks'})])
    })()
    expect(searchOperations(fresh, 'instance', {scopes: ALL_SCOPES}).results.filter((hit) => hit.cassette === 'incus')).toEqual([])
    expect(searchOperations(fresh, 'networks', {scopes: []}).results.map((hit) => hit.operation_id)).toEqual(['networks_get'])
    expect(searchOperations(fresh, 'issues', {scopes: ALL_SCOPES}).results.length).toBeGreaterThan(0)
    fresh.close()
  })
})

describe('searchOperations keywords and example requests', () => {
  const base = [
    record({operationId: 'instance_state_put', method: 'put', summary: 'Change the state of an instance'}),
    record({operationId: 'instance_get', summary: 'Get an instance'}),
    record({operationId: 'instances_get', summary: 'List the instances'}),
    record({operationId: 'instance_logs_get', summary: 'Get the logs of an instance'}),
  ]
  const first = (records: typeof base, query: string) => {
    const db = indexWith(new Map([['incus', records]]))
    const top = searchOperations(db, query, {scopes: []}).results[0]?.operation_id
    db.close()
    return top
  }

  it.each([
    {given: 'a keyword the summary lacks', query: 'instance reboot', extra: {keywords: ['reboot', 'restart']}, want: 'instance_state_put'},
    {given: 'an example request like the query', query: 'what is running on my box', extra: {examples: ['what is running on my box']}, want: 'instances_get'},
  ])('ranks an operation first by $given, which it does not rank first without', ({query, extra, want}) => {
    const withExtra = base.map((operation) => (operation.operationId === want ? {...operation, ...extra} : operation))
    expect(first(base, query)).not.toBe(want)
    expect(first(withExtra, query)).toBe(want)
  })
})
