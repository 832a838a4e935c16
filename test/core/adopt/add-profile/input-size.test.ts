import {describe, expect, it} from 'vitest'

import {adoptDocument} from '../../../../src/core/adopt/index.js'
import {SchemaValidator} from '../../../../src/core/execute/schema-validator.js'
import {validateDocument} from '../../../../src/core/profile/index.js'
import type {JsonSchema} from '../../../../src/core/profile/operation-record.js'
import {at} from '../adopt-fixture.js'

// Level n has WIDTH properties, each a reference to level n + 1: past the input limit once copied in.
const WIDTH = 60
const LEVELS = 40

function deepBody(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {}
  for (let level = 0; level < LEVELS; level++) {
    const next = level + 1 < LEVELS ? {$ref: `#/components/schemas/L${level + 1}`} : {type: 'string'}
    schemas[`L${level}`] = {type: 'object', properties: Object.fromEntries(Array.from({length: WIDTH}, (_, n) => [`p${n}`, next])), additionalProperties: false}
  }
  return {
    openapi: '3.1.0',
    info: {title: 'Deep', version: '1'},
    paths: {
      '/jobs': {
        post: {operationId: 'createJob', summary: 'Create a job', requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/L0'}}}}, responses: {'200': {description: 'OK'}}},
      },
    },
    components: {schemas},
  }
}

describe('a body schema past the input limit', () => {
  it('is written out within the limit, with a warning, the operation kept', async () => {
    const {document, warnings, report} = await adoptDocument(deepBody(), {defaultScopes: []})
    expect(report.operations).toBe(1)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({kind: 'schema-trimmed', pointer: '/paths/~1jobs/post/requestBody/content/application~1json/schema', operation_id: 'createJob'})
    const {operations} = validateDocument(document)
    // The body stays the operation's input (null would mean it was dropped, which toBeDefined let through).
    expect(operations[0]!.body).toMatchObject({contentType: 'application/json', required: expect.any(Boolean)})
    // Levels kept whole still refuse what they refused; deeper values are not checked.
    const schema = at(document, '/paths/~1jobs/post/requestBody/content/application~1json/schema') as JsonSchema
    const validator = new SchemaValidator()
    expect(validator.matches(schema, {p0: {p1: {}}})).toBe(true)
    expect(validator.matches(schema, {unknown: 1})).toBe(false)
    expect(validator.matches(schema, {p0: {p0: {p0: {p0: {p0: {p0: 'deep'}}}}}})).toBe(true)
  })

  it('leaves a body within the limit as written', async () => {
    const given = deepBody() as {components: {schemas: Record<string, unknown>}}
    for (let level = 2; level < LEVELS; level++) delete given.components.schemas[`L${level}`]
    given.components.schemas.L1 = {type: 'string'}
    const {document, warnings} = await adoptDocument(given, {defaultScopes: []})
    expect(warnings).toStrictEqual([])
    expect(at(document, '/paths/~1jobs/post/requestBody/content/application~1json/schema')).toStrictEqual({$ref: '#/components/schemas/L0'})
  })
})

describe('references into paths', () => {
  it('are copied before adoption rewrites what they name', async () => {
    const given = {
      openapi: '3.0.3',
      info: {title: 'Refs', version: '1'},
      paths: {
        '/things': {
          post: {
            operationId: 'createThing',
            summary: 'Create a thing',
            requestBody: {content: {'application/xml': {schema: {type: 'object', properties: {name: {type: 'string'}}}}}},
            responses: {'200': {description: 'OK', content: {'application/json': {schema: {$ref: '#/paths/~1things/post/requestBody/content/application~1xml/schema'}}}}},
          },
        },
      },
    }
    const {document} = await adoptDocument(given, {defaultScopes: []})
    expect(at(document, '/paths/~1things/post/responses/200/content/application~1json/schema')).toStrictEqual({type: 'object', properties: {name: {type: 'string'}}})
  })
})
