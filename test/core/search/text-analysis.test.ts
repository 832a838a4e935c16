import {describe, expect, it} from 'vitest'

import {relatedTerms, stem, terms, words} from '../../../src/core/search/text-analysis.js'

describe('words', () => {
  it.each([
    {given: 'instances_get', want: ['instances', 'get']},
    {given: 'getUserByID', want: ['get', 'user', 'by', 'id']},
    {given: 'HTTPServerError', want: ['http', 'server', 'error']},
    {given: 'repos/list-for-user', want: ['repos', 'list', 'for', 'user']},
    {given: '/1.0/instances/{name}', want: ['1', '0', 'instances', 'name']},
    {given: 'Café ＬＩＳＴ', want: ['cafe', 'list']},
    {given: 'v2Name ipv4', want: ['v2', 'name', 'ipv4']},
    {given: '"NEAR(" * ^ -- 😀', want: ['near']},
    {given: '東京の天気', want: ['東京の天気']},
    {given: 'ǅemal ﬁle', want: ['dzemal', 'file']},
  ])('$given -> $want', ({given, want}) => {
    expect(words(given)).toEqual(want)
  })
})

describe('terms', () => {
  it.each([
    {given: 'Deleting the running instances', want: ['delet', 'the', 'run', 'instanc']},
    {given: 'storage_pools policies', want: ['storag', 'pool', 'policy']},
  ])('$given -> $want', ({given, want}) => {
    expect(terms(given)).toEqual(want)
  })
})

describe('stem', () => {
  it.each([
    {given: ['run', 'runs', 'running'], want: 'run'},
    {given: ['create', 'creates', 'created', 'creating'], want: 'creat'},
    {given: ['policy', 'policies'], want: 'policy'},
    {given: ['modify', 'modifies', 'modified', 'modifying'], want: 'modify'},
    {given: ['movie', 'movies'], want: 'movy'},
    {given: ['address', 'addresses'], want: 'address'},
    {given: ['stop', 'stopped', 'stopping'], want: 'stop'},
    {given: ['status'], want: 'status'},
    {given: ['id', 'ids'], want: 'id'},
    // Not plurals: "news" must not become the API verb "new".
    {given: ['news'], want: 'news'},
    {given: ['series'], want: 'series'},
    {given: ['new'], want: 'new'},
  ])('$given -> $want', ({given, want}) => {
    expect(given.map(stem)).toEqual(given.map(() => want))
  })
})

describe('relatedTerms', () => {
  it('gives the stemmed relatives of query terms', () => {
    expect(relatedTerms(['pictur'])).toEqual(expect.arrayContaining(['imag', 'photo']))
    expect(relatedTerms(['film'])).toEqual(expect.arrayContaining(['video', 'movy']))
  })

  it('leaves out terms the query already holds, and has nothing for other words', () => {
    expect(relatedTerms(['pictur', 'imag'])).not.toContain('imag')
    expect(relatedTerms(['pictur', 'imag'])).not.toContain('pictur')
    expect(relatedTerms(['instanc', 'delet'])).toEqual([])
    expect(relatedTerms([])).toEqual([])
  })
})
