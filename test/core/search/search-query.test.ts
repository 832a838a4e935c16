import {describe, expect, it} from 'vitest'

import {MAX_QUERY_CHARACTERS, MAX_QUERY_TERMS, parseQuery, sayingOf, withJoinedWords} from '../../../src/core/search/search-query.js'

describe('parseQuery', () => {
  it.each([
    {given: 'list instances', want: {terms: ['list', 'instanc'], verb: 'read', pairs: ['list instanc']}},
    {given: 'Can you please help me delete the instance?', want: {terms: ['delet', 'instanc'], verb: 'delete', pairs: ['delet instanc']}},
    {given: 'createIssue for repos/list-for-user', want: {terms: ['creat', 'issu', 'repo', 'list', 'user'], verb: 'create', pairs: ['creat issu', 'issu repo', 'repo list', 'list user']}},
    {given: 'what is it', want: {terms: ['what', 'is', 'it'], verb: null, pairs: ['what is', 'is it']}},
    {given: 'Provide me with the area of Canada', want: {terms: ['provid', 'area', 'canada'], verb: 'read', pairs: ['provid area', 'area canada']}},
    {given: 'summary: "NEAR(x*"', want: {terms: ['summary', 'near'], verb: null, pairs: ['summary near']}},
    {given: 'list pods in all namespaces', want: {terms: ['list', 'pod', 'namespac'], verb: 'read', pairs: ['list pod']}},
    {given: 'get the state of an instance', want: {terms: ['get', 'stat', 'instanc'], verb: 'read', pairs: ['get stat', 'stat instanc']}},
    {given: 'show a list of namespaces', want: {terms: ['show', 'list', 'namespac'], verb: 'read', pairs: ['show list']}},
    {given: "Hi, I'm interested in weather. Could you kindly tell me the forecast?", want: {terms: ['weather', 'forecast'], verb: null, pairs: ['weather forecast']}},
  ])('$given', ({given, want}) => {
    const parsed = parseQuery(given)
    expect({terms: parsed.terms, verb: parsed.verb, pairs: [...parsed.pairs]}).toEqual(want)
  })

  it('reads a query of exactly the longest length, and refuses one character more saying the limit it keeps', () => {
    const longest = `list ${'x'.repeat(MAX_QUERY_CHARACTERS - 5)}`
    expect(parseQuery(longest).terms).toContain('list')
    expect(() => parseQuery(`${longest}x`)).toThrow(`The query is ${MAX_QUERY_CHARACTERS + 1} characters long; keep it to at most ${MAX_QUERY_CHARACTERS} characters`)
  })

  it.each([
    {given: 'look up a charge', want: ['lookup']},
    {given: 'back up an instance', want: ['backup']},
    {given: 'create a web hook', want: ['webhook']},
    {given: 'list user names', want: ['listuser', 'usernam']},
    {given: 'a b cd', want: []},
  ])('joins adjacent words of $given', ({given, want}) => {
    expect(parseQuery(given).joins).toEqual(want)
  })

  it.each([
    {given: 'fork a repo', want: true},
    {given: 'Snapshot an instance', want: true},
    {given: 'back up my instance', want: true},
    {given: 'refund the payment', want: true},
    // An API verb says what the query asks for.
    {given: 'delete a repo', want: false},
    {given: 'look up a charge', want: true},
    // A word before no determiner, or before another particle, may be a noun.
    {given: 'repo forks', want: false},
    {given: 'pods in a namespace', want: false},
    {given: 'weather this weekend', want: false},
    {given: 'Can you fork a repo?', want: false},
    {given: 'fork', want: false},
    {given: 'the repo', want: false},
  ])('$given opens with a verb search does not know: $want', ({given, want}) => {
    expect(parseQuery(given).acts).toBe(want)
  })

  it('adds the joined words the index holds to the terms, and takes a verb from them', () => {
    const joined = withJoinedWords(parseQuery('look up a charge'), (term) => term === 'lookup')
    expect(joined.terms).toEqual(['look', 'charg', 'lookup'])
    expect(joined.verb).toBe('read')
    // Its verb is known now: it no longer acts without one.
    expect(joined.acts).toBe(false)
    const asked = parseQuery('look up a charge')
    expect(withJoinedWords(asked, () => false)).toBe(asked)
  })

  it('caps the number of terms', () => {
    const query = Array.from({length: 100}, (_, i) => `word${i}x`).join(' ')
    expect(parseQuery(query).terms).toHaveLength(MAX_QUERY_TERMS)
  })
})

describe('sayingOf', () => {
  it.each([
    {given: 'Get a repository', want: 'get repository'},
    {given: 'list issues in a repository', want: 'issu list repository'},
    {given: 'List repository issues', want: 'issu list repository'},
    {given: 'Delete the instance, then delete it again', want: 'delet instanc'},
    {given: 'what is it', want: 'is it what'},
    {given: '', want: ''},
    {given: '--- !!', want: ''},
  ])('$given -> "$want"', ({given, want}) => {
    expect(sayingOf(given)).toBe(want)
  })
})
