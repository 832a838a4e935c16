import canonicalizeModule from 'canonicalize'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {createHash} from 'node:crypto'

import {canonicalForm, sha256Hex} from '../../../../src/core/cassette/format/canonical-json.js'

// The RFC 8785 package for JavaScript is the oracle.
const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default

/** Object keys in the order JSON.stringify would visit them, at every level. */
function keyOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return null
  if (Array.isArray(value)) return value.map(keyOrder)
  return Object.entries(value).map(([key, item]) => [key, keyOrder(item)])
}

describe('canonicalForm', () => {
  it('writes what the canonicalize package writes, and the value JSON.parse of it gives', () => {
    fc.assert(
      fc.property(fc.jsonValue({maxDepth: 6}), (value) => {
        const {json, value: rebuilt} = canonicalForm(value)
        expect(json).toBe(canonicalize(value))
        expect(keyOrder(rebuilt)).toEqual(keyOrder(JSON.parse(json)))
        expect(rebuilt).toEqual(JSON.parse(json))
      }),
      {numRuns: 300},
    )
  })

  it('reuses a value that is already in canonical order instead of copying it', () => {
    const parsed = JSON.parse('{"a":[{"x":1}],"b":{"c":null}}') as {a: unknown; b: unknown}
    const {value} = canonicalForm(parsed)
    expect(value).toBe(parsed)
    expect(canonicalForm({z: parsed.a, y: parsed.b}).value).toEqual({y: parsed.b, z: parsed.a})
  })

  it.each([
    {given: {b: 1, a: 2}, want: '{"a":2,"b":1}'},
    {given: {'+1': 'a', '100': 'b', '1234': 'c', '-1': 'd', default: 'e'}, want: '{"+1":"a","-1":"d","100":"b","1234":"c","default":"e"}'},
    {given: {'10': 1, '9': 2, '$ref': 3}, want: '{"$ref":3,"10":1,"9":2}'},
    {given: [{'2': 0, '10': 1}], want: '[{"10":1,"2":0}]'},
    {given: {'\u20ac': 1, '\ud83d\ude00': 2, '\r': 3, 'ö': 4}, want: '{"\\r":3,"ö":4,"€":1,"😀":2}'},
    {given: {n: [-0, 1e21, 1e-7, 0.1, 9007199254740993]}, want: '{"n":[0,1e+21,1e-7,0.1,9007199254740992]}'},
    {given: {'100': 1, '+1': {z: -0, a: 1}}, want: '{"+1":{"a":1,"z":0},"100":1}'},
    {given: {s: 'lone \ud800 surrogate, "quotes" and \u0001'}, want: '{"s":"lone \\ud800 surrogate, \\"quotes\\" and \\u0001"}'},
    {given: {kept: 1, dropped: undefined}, want: '{"kept":1}'},
    {given: {c: {b: undefined, a: 1}, b: 2, a: undefined}, want: '{"b":2,"c":{"a":1}}'},
    {
      given: Object.fromEntries(Array.from({length: 40}, (_, index) => [`k${String(39 - index).padStart(2, '0')}`, index])),
      want: `{${Array.from({length: 40}, (_, index) => `"k${String(index).padStart(2, '0')}":${39 - index}`).join(',')}}`,
    },
    {given: JSON.parse('{"__proto__": {"polluted": true}}') as unknown, want: '{"__proto__":{"polluted":true}}'},
  ])('canonicalises $want', ({given, want}) => {
    const {json, value} = canonicalForm(given)
    expect(json).toBe(want)
    expect(json).toBe(canonicalize(given))
    expect(keyOrder(value)).toEqual(keyOrder(JSON.parse(want)))
    expect(({} as {polluted?: boolean}).polluted).toBeUndefined()
  })

  it.each([
    {given: 'text', want: {depth: 0, longestString: 4}},
    {given: [], want: {depth: 1, longestString: 0}},
    {given: {abc: [1, {x: 'ab'}]}, want: {depth: 3, longestString: 3}},
    {given: [[['a']], 'abcdef'], want: {depth: 3, longestString: 6}},
    {given: {b: {'a-long-key': undefined}, a: 'xy'}, want: {depth: 2, longestString: 10}},
  ])('measures $given: nesting depth and longest string or key', ({given, want}) => {
    expect(canonicalForm(given)).toMatchObject(want)
  })

  it.each([
    {given: Number.NaN, want: {pointer: '', reason: 'is NaN, not a JSON number'}},
    {given: {x: Number.POSITIVE_INFINITY}, want: {pointer: '/x', reason: 'is Infinity, not a JSON number'}},
    {given: {x: [0, () => 1]}, want: {pointer: '/x/1', reason: 'is a function, not JSON data'}},
    {given: {'~/': 1n}, want: {pointer: '/~0~1', reason: 'is a bigint, not JSON data'}},
    {given: {x: new Date(0)}, want: {pointer: '/x', reason: 'is a Date object, not JSON data'}},
    {given: [1, undefined], want: {pointer: '/1', reason: 'is undefined, not JSON data'}},
  ])('refuses $given, which is not JSON data, saying where', ({given, want}) => {
    expect(() => canonicalForm(given)).toThrow(expect.objectContaining(want))
  })
})

// Long text is hashed a megabyte of characters at a time; a pair split across two would hash as two replacement characters.
const CHUNK = 1 << 20
describe.each([
  {given: 'empty', text: ''},
  {given: 'ASCII longer than a chunk', text: 'a'.repeat(CHUNK * 2 + 3)},
  {given: 'a surrogate pair across the first chunk boundary', text: `${'a'.repeat(CHUNK - 1)}\u{1F600}${'b'.repeat(10)}`},
  {given: 'a surrogate pair ending the text at a boundary', text: `${'a'.repeat(CHUNK - 1)}\u{1F600}`},
  {given: 'pairs on every boundary', text: `${'a'.repeat(CHUNK - 1)}\u{1F600}`.repeat(3)},
  {given: 'a lone high surrogate at a boundary', text: `${'a'.repeat(CHUNK - 1)}\uD83Dx`},
])('sha256Hex of $given', ({text}) => {
  it('is the SHA-256 of its UTF-8 encoding', () => {
    expect(sha256Hex(text)).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'))
  })
})
