import {describe, expect, it} from 'vitest'

import {RefResolver, type RefMode, type Resolution} from '../../../src/core/openapi/index.js'

const document = {
  components: {
    schemas: {Pet: {type: 'object'}, 'a/b': {type: 'string'}, Name: 'text'},
    parameters: {Id: {$ref: '#/components/parameters/Alias'}, Alias: {name: 'id', in: 'path'}, Loop: {$ref: '#/components/parameters/Back'}, Back: {$ref: '#/components/parameters/Loop'}},
    responses: {Odd: {$ref: 5}, Text: {$ref: '#/components/schemas/Name'}},
  },
}

interface Case {
  readonly given: string
  readonly strict: Resolution
  /** What the tolerant mode finds, undefined when it leads nowhere. */
  readonly tolerant: unknown
}

const OUTSIDE = (ref: string) =>
  `\`$ref\` ${JSON.stringify(ref)} points outside this document; tama-dex never reads other files or the network. Copy the target into \`components\` and refer to it as "#/components/…".`

const RESOLVE: readonly Case[] = [
  {given: '#/components/schemas/Pet', strict: {pointer: '/components/schemas/Pet', value: {type: 'object'}}, tolerant: {type: 'object'}},
  {given: '#/components/schemas/a~1b', strict: {pointer: '/components/schemas/a~1b', value: {type: 'string'}}, tolerant: {type: 'string'}},
  {given: '#/components/schemas/%50et', strict: {pointer: '/components/schemas/Pet', value: {type: 'object'}}, tolerant: {type: 'object'}},
  {given: '#', strict: {pointer: '', value: document}, tolerant: document},
  {given: 'pet.yaml#/Pet', strict: {error: OUTSIDE('pet.yaml#/Pet')}, tolerant: undefined},
  {given: 'https://example.com/pet.json', strict: {error: OUTSIDE('https://example.com/pet.json')}, tolerant: undefined},
  // Only a literal `#/` is a pointer to adoption; validation decodes first.
  {given: '#%2Fcomponents', strict: {pointer: '/components', value: document.components}, tolerant: undefined},
  {given: '#/components/%ZZ', strict: {error: '`$ref` "#/components/%ZZ" has malformed percent-encoding. Encode `%` as %25.'}, tolerant: undefined},
  {
    given: '#Pet',
    strict: {error: '`$ref` "#Pet" is not a JSON Pointer. Write it as "#/" followed by the path to the target, such as "#/components/schemas/Name".'},
    tolerant: undefined,
  },
  {given: '#/components/schemas/Cat', strict: {error: '`$ref` "#/components/schemas/Cat" points to nothing in this document. Add the target or correct the reference.'}, tolerant: undefined},
]

describe('RefResolver', () => {
  it.each(RESOLVE)('resolves $given', ({given, strict, tolerant}) => {
    expect(new RefResolver(document).resolve(given)).toEqual(strict)
    expect(new RefResolver(document, 'tolerant').target(given)).toEqual(tolerant)
  })

  const FOLLOW: ReadonlyArray<{given: unknown; mode: RefMode; want: Resolution}> = [
    {given: {$ref: '#/components/parameters/Id'}, mode: 'strict', want: {pointer: '/components/parameters/Alias', value: {name: 'id', in: 'path'}}},
    {given: {$ref: '#/components/parameters/Id'}, mode: 'tolerant', want: {pointer: '/components/parameters/Alias', value: {name: 'id', in: 'path'}}},
    {
      given: {$ref: '#/components/parameters/Loop'},
      mode: 'strict',
      want: {error: 'The reference chain #/at → #/components/parameters/Loop → #/components/parameters/Back → #/components/parameters/Loop is circular. Point the `$ref` at the object itself.'},
    },
    {given: {$ref: 5}, mode: 'strict', want: {error: '`$ref` must be a string, found an integer.'}},
    // A `$ref` that is no string is no reference to adoption: the object stands for itself.
    {given: {$ref: 5}, mode: 'tolerant', want: {pointer: '/at', value: {$ref: 5}}},
    {given: {$ref: '#/components/responses/Odd'}, mode: 'strict', want: {error: '`$ref` must be a string, found an integer.'}},
    {given: {$ref: '#/components/responses/Odd'}, mode: 'tolerant', want: {pointer: '/components/responses/Odd', value: {$ref: 5}}},
    {given: 'plain', mode: 'strict', want: {pointer: '/at', value: 'plain'}},
  ]

  it.each(FOLLOW)('follows $given in $mode mode', ({given, mode, want}) => {
    expect(new RefResolver(document, mode).follow(given, '/at')).toEqual(want)
  })

  it.each([
    [{$ref: '#/components/parameters/Id'}, {name: 'id', in: 'path'}],
    [{$ref: '#/components/parameters/Loop'}, undefined],
    [{$ref: '#/components/responses/Text'}, undefined],
    [{$ref: 'other.yaml'}, undefined],
    [{$ref: 5}, {$ref: 5}],
    [{name: 'q'}, {name: 'q'}],
    ['text', undefined],
  ])('finds the object %j stands for, tolerantly, or none', (given, want) => {
    expect(new RefResolver(document, 'tolerant').followToObject(given)).toEqual(want)
  })

  it('answers each reference from its cache once resolved', () => {
    const root = {a: {b: 1}}
    const resolver = new RefResolver(root)
    expect(resolver.target('#/a')).toEqual({b: 1})
    root.a = {b: 2}
    expect(resolver.target('#/a')).toEqual({b: 1})
  })
})
