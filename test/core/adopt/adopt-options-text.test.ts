import {describe, expect, it} from 'vitest'

import {type AdoptOptions, type AdoptOptionsText, adoptOptionsFromText} from '../../../src/core/adopt/index.js'

// The text form a command line gives: parsed and checked once, here, naming options by key.
describe('adoptOptionsFromText', () => {
  describe.each<{given: string; text: AdoptOptionsText; want: Partial<AdoptOptions>}>([
    {given: 'no options', text: {}, want: {defaultScopes: null, tagScopes: {}, readScopes: null, writeScopes: null, destructiveMethods: undefined}},
    {given: 'default scopes', text: {defaultScopes: ['a.read']}, want: {defaultScopes: ['a.read']}},
    {given: 'any caller by default', text: {defaultAnyone: true}, want: {defaultScopes: []}},
    {given: 'tag scopes, one tag twice', text: {tagScopes: ['pets=p.read', 'pets=p.write', 'open=']}, want: {tagScopes: {pets: ['p.read', 'p.write'], open: []}}},
    {given: 'a scope holding "="', text: {tagScopes: ['pets=a=b']}, want: {tagScopes: {pets: ['a=b']}}},
    {given: 'methods', text: {destructiveMethods: ['delete', 'post']}, want: {destructiveMethods: ['delete', 'post']}},
    {given: 'no method', text: {destructiveMethods: ['none']}, want: {destructiveMethods: []}},
  ])('$given', ({text, want}) => {
    it('gives the options', () => {
      expect(adoptOptionsFromText(text)).toMatchObject(want)
    })
  })

  describe.each<{given: string; text: AdoptOptionsText; want: string}>([
    {given: 'both default forms', text: {defaultScopes: ['a'], defaultAnyone: true}, want: '`defaultScopes` and `defaultAnyone` exclude each other: pass one of them.'},
    {given: 'a tag scope without "="', text: {tagScopes: ['pets']}, want: '`tagScopes` "pets": write TAG=SCOPE, e.g. `tagScopes` instances=incus.instances.'},
    {given: 'an empty tag', text: {tagScopes: ['=p.read']}, want: '`tagScopes`: the tag name is empty. Write TAG=SCOPE, e.g. instances=incus.instances.'},
    {given: 'none with a method', text: {destructiveMethods: ['none', 'delete']}, want: '`destructiveMethods` none cannot be combined with a method.'},
    {given: 'an unknown method', text: {destructiveMethods: ['remove']}, want: '`destructiveMethods`: "remove" is not an HTTP method.'},
    {given: 'a bad scope', text: {readScopes: ['a b']}, want: '`readScopes`: "a b" is not a scope'},
  ])('$given', ({text, want}) => {
    it('is refused as usage, naming the option by key', () => {
      expect(() => adoptOptionsFromText(text)).toThrow(expect.objectContaining({kind: 'usage', message: expect.stringContaining(want)}))
    })
  })

  it('keeps the other options as given', () => {
    expect(adoptOptionsFromText({}, {strict: true, includeTags: ['pets']})).toMatchObject({strict: true, includeTags: ['pets']})
  })
})
