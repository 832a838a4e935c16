import {describe, expect, it} from 'vitest'

import {adoptDocument} from '../../../../src/core/adopt/index.js'
import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {LIMITS} from '../../../../src/core/profile/index.js'

const RESPONSES = {'200': {description: 'OK'}}

/** A description with one GET per `[path, tags]`, its operationId the path's words. */
function description(operations: ReadonlyArray<readonly [string, readonly string[]]>): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [path, tags] of operations) {
    paths[path] = {get: {operationId: `get${path.replaceAll(/[^a-z]/gi, '_')}`, summary: `Get ${path}`, tags, responses: RESPONSES}}
  }
  return {openapi: '3.1.0', info: {title: 'Subset', version: '1'}, paths}
}

const GIVEN = description([
  ['/users', ['users']],
  ['/users/me', ['users', 'me']],
  ['/usersettings', ['settings']],
  ['/groups', ['groups']],
  ['/groups/{id}/users', ['groups', 'users']],
  ['/admin', []],
])

async function adoptedPaths(options: Parameters<typeof adoptDocument>[1]): Promise<{paths: string[]; leftOut: number}> {
  const {document, report} = await adoptDocument(GIVEN, {defaultScopes: [], ...options})
  return {paths: Object.keys(document.paths as object), leftOut: report.subsetLeftOut}
}

describe('subset options', () => {
  it.each([
    {given: {includeTags: ['users']}, want: ['/users', '/users/me', '/groups/{id}/users']},
    {given: {excludeTags: ['users']}, want: ['/usersettings', '/groups', '/admin']},
    {given: {includeTags: ['users'], excludeTags: ['me']}, want: ['/users', '/groups/{id}/users']},
    {given: {includePaths: ['/users']}, want: ['/users', '/users/me']},
    {given: {includePaths: ['/users/', '/admin']}, want: ['/users', '/users/me', '/admin']},
    {given: {includePaths: ['/groups'], includeTags: ['users']}, want: ['/groups/{id}/users']},
    {given: {}, want: ['/users', '/users/me', '/usersettings', '/groups', '/groups/{id}/users', '/admin']},
  ])('$given adopts $want', async ({given, want}) => {
    const {paths, leftOut} = await adoptedPaths(given)
    expect(paths).toStrictEqual(want)
    expect(leftOut).toBe(6 - want.length)
  })

  it('is deterministic whatever the order of the options', async () => {
    const one = await adoptDocument(GIVEN, {defaultScopes: [], includeTags: ['groups', 'me']})
    const other = await adoptDocument(GIVEN, {defaultScopes: [], includeTags: ['me', 'groups', 'me']})
    expect(JSON.stringify(other.document)).toBe(JSON.stringify(one.document))
  })

  it.each([
    {given: {includeTags: ['user']}, message: 'no operation has the tag "user" to include. Largest tags: "users" (3), "groups" (2), "me" (1), "settings" (1). Pass `includeTags` with one of them.'},
    {given: {includePaths: ['/nothing']}, message: 'no operation is left once `includePaths` /nothing is applied'},
    {given: {includePaths: ['users']}, message: 'The path prefix "users" does not start with "/". Pass `includePaths` with a prefix such as /users.'},
    {given: {excludeTags: ['']}, message: 'The tags to exclude are not a list of non-empty strings. Pass `excludeTags` as a list of non-empty strings.'},
  ])('refuses $given as a usage error', async ({given, message}) => {
    const refusal = await adoptDocument(GIVEN, {defaultScopes: [], ...given}).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(TamaError)
    expect(refusal).toMatchObject({kind: 'usage'})
    expect((refusal as TamaError).message).toContain(message)
  })
})

describe('a document past the operation limit', () => {
  // Two tags, the larger alone within the limit.
  const big = description(Array.from({length: LIMITS.operations + 1}, (_, n) => [`/${n % 3 === 0 ? 'b' : 'a'}/${n}`, [n % 3 === 0 ? 'beta' : 'alpha']] as const))

  it('is refused with the ways to cut it', async () => {
    const refusal = await adoptDocument(big, {source: 'big.json', defaultScopes: []}).catch((error: unknown) => error)
    expect(refusal).toMatchObject({kind: 'invalid_document', problems: [{source: 'big.json', pointer: '/paths'}]})
    expect((refusal as TamaError).message).toBe(
      'big.json: The document has 10,001 operations; a profile document holds at most 10,000. Adopt it in parts. ' +
        'Largest tags: "alpha" (6667), "beta" (3334). Largest path prefixes: "/a" (6667), "/b" (3334). ' +
        'Pass `includeTags` TAG, or `excludeTags` TAG, or `includePaths` PREFIX (each repeatable).',
    )
  })

  it('is adopted in parts', async () => {
    const {report} = await adoptDocument(big, {defaultScopes: [], includeTags: ['beta']})
    expect(report).toMatchObject({operationsIn: 10_001, subsetLeftOut: 6667, operations: 3334})
  })
})
