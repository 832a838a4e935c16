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

  describe.each<{given: string; text: AdoptOptionsText; want: {fault: string; option: string}}>([
    {given: 'both default forms', text: {defaultScopes: ['a'], defaultAnyone: true}, want: {fault: 'Default scopes and opening operations to any caller exclude each other.', option: 'defaultScopes'}},
    {given: 'a tag scope without "="', text: {tagScopes: ['pets']}, want: {fault: 'The tag scope "pets" has no "=".', option: 'tagScopes'}},
    {given: 'an empty tag', text: {tagScopes: ['=p.read']}, want: {fault: 'A tag scope has an empty tag name.', option: 'tagScopes'}},
    {given: 'none with a method', text: {destructiveMethods: ['none', 'delete']}, want: {fault: 'The destructive method none cannot be combined with a method.', option: 'destructiveMethods'}},
    {given: 'an unknown method', text: {destructiveMethods: ['remove']}, want: {fault: '"remove" is not an HTTP method.', option: 'destructiveMethods'}},
    {given: 'a bad scope', text: {readScopes: ['a b']}, want: {fault: 'The read scopes: "a b" is not a scope.', option: 'readScopes'}},
  ])('$given', ({text, want}) => {
    it('is refused as usage, its remedy passing the option by key', () => {
      expect(() => adoptOptionsFromText(text)).toThrow(
        expect.objectContaining({
          kind: 'usage',
          fault: want.fault,
          message: expect.stringContaining(`Pass \`${want.option}\` `),
          remedy: {kind: 'pass-option', choices: expect.arrayContaining([expect.objectContaining({option: want.option})])},
        }),
      )
    })
  })

  it('keeps the other options as given', () => {
    expect(adoptOptionsFromText({}, {strict: true, includeTags: ['pets']})).toMatchObject({strict: true, includeTags: ['pets']})
  })
})
