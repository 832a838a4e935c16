import {describe, expect, it} from 'vitest'

import {printable, quote} from '../../../src/core/text/printable.js'

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
