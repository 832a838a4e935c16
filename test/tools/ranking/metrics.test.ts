import {describe, expect, it} from 'vitest'

import {quality, qualityOfRanks} from '../../../tools/ranking/metrics.js'

describe('retrieval quality', () => {
  it.each([
    {given: [0], want: {recall1: 1, recall5: 1, recall10: 1, mrr: 1}},
    {given: [-1], want: {recall1: 0, recall5: 0, recall10: 0, mrr: 0}},
    {given: [0, 4, 9, 10, -1], want: {recall1: 0.2, recall5: 0.4, recall10: 0.6, mrr: (1 + 1 / 5 + 1 / 10) / 5}},
    {given: [], want: {recall1: 0, recall5: 0, recall10: 0, mrr: 0}},
  ])('of first-relevant ranks $given', ({given, want}) => {
    const got = qualityOfRanks(given)
    for (const [key, value] of Object.entries(want)) expect(got[key as keyof typeof got]).toBeCloseTo(value, 12)
  })

  it('of rankings counts the first id that is any of the relevant ones', () => {
    expect(quality([{ranked: ['a', 'b', 'c'], relevant: ['c', 'b']}, {ranked: ['x'], relevant: ['y']}])).toEqual(qualityOfRanks([1, -1]))
  })
})
