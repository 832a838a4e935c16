import {describe, expect, it} from 'vitest'

import {type AdoptWarningKind, adoptDocument} from '../../../../src/core/adopt/index.js'
import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {validateDocument} from '../../../../src/core/profile/index.js'
import {typedValue} from '../../../../src/core/adopt/repair/object-fields.js'
import {at} from '../adopt-fixture.js'

const RESPONSES = {'200': {description: 'OK'}}

/** An OpenAPI 3.0 description with one GET /pets operation, changed by `patch`. */
function source(patch: (document: Record<string, any>) => void): Record<string, unknown> {
  const document: Record<string, any> = {
    openapi: '3.0.3',
    info: {title: 'Pets', version: '1'},
    paths: {'/pets': {get: {operationId: 'listPets', summary: 'List pets', responses: structuredClone(RESPONSES)}}},
  }
  patch(document)
  return document
}

interface Case {
  readonly name: string
  readonly given: Record<string, unknown>
  /** The value at `pointer` of the adopted document. */
  readonly want: {readonly pointer: string; readonly value: unknown}
  /** `found`: part of what the warning says it found, which strict refuses; `outcome`: part of what adoption did, which strict never claims. */
  readonly warning: {readonly kind: AdoptWarningKind; readonly pointer: string; readonly found: string; readonly outcome: string}
  /** Warnings in all, when the repair takes more than one. */
  readonly warnings?: number
}

const CASES: Case[] = [
  {
    name: 'a parameter\'s "required" written as a string',
    given: source((d) => (d.paths['/pets'].get.parameters = [{name: 'limit', in: 'query', required: 'false', schema: {type: 'integer'}}])),
    want: {pointer: '/paths/~1pets/get/parameters/0/required', value: false},
    warning: {kind: 'value-retyped', pointer: '/paths/~1pets/get/parameters/0/required', found: '"required" is the string "false"', outcome: 'it became false'},
  },
  {
    name: 'a schema\'s "maximum" written as a string',
    given: source((d) => (d.paths['/pets'].get.parameters = [{name: 'status', in: 'query', schema: {type: 'integer', maximum: '599'}}])),
    want: {pointer: '/paths/~1pets/get/parameters/0/schema', value: {type: 'integer', maximum: 599}},
    warning: {kind: 'value-retyped', pointer: '/paths/~1pets/get/parameters/0/schema/maximum', found: '"maximum" is the string "599"', outcome: 'it became 599'},
  },
  {
    name: 'a Response with a Swagger 2.0 "schema"',
    given: source((d) => (d.paths['/pets'].get.responses = {'200': {description: 'OK', schema: {type: 'array'}}})),
    want: {pointer: '/paths/~1pets/get/responses/200', value: {description: 'OK', content: {'application/json': {schema: {type: 'array'}}}}},
    warning: {kind: 'field-converted', pointer: '/paths/~1pets/get/responses/200/schema', found: 'a Response\'s "schema" is Swagger 2.0', outcome: 'it became the response\'s content for application/json'},
  },
  {
    name: 'a Response "schema" with the operation\'s "produces"',
    given: source((d) => Object.assign(d.paths['/pets'].get, {produces: ['application/xml'], responses: {'200': {description: 'OK', schema: {type: 'string'}}}})),
    want: {pointer: '/paths/~1pets/get/responses/200/content', value: {'application/xml': {schema: {type: 'string'}}}},
    warning: {kind: 'field-converted', pointer: '/paths/~1pets/get/produces', found: '"produces" is Swagger 2.0', outcome: 'it was removed'},
    warnings: 2,
  },
  {
    name: 'root "parameters" in an OpenAPI 3 document',
    given: source((d) => {
      d.parameters = {Limit: {name: 'limit', in: 'query', schema: {type: 'integer'}}}
      d.paths['/pets'].get.parameters = [{$ref: '#/parameters/Limit'}]
    }),
    want: {pointer: '/paths/~1pets/get/parameters/0', value: {$ref: '#/components/parameters/Limit'}},
    warning: {kind: 'field-converted', pointer: '/parameters', found: '"parameters" is Swagger 2.0', outcome: 'moved to components.parameters'},
  },
  {
    name: 'root "definitions" in an OpenAPI 3 document',
    given: source((d) => {
      d.definitions = {Pet: {type: 'object'}}
      d.paths['/pets'].get.responses['200'].content = {'application/json': {schema: {$ref: '#/definitions/Pet'}}}
    }),
    want: {pointer: '/components/schemas/Pet', value: {type: 'object'}},
    warning: {kind: 'field-converted', pointer: '/definitions', found: '"definitions" is Swagger 2.0', outcome: 'moved to components.schemas'},
  },
  {
    name: 'a path item nested in a path item',
    given: source((d) => (d.paths['/pets']['/{id}'] = {get: {operationId: 'getPet', summary: 'Get a pet', parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], responses: RESPONSES}})),
    want: {pointer: '/paths/~1pets~1{id}/get/operationId', value: 'getPet'},
    warning: {kind: 'path-lifted', pointer: '/paths/~1pets~1{id}', found: 'a path item is nested under the key', outcome: 'lifted to its full path "/pets/{id}"'},
  },
  {
    name: 'a query template in a path key that repeats a query parameter',
    given: source((d) => {
      d.paths['/pets?name={name}'] = d.paths['/pets']
      delete d.paths['/pets']
      d.paths['/pets?name={name}'].get.parameters = [{name: 'name', in: 'query', required: true, schema: {type: 'string'}}]
    }),
    want: {pointer: '/paths/~1pets/get/parameters/0/name', value: 'name'},
    warning: {kind: 'path-rewritten', pointer: '/paths/~1pets', found: 'repeats in its query string', outcome: 'it became "/pets"'},
  },
  {
    name: 'a stray field on an Operation',
    given: source((d) => (d.paths['/pets'].get.method = 'GET')),
    want: {pointer: '/paths/~1pets/get/method', value: undefined},
    warning: {kind: 'field-removed', pointer: '/paths/~1pets/get/method', found: '"method" is not a field of an Operation', outcome: 'it was removed'},
  },
  {
    name: 'a stray field on the root',
    given: source((d) => (d.source = 'generated')),
    want: {pointer: '/source', value: undefined},
    warning: {kind: 'field-removed', pointer: '/source', found: 'name it "x-source"', outcome: 'it was removed'},
  },
  {
    name: 'a boolean schema written as a string',
    given: source((d) => (d.components = {schemas: {Pet: {type: 'object', additionalProperties: 'true', properties: {tags: {type: 'array', items: ' false'}}}}})),
    want: {pointer: '/components/schemas/Pet', value: {type: 'object', additionalProperties: true, properties: {tags: {type: 'array', items: false}}}},
    warning: {kind: 'value-retyped', pointer: '/components/schemas/Pet/additionalProperties', found: 'a string can only mean as the boolean schema', outcome: 'it became true'},
    warnings: 2,
  },
  {
    name: 'an empty title',
    given: source((d) => (d.info.title = '')),
    want: {pointer: '/info/title', value: 'pets-api'},
    warning: {kind: 'title-added', pointer: '/info/title', found: 'info.title is empty', outcome: 'the file name "pets-api" was taken as the title'},
  },
  {
    name: 'one schema given to allOf',
    given: source((d) => (d.components = {schemas: {Pet: {allOf: {type: 'object'}}}})),
    want: {pointer: '/components/schemas/Pet', value: {allOf: [{type: 'object'}]}},
    warning: {kind: 'value-retyped', pointer: '/components/schemas/Pet/allOf', found: 'holds one schema, not a list of schemas', outcome: 'it became a list of that one schema'},
  },
  {
    name: 'a type that names no JSON type',
    given: source((d) => (d.components = {schemas: {Form: {type: 'application/json', description: 'A form'}}})),
    want: {pointer: '/components/schemas/Form', value: {description: 'A form'}},
    warning: {kind: 'schema-keyword-removed', pointer: '/components/schemas/Form/type', found: 'names no JSON type', outcome: 'it was removed'},
  },
]

describe.each(CASES)('repairs $name', ({given, want, warning, warnings: count = 1}) => {
  it('adopts it, with a warning at the place repaired', async () => {
    const {document, warnings} = await adoptDocument(given, {source: 'specs/pets-api.yaml', defaultScopes: []})
    expect(at(document, want.pointer)).toStrictEqual(want.value)
    expect(warnings).toHaveLength(count)
    const found = warnings.find((candidate) => candidate.pointer === warning.pointer)
    expect(found).toMatchObject({kind: warning.kind, pointer: warning.pointer})
    expect(found!.message).toContain(warning.found)
    expect(found!.message).toContain(warning.outcome)
    expect(() => validateDocument(document)).not.toThrow()
  })

  it('refuses it under strict, naming the place', async () => {
    const refusal = await adoptDocument(given, {source: 'specs/pets-api.yaml', defaultScopes: [], strict: true}).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(TamaError)
    expect(refusal).toMatchObject({kind: 'invalid_document'})
    const {problems, message} = refusal as TamaError
    expect(problems).toHaveLength(count)
    const problem = problems!.find((candidate) => candidate.pointer === warning.pointer)
    expect(problem).toStrictEqual({source: 'specs/pets-api.yaml', pointer: warning.pointer, message: expect.stringContaining(warning.found)})
    expect(problem!.message).not.toContain(warning.outcome)
    expect(message).toContain(`strict adoption refuses the input: it has ${count === 1 ? '1 mistake' : `${count} mistakes`} adoption would repair, the first at #`)
  })
})

describe('strict', () => {
  it('keeps what the profile cannot carry a warning, not a refusal', async () => {
    const given = source((d) => (d.paths['/pets'].get.callbacks = {onEvent: {'{$request.body#/url}': {post: {responses: RESPONSES}}}}))
    const {warnings} = await adoptDocument(given, {defaultScopes: [], strict: true})
    expect(warnings.map((warning) => warning.kind)).toStrictEqual(['callback-dropped'])
  })

  it('lists every mistake as a problem', async () => {
    const given = source((d) => {
      d.info.title = ''
      d.paths['/pets'].get.deprecated = 'true'
    })
    const refusal = await adoptDocument(given, {source: 'pets.yaml', defaultScopes: [], strict: true}).catch((error: unknown) => error)
    expect((refusal as TamaError).problems.map((problem) => problem.pointer)).toStrictEqual(['/paths/~1pets/get/deprecated', '/info/title'])
  })
})

describe('what is not repaired', () => {
  it.each([
    {name: 'a string that is not a boolean', patch: (d: Record<string, any>) => (d.paths['/pets'].get.parameters = [{name: 'q', in: 'query', required: 'yes', schema: {}}])},
    {name: 'a subschema written as a string that is not a boolean', patch: (d: Record<string, any>) => (d.components = {schemas: {Pet: {additionalProperties: 'yes'}}})},
    {name: 'a negative count', patch: (d: Record<string, any>) => (d.components = {schemas: {Name: {type: 'string', maxLength: '-1'}}})},
  ])('$name is left for the profile to refuse', async ({patch}) => {
    const refusal = await adoptDocument(source(patch), {defaultScopes: []}).catch((error: unknown) => error)
    expect(refusal).toMatchObject({kind: 'invalid_document'})
  })

  // `required` may name any property, declared or not: it is valid JSON Schema, and dropping a
  // name would make the schema accept input the API rejects.
  it.each([
    {name: 'declared by a sibling allOf branch', pet: {allOf: [{properties: {name: {}}, required: ['name', 'species']}, {properties: {species: {}}}]}, pointer: '/components/schemas/Pet/allOf/0/required', want: ['name', 'species']},
    {name: 'declared by another keyword of the schema', pet: {allOf: [{properties: {id: {}}}], required: ['id'], properties: {name: {}}}, pointer: '/components/schemas/Pet/required', want: ['id']},
    {name: 'declared by a schema that references this one', pet: {properties: {owner: {allOf: [{$ref: '#/components/schemas/Named'}], properties: {id: {}}}}}, pointer: '/components/schemas/Named/required', want: ['id', 'name']},
    {name: 'declared nowhere', pet: {type: 'object', required: ['name', 'nmae'], properties: {name: {type: 'string'}}}, pointer: '/components/schemas/Pet/required', want: ['name', 'nmae']},
  ])('keeps a required name $name, strict or not', async ({pet, pointer, want}) => {
    const given = source((d) => (d.components = {schemas: {Pet: pet, Named: {required: ['id', 'name'], properties: {name: {}}}}}))
    for (const strict of [false, true]) {
      const {document, warnings} = await adoptDocument(structuredClone(given), {defaultScopes: [], strict})
      expect(at(document, pointer)).toStrictEqual(want)
      expect(warnings).toStrictEqual([])
    }
  })
})

describe('typedValue reads a string only when it has one meaning', () => {
  it.each([
    {given: ['false', 'boolean'], want: false},
    {given: [' true ', 'boolean'], want: true},
    {given: ['yes', 'boolean'], want: undefined},
    {given: ['599', 'number'], want: 599},
    {given: ['-0.5e3', 'number'], want: -500},
    {given: ['0x10', 'number'], want: undefined},
    {given: ['true', 'number'], want: undefined},
    {given: ['12', 'count'], want: 12},
    {given: ['1.5', 'count'], want: undefined},
    {given: ['-1', 'count'], want: undefined},
    {given: ['true', 'bound'], want: true},
    {given: ['10', 'bound'], want: 10},
  ] as const)('$given → $want', ({given: [text, type], want}) => {
    expect(typedValue(text, type)).toBe(want)
  })
})
