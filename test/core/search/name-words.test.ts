import {describe, expect, it} from 'vitest'

import {commonFrom, isNameWord, MAX_NAMING_TERMS, nameKeys, nameKeysOf} from '../../../src/core/search/name-words.js'
import {terms} from '../../../src/core/search/text-analysis.js'

describe('commonFrom', () => {
  it.each([
    {given: 1, want: 10},
    {given: 66, want: 10},
    {given: 100, want: 15},
    {given: 845, want: 126.75},
  ])('a cassette of $given operations: a term $want of its ids hold is common', ({given, want}) => {
    expect(commonFrom(given)).toBe(want)
  })
})

describe('isNameWord', () => {
  it.each([
    {given: 'listCoreV1Namespace', want: [false, true, true, true]},
    {given: 'instances_post', want: [true, false]},
    {given: 'PostCustomers', want: [false, true]},
    // A method name inside an id is a word of it ("blog post"), and function words never are.
    {given: 'blog_post_by_author', want: [true, true, false, true]},
  ])('$given: $want', ({given, want}) => {
    const idTerms = terms(given)
    expect(idTerms.map((_, index) => isNameWord(idTerms, index))).toEqual(want)
  })
})

describe('nameKeys', () => {
  // How many of a 100-operation cassette's ids hold each (stemmed) term: 15 or more is common.
  const held: Record<string, number> = {cor: 40, v1: 60, namespac: 50, pod: 9, log: 3}
  const idsHolding = (term: string) => held[term] ?? 1

  it.each([
    {given: 'readCoreV1NamespacedPod', want: {keys: ['pod'], bare: false}},
    {given: 'readCoreV1NamespacedPodLog', want: {keys: ['log pod'], bare: false}},
    {given: 'log_pod_log', want: {keys: ['log pod'], bare: false}},
    {given: 'listCoreV1Namespace', want: {keys: ['cor', 'namespac', 'v1'], bare: true}},
    {given: 'list', want: {keys: [], bare: true}},
  ])('$given: $want', ({given, want}) => {
    expect(nameKeys(terms(given), idsHolding, 100)).toEqual(want)
  })
})

describe('nameKeysOf', () => {
  it.each([
    {given: 'list namespaces', want: {keys: ['namespac'], naming: ['namespac']}},
    {given: 'get the logs of a pod', want: {keys: ['log', 'pod', 'log pod'], naming: ['log', 'pod']}},
    {given: 'delete', want: {keys: [], naming: []}},
    {given: 'pods logs events nodes secrets', want: {keys: [], naming: []}},
  ])('"$given": $want', ({given, want}) => {
    expect(nameKeysOf(terms(given).filter((term) => !['the', 'of', 'a'].includes(term)))).toEqual(want)
  })

  it(`gives every combination of up to ${MAX_NAMING_TERMS} naming terms, and none for more`, () => {
    expect(nameKeysOf(['w', 'x', 'y', 'z']).keys).toHaveLength(2 ** MAX_NAMING_TERMS - 1)
    expect(new Set(nameKeysOf(['z', 'y', 'x', 'w']).keys)).toEqual(new Set(nameKeysOf(['w', 'x', 'y', 'z']).keys))
    expect(nameKeysOf(['v', 'w', 'x', 'y', 'z']).keys).toEqual([])
  })
})
