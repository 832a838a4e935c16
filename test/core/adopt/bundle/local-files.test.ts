import {cp, mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {type AdoptFileResult, adoptFile} from '../../../../src/core/adopt/index.js'
import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {validateDocument} from '../../../../src/core/profile/index.js'
import {FIXTURES, at} from '../adopt-fixture.js'

let dir: string
let input: string
let adopted: AdoptFileResult
let document: Record<string, unknown>

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tama-bundle-'))
  await cp(`${FIXTURES}multi-file`, path.join(dir, 'multi-file'), {recursive: true})
  input = path.join(dir, 'multi-file/api/openapi.yaml')
  // Inside the folder by its name, outside it once resolved.
  await symlink(path.join(dir, 'multi-file/outside.yaml'), path.join(dir, 'multi-file/api/schemas/link.yaml'))
  const text = await readFile(input, 'utf8')
  await writeFile(input, text.replace("missing: {$ref: './schemas/missing.yaml'}", "missing: {$ref: './schemas/missing.yaml'}\n                  linked: {$ref: './schemas/link.yaml#/Secret'}"))
  adopted = await adoptFile(input, path.join(dir, 'out.json'), {defaultScopes: []})
  document = JSON.parse(await readFile(path.join(dir, 'out.json'), 'utf8')) as Record<string, unknown>
})

afterAll(async () => {
  await rm(dir, {recursive: true, force: true})
})

describe('a description split across files in its folder', () => {
  it('is bundled into one document that validates, every operation kept', () => {
    expect(adopted.report).toMatchObject({operationsIn: 2, operations: 2})
    expect(validateDocument(document).operations).toHaveLength(2)
  })

  it('takes ./schemas/pet.yaml, the files it names and ../common.yaml from a nested file', () => {
    expect(at(document, '/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema')).toStrictEqual({$ref: '#/components/schemas/pet'})
    const everything = JSON.stringify(document)
    expect(JSON.stringify(at(document, '/components/schemas/pet'))).toContain('"name":{"type":"string"}')
    expect(everything).toContain('"email":{"type":"string","format":"email"}')
    expect(everything).toContain('"required":["message"]')
    const {operations} = validateDocument(document)
    const getPet = operations.find((operation) => operation.operationId === 'getPet')!
    expect(getPet.parameters.map((parameter) => [parameter.name, parameter.in])).toStrictEqual([['id', 'path']])
  })

  it('never reads a file outside the folder', () => {
    expect(JSON.stringify(document)).not.toContain('never read')
  })

  it.each([
    {property: 'parent', ref: '../outside.yaml#/Secret'},
    {property: 'url', ref: 'https://example.com/schemas/thing.json'},
    {property: 'file', ref: 'file:///etc/passwd'},
    {property: 'absolute', ref: '/etc/passwd'},
    {property: 'missing', ref: './schemas/missing.yaml'},
    {property: 'linked', ref: './schemas/link.yaml#/Secret'},
  ])('removes $property: $ref with a warning naming it and its place', ({property, ref}) => {
    const pointer = `/paths/~1outside/get/responses/200/content/application~1json/schema/properties/${property}/$ref`
    const found = adopted.warnings.filter((warning) => warning.pointer === pointer)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({kind: 'reference-removed', operation_id: 'outside'})
    expect(found[0]!.message).toContain(`$ref ${JSON.stringify(ref)} points outside this document`)
    expect(at(document, pointer.slice(0, -'/$ref'.length))).toStrictEqual({})
  })

  it('warns about nothing else', () => {
    expect(adopted.warnings).toHaveLength(6)
  })

  it('is refused under strict, each reference a problem', async () => {
    const refusal = await adoptFile(input, path.join(dir, 'strict.json'), {defaultScopes: [], strict: true}).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(TamaError)
    expect(refusal).toMatchObject({kind: 'invalid_document'})
    expect((refusal as TamaError).problems.map((problem) => problem.pointer.split('/').at(-2))).toStrictEqual(['parent', 'url', 'file', 'absolute', 'missing', 'linked'])
  })
})

describe('the limits of a document apply to the bundled whole', () => {
  const nested = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : {type: 'array', items: nested(levels - 1, leaf)})

  it('refuses nesting past the limit once the files are put together, though each file keeps it', async () => {
    const folder = await mkdtemp(path.join(dir, 'deep-'))
    const root = {openapi: '3.1.0', info: {title: 'Deep', version: '1'}, paths: {}, components: {schemas: {Deep: nested(70, {$ref: './deep.json'})}}}
    await writeFile(path.join(folder, 'openapi.json'), JSON.stringify(root))
    await writeFile(path.join(folder, 'deep.json'), JSON.stringify(nested(70, {type: 'string'})))
    const refusal = await adoptFile(path.join(folder, 'openapi.json'), path.join(folder, 'out.json'), {defaultScopes: []}).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(TamaError)
    expect(refusal).toMatchObject({kind: 'invalid_document'})
    expect((refusal as TamaError).problems[0]!.message).toMatch(/nest/i)
  })

  it('refuses a referenced file that is not a document', async () => {
    const folder = await mkdtemp(path.join(dir, 'bad-'))
    await writeFile(path.join(folder, 'openapi.yaml'), "openapi: 3.1.0\ninfo: {title: Bad, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Bad: {$ref: './bad.yaml'}\n")
    await writeFile(path.join(folder, 'bad.yaml'), 'a: [unclosed\n')
    const refusal = await adoptFile(path.join(folder, 'openapi.yaml'), path.join(folder, 'out.json'), {defaultScopes: []}).catch((error: unknown) => error)
    expect(refusal).toMatchObject({kind: 'invalid_document', problems: [{source: path.join(folder, 'bad.yaml')}]})
  })
})
