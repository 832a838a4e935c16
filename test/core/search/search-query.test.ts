import {describe, expect, it} from 'vitest'

import {MAX_QUERY_TERMS, parseQuery} from '../../../src/core/search/search-query.js'

describe('parseQuery', () => {
  it.each([
    {given: 'list instances', want: {terms: ['list', 'instanc'], verb: 'read', pairs: ['list instanc']}},
    {given: 'Can you please help me delete the instance?', want: {terms: ['delet', 'instanc'], verb: 'delete', pairs: ['delet instanc']}},
    {given: 'createIssue for repos/list-for-user', want: {terms: ['creat', 'issu', 'repo', 'list', 'user'], verb: 'create', pairs: ['creat issu', 'issu repo', 'repo list', 'list user']}},
    {given: 'what is it', want: {terms: ['what', 'is', 'it'], verb: null, pairs: ['what is', 'is it']}},
    {given: 'Provide me with the area of Canada', want: {terms: ['provid', 'area', 'canada'], verb: 'read', pairs: ['provid area', 'area canada']}},
    {given: 'summary: "NEAR(x*"', want: {terms: ['summary', 'near'], verb: null, pairs: ['summary near']}},
  ])('$given', ({given, want}) => {
    const parsed = parseQuery(given)
    expect({terms: parsed.terms, verb: parsed.verb, pairs: [...parsed.pairs]}).toEqual(want)
  })

  it('caps the number of terms', () => {
    const query = Array.from({length: 100}, (_, i) => `word${i}x`).join(' ')
    expect(parseQuery(query).terms).toHaveLength(MAX_QUERY_TERMS)
  })
})
