import {describe, expect, it} from 'vitest'

import {commonFrom, MAX_NAMING_TERMS, nameKeys, nameKeysOf, nameWordCounts} from '../../../src/core/search/name-words.js'
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

describe('nameWordCounts', () => {
  // How many ids hold each term, as the store counts them; 0 marks a word that is not a name word.
  const idsHolding = (term: string) => term.length

  it.each([
    {given: 'listCoreV1Namespace', want: [0, 3, 2, 8]},
    {given: 'instances_post', want: [7, 0]},
    {given: 'PostCustomers', want: [0, 8]},
    // A method name inside an id is a word of it ("blog post"), and function words never are.
    {given: 'blog_post_by_author', want: [4, 4, 0, 6]},
    {given: 'get', want: [0]},
  ])('$given: $want', ({given, want}) => {
    expect(nameWordCounts(terms(given), idsHolding)).toEqual(want)
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
