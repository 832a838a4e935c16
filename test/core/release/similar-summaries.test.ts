import {describe, expect, it} from 'vitest'

import {similarSummaries} from '../../../src/core/release/similar-summaries.js'
import {operation} from './release-fixture.js'

describe('similarSummaries', () => {
  it.each([
    {given: ['List instances', 'List instances'], want: [['a', 'b']]},
    {given: ['List the instances', 'List instances'], want: [['a', 'b']]},
    {given: ['List instances', 'List instance'], want: [['a', 'b']]},
    {given: ['List instances', 'List images'], want: []},
    {given: ['List running instances', 'List instances'], want: []},
    // 9 shared words of 10: Jaccard 0.9, the threshold.
    {given: ['alpha beta gamma delta epsilon zeta eta theta iota', 'alpha beta gamma delta epsilon zeta eta theta iota kappa'], want: [['a', 'b']]},
    {given: ['alpha beta gamma delta epsilon zeta eta theta', 'alpha beta gamma delta epsilon zeta eta theta kappa'], want: []},
    {given: ['List instances', 'List the instances', 'list INSTANCES'], want: [['a', 'b', 'c']]},
    {given: ['', ''], want: []},
    // Largest group first.
    {given: ['List images', 'List images', 'List instances', 'List the instances', 'list INSTANCES'], want: [['c', 'd', 'e'], ['a', 'b']]},
  ])('groups $given as $want', ({given, want}) => {
    const records = given.map((summary, index) => operation({operationId: 'abcde'[index]!, summary}))
    expect(similarSummaries(records).map((group) => group.operations)).toEqual(want)
  })
})
