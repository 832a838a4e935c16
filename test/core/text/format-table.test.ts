import {describe, expect, it} from 'vitest'

import {formatTable} from '../../../src/core/text/format-table.js'

describe('formatTable', () => {
  it('aligns every column but the last', () => {
    expect(formatTable(['A', 'LONGER'], [['xyz', 'one'], ['q', 'two']])).toBe('A    LONGER\nxyz  one\nq    two')
  })

  describe.each([
    {given: 'no width', width: undefined, want: 'ID      FLAGS        SUMMARY\nlist    -            List every instance\ndelete  destructive  Delete one instance'},
    {given: 'room for every column', width: 36, want: 'ID      FLAGS        SUMMARY\nlist    -            List every ins…\ndelete  destructive  Delete one ins…'},
    {given: 'too little room for the last column', width: 30, want: 'list  -\n  List every instance\ndelete  destructive\n  Delete one instance'},
    {given: 'too little room for a record', width: 12, want: 'list  -\n  List ever…\ndelete  des…\n  Delete on…'},
  ])('a table with $given', ({width, want}) => {
    it('fits every line to the width', () => {
      const table = formatTable(['ID', 'FLAGS', 'SUMMARY'], [['list', '-', 'List every instance'], ['delete', 'destructive', 'Delete one instance']], {width})
      expect(table).toBe(want)
      for (const line of table.split('\n')) expect(line.length).toBeLessThanOrEqual(width ?? Infinity)
    })
  })

  describe.each([
    {given: 'an escape sequence', cell: 'Get \u001b[2J a thing', want: 'Get \\u001b[2J a thing'},
    {given: 'an OSC title sequence ending in BEL', cell: '\u001b]0;pwned\u0007', want: '\\u001b]0;pwned\\u0007'},
    {given: 'a new line', cell: 'one\ntwo', want: 'one\\u000atwo'},
    {given: 'a C1 CSI', cell: 'a\u009bb', want: 'a\\u009bb'},
    {given: 'a right-to-left override', cell: 'txt.\u202eexe', want: 'txt.\\u202eexe'},
  ])('a cell holding $given', ({cell, want}) => {
    it('is escaped, and the columns align on what is printed', () => {
      const table = formatTable(['X', 'Y'], [[cell, 'end']])
      const [header, row] = table.split('\n')
      expect(row).toBe(`${want.padEnd(Math.max(1, want.length))}  end`)
      expect(header!.indexOf('Y')).toBe(row!.indexOf('end'))
    })
  })
})
