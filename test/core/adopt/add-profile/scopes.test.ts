import {describe, expect, it} from 'vitest'

import {type AdoptOptions, adoptDocument} from '../../../../src/core/adopt/index.js'
import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {adoptFixture, at} from '../adopt-fixture.js'

const OPERATIONS = {
  list_pets: '/paths/~1pets/get',
  create_pet: '/paths/~1pets/post',
  wipe_pets: '/paths/~1pets~1all/delete',
  health: '/paths/~1health/get',
  declared: '/paths/~1declared/delete',
} as const

type Want = Record<keyof typeof OPERATIONS, readonly string[] | 'default'>

describe('scope options, one rule at a time and in precedence', () => {
  it.each<{name: string; given: AdoptOptions; want: Want; root?: readonly string[]}>([
    {
      name: 'a default scope set of "anyone" goes to the document level',
      given: {defaultScopes: []},
      want: {list_pets: 'default', create_pet: 'default', wipe_pets: 'default', health: 'default', declared: ['custom']},
      root: [],
    },
    {
      name: 'security scopes, the document-level security when the operation has none',
      given: {scopesFromSecurity: true, defaultScopes: ['fallback']},
      want: {list_pets: ['pets.read'], create_pet: ['pets.write'], wipe_pets: ['pets.write', 'admin'], health: 'default', declared: ['custom']},
      root: ['fallback'],
    },
    {
      name: 'tag scopes, every mapped tag of an operation',
      given: {tagScopes: {pets: ['pets'], admin: ['admin']}, defaultScopes: []},
      want: {list_pets: ['pets'], create_pet: ['pets'], wipe_pets: ['admin', 'pets'], health: 'default', declared: ['custom']},
      root: [],
    },
    {
      name: 'read and write scopes by method',
      given: {readScopes: ['r'], writeScopes: ['w']},
      want: {list_pets: ['r'], create_pet: ['w'], wipe_pets: ['w'], health: ['r'], declared: ['custom']},
    },
    {
      name: 'own x-tama-scopes > security > tag > method > default',
      given: {scopesFromSecurity: true, tagScopes: {pets: ['t'], meta: ['m']}, readScopes: ['r'], writeScopes: ['w'], defaultScopes: ['d']},
      want: {list_pets: ['pets.read'], create_pet: ['pets.write'], wipe_pets: ['pets.write', 'admin'], health: ['m'], declared: ['custom']},
      root: ['d'],
    },
    {
      name: 'a tag mapped to no scope lets any caller in, before the method rule',
      given: {tagScopes: {meta: []}, readScopes: ['r'], writeScopes: ['w']},
      want: {list_pets: ['r'], create_pet: ['w'], wipe_pets: ['w'], health: [], declared: ['custom']},
    },
  ])('$name', async ({given, want, root}) => {
    const {document, report} = await adoptFixture('scopes.yaml', given)
    for (const [operation, scopes] of Object.entries(want)) {
      const declared = at(document, `${OPERATIONS[operation as keyof Want]}/x-tama-scopes`)
      expect(declared, operation).toStrictEqual(scopes === 'default' ? undefined : scopes)
    }
    expect(document['x-tama-scopes']).toStrictEqual(root)
    expect(Object.values(report.scopeSources).reduce((sum, n) => sum + n, 0)).toBe(5)
  })

  it.each<{name: string; given: AdoptOptions; want: {message: string; pointers: string[]}}>([
    {name: 'no scope option at all', given: {}, want: {message: 'No scope option given', pointers: []}},
    {
      name: 'options that leave operations out',
      given: {tagScopes: {pets: ['p']}},
      want: {message: '1 operation of scopes.yaml gets no scope', pointers: [OPERATIONS.health]},
    },
    {
      name: 'a read scope without a write scope',
      given: {readScopes: ['r']},
      want: {message: '2 operations of scopes.yaml get no scope', pointers: [OPERATIONS.create_pet, OPERATIONS.wipe_pets]},
    },
  ])('fails closed on $name, naming the option to pass', async ({given, want}) => {
    const failure = await adoptFixture('scopes.yaml', given).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TamaError)
    const error = failure as TamaError
    expect(error.kind).toBe('usage')
    expect(error.message).toContain(want.message)
    expect(error.message).toContain('`defaultScopes`')
    expect(error.problems.map((problem) => problem.pointer)).toStrictEqual(want.pointers)
  })

  it.each<{given: AdoptOptions; want: {fault: string; option: string}}>([
    {given: {defaultScopes: ['has space']}, want: {fault: 'The default scopes: "has space" is not a scope.', option: 'defaultScopes'}},
    {given: {readScopes: ['']}, want: {fault: 'The read scopes: "" is not a scope.', option: 'readScopes'}},
    {given: {tagScopes: {'': ['a']}}, want: {fault: 'A tag scope has an empty tag name.', option: 'tagScopes'}},
    {given: {tagScopes: {pets: ['a'.repeat(129)]}}, want: {fault: 'The tag scopes of "pets": "', option: 'tagScopes'}},
  ])('refuses a malformed scope option, its remedy passing the option by its library key: $want.fault', async ({given, want}) => {
    await expect(adoptFixture('scopes.yaml', given)).rejects.toMatchObject({
      kind: 'usage',
      fault: expect.stringContaining(want.fault),
      message: expect.stringContaining(`Pass \`${want.option}\` `),
      remedy: {kind: 'pass-option', choices: [{option: want.option}]},
    })
  })
})

describe('scopes the input declares badly are refused, never widened', () => {
  const document = (operation: Record<string, unknown>) => ({
    openapi: '3.0.3',
    info: {title: 'Bad', version: '1'},
    paths: {'/a': {get: {operationId: 'a', summary: 'A', responses: {'200': {description: 'OK'}}, ...operation}}},
  })

  it.each([
    {name: 'a security scope with a space', given: document({security: [{oauth: ['read all']}]}), want: '/paths/~1a/get/security/0/oauth/0'},
    {name: 'x-tama-scopes that is not a list', given: document({'x-tama-scopes': 'admin'}), want: '/paths/~1a/get/x-tama-scopes'},
    {name: 'a document-level x-tama-scopes with an empty scope', given: {...document({}), 'x-tama-scopes': ['']}, want: '/x-tama-scopes'},
  ])('$name', async ({given, want}) => {
    await expect(adoptDocument(given, {scopesFromSecurity: true, readScopes: ['r']})).rejects.toMatchObject({kind: 'invalid_document', problems: [{pointer: want}]})
  })
})

describe('destructive operations', () => {
  it.each<{given: AdoptOptions['destructiveMethods']; want: string[]}>([
    {given: undefined, want: ['wipe_pets']},
    {given: ['post', 'delete'], want: ['create_pet', 'wipe_pets']},
    {given: [], want: []},
  ])('methods $given mark $want (and an operation that says otherwise keeps its word)', async ({given, want}) => {
    const {document, report} = await adoptFixture('scopes.yaml', {defaultScopes: [], destructiveMethods: given})
    const marked = Object.entries(OPERATIONS)
      .filter(([, pointer]) => at(document, `${pointer}/x-tama-destructive`) === true)
      .map(([operation]) => operation)
    expect(marked).toStrictEqual(want)
    expect(at(document, `${OPERATIONS.declared}/x-tama-destructive`)).toBe(false)
    expect(report.destructive).toBe(want.length)
    // Confirmation is the profile's default for destructive operations: nothing is written.
    for (const pointer of Object.values(OPERATIONS)) expect(at(document, `${pointer}/x-tama-confirmation`)).toBeUndefined()
  })

  it('refuses an unknown method', async () => {
    await expect(adoptFixture('scopes.yaml', {defaultScopes: [], destructiveMethods: ['fetch' as 'get']})).rejects.toMatchObject({kind: 'usage'})
  })
})
