import {describe, expect, it} from 'vitest'

import {withMember} from '../../../src/core/json/index.js'

describe('withMember', () => {
  it.each([
    {given: {object: {a: 1, c: 3}, key: 'b', value: 2}, want: [['a', 1], ['b', 2], ['c', 3]]},
    {given: {object: {b: 1}, key: 'a', value: 0}, want: [['a', 0], ['b', 1]]},
    {given: {object: {a: 1}, key: 'z', value: 2}, want: [['a', 1], ['z', 2]]},
    {given: {object: {}, key: 'description', value: 'x'}, want: [['description', 'x']]},
    {given: {object: {description: 'old', type: 'string'}, key: 'description', value: 'new'}, want: [['description', 'new'], ['type', 'string']]},
    {given: {object: {properties: {}, type: 'object'}, key: '$defs', value: {}}, want: [['$defs', {}], ['properties', {}], ['type', 'object']]},
  ])('places $given.key in code-unit order: $want', ({given, want}) => {
    const before = JSON.stringify(given.object)
    expect(Object.entries(withMember(given.object, given.key, given.value))).toEqual(want)
    expect(JSON.stringify(given.object)).toBe(before)
  })

  it('keeps a member named __proto__ as data', () => {
    const object = JSON.parse('{"__proto__": {"polluted": true}, "b": 1}') as object
    const copy = withMember(object, 'a', 0)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"a":0,"b":1}')
    expect(({} as {polluted?: boolean}).polluted).toBeUndefined()
  })
})
