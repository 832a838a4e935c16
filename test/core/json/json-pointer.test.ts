import {describe, expect, it} from 'vitest'

import {childPointer, pointerOf, pointerTokens, valueAt} from '../../../src/core/json/index.js'

describe('JSON Pointers (RFC 6901)', () => {
  it.each([
    {given: [], want: ''},
    {given: ['paths', '/instances/{name}', 'get', 'operationId'], want: '/paths/~1instances~1{name}/get/operationId'},
    {given: ['a~b', 'c/d', '~1'], want: '/a~0b/c~1d/~01'},
    {given: ['', 0, 12], want: '//0/12'},
  ])('pointerOf($given) is $want and reads back', ({given, want}) => {
    expect(pointerOf(given)).toBe(want)
    expect(pointerTokens(want)).toEqual(given.map(String))
  })

  it.each([{given: 'no-slash'}, {given: '/bad~2escape'}, {given: '/trailing~'}])('pointerTokens refuses $given', ({given}) => {
    expect(pointerTokens(given)).toBeNull()
  })

  it('childPointer escapes one token', () => {
    expect(childPointer('/paths', '/a~b')).toBe('/paths/~1a~0b')
  })

  it.each([
    {given: ['a', '1', 'b'], want: 'found'},
    {given: ['a', '01'], want: undefined},
    {given: ['a', '5'], want: undefined},
    {given: ['__proto__'], want: undefined},
    {given: ['constructor'], want: undefined},
    {given: ['a', 'length'], want: undefined},
  ])('valueAt follows own members only: $given', ({given, want}) => {
    expect(valueAt({a: [0, {b: 'found'}]}, given)).toBe(want)
  })
})
