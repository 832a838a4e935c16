import diagnosticsChannel from 'node:diagnostics_channel'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {ADOPT_DEFAULTS, adoptDocument} from '../../../src/core/adopt/index.js'
import {TamaError} from '../../../src/core/errors/tama-error.js'
import {readDocumentFile} from '../../../src/core/profile/index.js'
import {FIXTURES, adoptFixture} from './adopt-fixture.js'

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

describe('adoptDocument', () => {
  it.each(['swagger-2.yaml', 'schemas-3.0.yaml', 'operations.yaml'])('is deterministic and never changes its input: %s', async (name) => {
    const input = deepFreeze(await readDocumentFile(`${FIXTURES}${name}`))
    const before = JSON.stringify(input)
    const first = await adoptDocument(input, {defaultScopes: []})
    const second = await adoptDocument(input, {defaultScopes: []})
    expect(JSON.stringify(second)).toBe(JSON.stringify(first))
    expect(JSON.stringify(input)).toBe(before)
  })

  it.each(['swagger-2.yaml', 'schemas-3.0.yaml', 'operations.yaml', 'operation-ids.yaml'])('adopts its own output to the same document: %s', async (name) => {
    const {document} = await adoptFixture(name)
    const again = await adoptDocument(document, {})
    expect(again.document).toStrictEqual(document)
    expect(again.warnings).toStrictEqual([])
    expect(again.report).toMatchObject({from: '3.1', generatedIds: 0, renamedIds: [], derivedSummaries: 0})
  })

  it.each([
    {given: {title: 'T', version: 1}, want: {title: 'T', version: '1'}, warned: ['/info/version']},
    {given: {title: 2024, version: '1'}, want: {title: '2024', version: '1'}, warned: ['/info/title']},
  ])('writes a number in info as a string, with a warning: $given', async ({given, want, warned}) => {
    const {document, warnings} = await adoptDocument({openapi: '3.0.3', info: given, paths: {}}, {defaultScopes: []})
    expect(document.info).toStrictEqual(want)
    expect(warnings.map((warning) => warning.pointer)).toStrictEqual(warned)
  })

  it('puts the profile fields first', async () => {
    const {document} = await adoptFixture('swagger-2.yaml', {defaultScopes: ['pets']})
    expect(Object.keys(document).slice(0, 4)).toStrictEqual(['openapi', 'x-tama-profile', 'x-tama-scopes', 'info'])
    expect(document['x-tama-profile']).toBe('tama-operations/1')
  })

  it.each([
    {name: 'an array', given: [], want: 'the root must be an object'},
    {name: 'a string', given: 'openapi: 3.0.0', want: 'the root must be an object'},
    {name: 'an object without a version', given: {info: {title: 'x', version: '1'}}, want: 'neither "openapi" nor "swagger"'},
    {name: 'Swagger 1.2', given: {swagger: '1.2'}, want: '"1.2" is not a version adoption reads'},
    {name: 'an unquoted Swagger version', given: {swagger: 2}, want: 'Write the version as a string: "2.0"'},
    {name: 'OpenAPI 3.2', given: {openapi: '3.2.0'}, want: '"3.2.0" is not a version adoption reads'},
    {name: 'paths that are not an object', given: {openapi: '3.0.3', info: {title: 'x', version: '1'}, paths: []}, want: '"paths" must be an object'},
    {name: 'a value JSON cannot hold', given: {openapi: '3.0.3', info: {title: 'x', version: new Date(0)}}, want: 'not plain JSON data'},
  ])('refuses $name as invalid_document', async ({given, want}) => {
    await expect(adoptDocument(given, {defaultScopes: [], source: 'in.yaml'})).rejects.toMatchObject({kind: 'invalid_document', message: expect.stringContaining(want)})
  })

  it('never fails on malformed input but with invalid_document, and what it returns validates', async () => {
    const key = fc.constantFrom('type', 'nullable', '$ref', 'example', 'allOf', 'items', 'properties', 'required', 'enum', 'exclusiveMinimum', 'pattern', 'name', 'in', 'schema', 'content', 'parameters', 'requestBody', 'responses', 'callbacks', 'operationId', 'summary', 'tags', 'x-tama-scopes', 'application/json', '*/*', '200', 'get', 'delete', '/a/{id}', 'body', 'cookie', 'path', '__proto__')
    const leaf = fc.oneof(fc.constantFrom('#/components/schemas/A', 'x.yaml#/B', '#/nope', 'string', 'null', 'file', '(', 'cookie', 'path', 'query', ''), fc.boolean(), fc.integer(), fc.constant(null))
    const value = fc.letrec((tie) => ({node: fc.oneof({depthSize: 'small'}, leaf, fc.array(tie('node'), {maxLength: 3}), fc.dictionary(key, tie('node'), {maxKeys: 4}))})).node
    const document = fc.record({
      version: fc.constantFrom({swagger: '2.0'}, {openapi: '3.0.3'}, {openapi: '3.1.0'}),
      paths: fc.dictionary(fc.constantFrom('/a', '/a/{id}', '/b?x=1', 'bad'), fc.dictionary(key, value, {maxKeys: 5}), {maxKeys: 3}),
      schemas: fc.dictionary(fc.constantFrom('A', 'B'), value, {maxKeys: 2}),
    })
    await fc.assert(
      fc.asyncProperty(document, async ({version, paths, schemas}) => {
        const input = {...version, info: {title: 'T', version: '1'}, paths, components: {schemas}}
        try {
          await adoptDocument(JSON.parse(JSON.stringify(input)), {defaultScopes: []})
        } catch (error) {
          expect(error).toBeInstanceOf(TamaError)
          expect((error as TamaError).kind).toBe('invalid_document')
        }
      }),
      {numRuns: 300, seed: 20_250_101},
    )
  })

  it('spells out every default in one frozen object', () => {
    expect(Object.isFrozen(ADOPT_DEFAULTS)).toBe(true)
    expect(ADOPT_DEFAULTS).toStrictEqual({
      source: 'input',
      defaultScopes: null,
      scopesFromSecurity: false,
      tagScopes: {},
      readScopes: null,
      writeScopes: null,
      destructiveMethods: ['delete'],
      summaryLength: 120,
      strict: false,
      includeTags: [],
      excludeTags: [],
      includePaths: [],
      keywords: {},
    })
  })

  it('publishes an adopt span with counts only', async () => {
    const seen: unknown[] = []
    const listener = (message: unknown) => seen.push({...(message as object)})
    diagnosticsChannel.subscribe('tracing:tama-dex:adopt:asyncEnd', listener)
    try {
      await adoptFixture('operations.yaml')
    } finally {
      diagnosticsChannel.unsubscribe('tracing:tama-dex:adopt:asyncEnd', listener)
    }
    expect(seen).toStrictEqual([{operations: 8, outcome: 'ok', duration_ms: expect.any(Number)}])
  })
})
