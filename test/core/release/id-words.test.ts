import {describe, expect, it} from 'vitest'

import {catalogueVocabulary, suggestedId, unsplitIdParts} from '../../../src/core/release/id-words.js'
import {operation} from './release-fixture.js'

// The catalogue's words come from its text, never from its ids.
const VOCABULARY = catalogueVocabulary([
  operation({operationId: 'x1', summary: 'List the instances and their snapshots', path: '/1.0/instances/{name}/snapshots', tags: ['storage-pools']}),
  operation({operationId: 'x2', summary: 'getallimagesnow'}),
])

describe('unsplitIdParts', () => {
  it.each([
    {given: 'instances_list', want: []},
    {given: 'listInstanceSnapshots', want: []},
    {given: 'storage-pools.get', want: []},
    {given: 'getallinstancesnow', want: [{part: 'getallinstancesnow', words: ['get', 'all', 'instances', 'now']}]},
    {given: 'instance_listsnapshots', want: [{part: 'listsnapshots', words: ['list', 'snapshots']}]},
    {given: 'getInstancesnapshots', want: [{part: 'instancesnapshots', words: ['instance', 'snapshots']}]},
    // A summary that only repeats the id adds nothing to the vocabulary.
    {given: 'getallimagesnow', want: []},
    {given: 'qwzxkvbnmplkjhgfdsay', want: [{part: 'qwzxkvbnmplkjhgfdsay', words: null}]},
    {given: 'frobnicate', want: []},
    {given: 'snapz', want: []},
  ])('finds $want in $given', ({given, want}) => {
    expect(unsplitIdParts(given, VOCABULARY)).toEqual(want)
  })
})

describe('suggestedId', () => {
  it.each([
    {given: 'getallinstancesnow', want: 'get_all_instances_now'},
    {given: 'instance_listsnapshots', want: 'instance_list_snapshots'},
    {given: 'getInstancesnapshots', want: 'getInstanceSnapshots'},
    {given: 'qwzxkvbnmplkjhgfdsay', want: null},
  ])('rewrites $given as $want', ({given, want}) => {
    expect(suggestedId(given, unsplitIdParts(given, VOCABULARY))).toBe(want)
  })
})
