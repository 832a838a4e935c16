import {beforeAll, describe, expect, it} from 'vitest'

import {type AdoptResult, adoptDocument} from '../../../../src/core/adopt/index.js'
import {adoptFixture, at} from '../adopt-fixture.js'

let adopted: AdoptResult

beforeAll(async () => {
  adopted = await adoptFixture('operations.yaml')
})

describe('operations keep what the profile accepts and warn about each loss', () => {
  it.each([
    // Summaries from the first sentence of the description, else the operationId.
    {given: '/paths/~1sessions/post/summary', want: 'Creates a session for the user, e.g. a browser.'},
    {given: '/paths/~1sessions/get/summary', want: 'Lists sessions.'},
    {given: '/paths/~1objects~1{path}/get/summary', want: 'get_object'},
    {given: '/paths/~1objects~1{path}/patch/summary', want: 'Patch the object'},
    // Cookies and callbacks go; the query parameter stays.
    {given: '/paths/~1sessions/parameters', want: undefined},
    {given: '/paths/~1sessions/post/parameters', want: [{name: 'lang', in: 'query', schema: {type: 'string'}}]},
    {given: '/paths/~1sessions/post/callbacks', want: undefined},
    // A form body stays; a body that accepts anything is offered as JSON; +json stays.
    {given: '/paths/~1sessions/post/requestBody', want: {content: {'application/x-www-form-urlencoded': {schema: {type: 'object', properties: {user: {type: 'string'}}}}}}},
    {given: '/paths/~1objects~1{path}/put/requestBody', want: {content: {'application/json': {schema: {type: 'object'}}}}},
    {given: '/components/requestBodies/Patch/content/application~1merge-patch+json', want: {schema: {type: 'object'}}},
    // The path parameter keeps the name; "body" stays a parameter only while there is no body.
    {
      given: '/paths/~1objects~1{path}/get/parameters',
      want: [
        {name: 'path', in: 'path', required: true, schema: {type: 'string'}},
        {name: 'body', in: 'query', schema: {type: 'string'}},
      ],
    },
    {given: '/paths/~1objects~1{path}/put/parameters', want: [{name: 'path', in: 'path', required: true, schema: {type: 'string'}}]},
    // Path parameters match the path template, and are required.
    {given: '/paths/~1widgets~1{id}/get/parameters', want: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}]},
    {given: '/paths/~1widgets~1{id}/put/parameters', want: [{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}]},
    {given: '/paths/~1widgets~1{id}/delete/parameters', want: [{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}]},
  ])('$given', ({given, want}) => {
    expect(at(adopted.document, given)).toStrictEqual(want)
  })

  it('counts derived summaries', () => {
    expect(adopted.report.derivedSummaries).toBe(4)
  })

  it.each([
    {operation: 'create_session', pointer: '/paths/~1sessions/parameters/0', message: 'cookie parameter "trace"'},
    {operation: 'list_sessions', pointer: '/paths/~1sessions/parameters/0', message: 'cookie parameter "trace"'},
    {operation: 'create_session', pointer: '/paths/~1sessions/post/parameters/0', message: 'cookie parameter "sid"'},
    {operation: 'create_session', pointer: '/paths/~1sessions/post/callbacks/onDone', message: 'callback "onDone" is a request the API makes'},
    {operation: 'get_object', pointer: '/paths/~1objects~1{path}/get/parameters/1', message: 'query parameter "path" has the name of a path parameter'},
    {operation: 'put_object', pointer: '/paths/~1objects~1{path}/put/parameters/1', message: 'header parameter "body" has the name of the input property'},
    {operation: 'get_widget', pointer: '/paths/~1widgets~1{id}/get/parameters', message: 'path parameter "id" of "/widgets/{id}" is not declared'},
    {operation: 'delete_widget', pointer: '/paths/~1widgets~1{id}/delete/parameters/1', message: '"/widgets/{id}" has no {version}'},
  ])('warns at $pointer for $operation', ({operation, pointer, message}) => {
    const found = adopted.warnings.filter((warning) => warning.pointer === pointer && warning.operation_id === operation)
    expect(found).toHaveLength(1)
    expect(found[0]!.message).toContain(message)
  })

  it('warns about nothing else', () => {
    expect(adopted.warnings).toHaveLength(8)
  })
})

describe('texts and tags within the profile limits', () => {
  const operation = (fields: Record<string, unknown>) => ({
    openapi: '3.0.3',
    info: {title: 'Limits', version: '1'},
    paths: {'/a': {get: {operationId: 'a', responses: {'200': {description: 'OK'}}, ...fields}}},
  })

  it.each([
    {given: {summary: 's'.repeat(1100)}, field: 'summary', want: 1024},
    {given: {summary: 'S', description: 'word '.repeat(14_000)}, field: 'description', want: 65_536},
  ])('cuts an overlong $field with a warning', async ({given, field, want}) => {
    const {document, warnings} = await adoptDocument(operation(given), {defaultScopes: []})
    const text = at(document, `/paths/~1a/get/${field}`) as string
    expect(text.length).toBeLessThanOrEqual(want)
    expect(text.endsWith('…')).toBe(true)
    expect(warnings).toStrictEqual([{kind: 'text-cut', pointer: `/paths/~1a/get/${field}`, operation_id: 'a', message: expect.stringContaining(`more than the profile's ${want}; it was cut to ${want}.`)}])
  })

  it('keeps valid tags and drops the rest with a warning each', async () => {
    const {document, warnings} = await adoptDocument(operation({summary: 'S', tags: ['ok', '', 7, 't'.repeat(129), 'fine']}), {defaultScopes: []})
    expect(at(document, '/paths/~1a/get/tags')).toStrictEqual(['ok', 'fine'])
    expect(warnings.map((warning) => warning.pointer)).toStrictEqual(['/paths/~1a/get/tags/1', '/paths/~1a/get/tags/2', '/paths/~1a/get/tags/3'])
  })
})
