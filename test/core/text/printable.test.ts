import {describe, expect, it} from 'vitest'

import {escapeUnsafeLines, printable, quote, shortened} from '../../../src/core/text/printable.js'

describe('printable', () => {
  it.each([
    {given: 'List pets', want: 'List pets'},
    {given: 'red\u001b[31malert', want: 'red\\u001b[31malert'},
    {given: 'line\nbreak\rreturn', want: 'line\\u000abreak\\u000dreturn'},
    {given: 'abc\u202edcba', want: 'abc\\u202edcba'},
    {given: 'x'.repeat(100), want: `${'x'.repeat(79)}…`},
  ])('makes $given safe for a terminal', ({given, want}) => {
    expect(printable(given)).toBe(want)
  })

  it('quotes names', () => {
    expect(quote('v\u0007')).toBe('"v\\u0007"')
  })
})

describe('shortened', () => {
  it.each([
    {given: 'abc', max: 3, want: 'abc'},
    {given: 'abcd', max: 3, want: 'ab…'},
    {given: 'a\u001b', max: 1, want: '…'},
  ])('cuts $given to $max characters', ({given, max, want}) => {
    expect(shortened(given, max)).toBe(want)
  })
})

describe('escapeUnsafeLines', () => {
  it('keeps the line breaks and tabs of the layout and escapes every other unsafe character', () => {
    expect(escapeUnsafeLines('a\tb\nc\u001b[2J\rd\u0085e\u009bf\u202eg\u2028h')).toBe('a\tb\nc\\u001b[2J\\u000dd\\u0085e\\u009bf\\u202eg\\u2028h')
  })

  it('leaves JSON text the same value, with the characters JSON.stringify keeps raw escaped', () => {
    const value = {name: 'x\u001b\u0007\r\n\u009b\u202e\u2066\ufeff\u0085', list: ['\u200b']}
    const text = escapeUnsafeLines(JSON.stringify(value, null, 2))
    expect(text).not.toMatch(/[\u0080-\u009f\u202e\u2066\ufeff\u200b]/)
    expect(JSON.parse(text)).toEqual(value)
  })
})
