import {describe, expect, it} from 'vitest'

import {WordTable} from '../../../src/core/search/word-table.js'

describe('WordTable', () => {
  // "Aa" and "BB" hash alike (31 * 65 + 97 = 31 * 66 + 66), so one bucket holds both.
  const table = new WordTable<number>()
  table.set('Aa', 1)
  table.set('BB', 2)
  table.set('pool', 3)
  table.set('東京', 4)
  table.set('pool', 5)

  it.each([
    {given: ' Aa BB ', start: 1, end: 3, want: 1},
    {given: ' Aa BB ', start: 4, end: 6, want: 2},
    {given: 'x pools', start: 2, end: 6, want: 5, why: 'the later value replaces the earlier'},
    {given: 'x pools', start: 2, end: 7, want: undefined, why: 'a longer word is another word'},
    {given: 'pol', start: 0, end: 3, want: undefined},
    {given: '天気 東京', start: 3, end: 5, want: 4},
    {given: '', start: 0, end: 0, want: undefined},
  ])('finds $given[$start..$end) -> $want', ({given, start, end, want}) => {
    expect(table.find(given, start, end)).toBe(want)
  })
})
