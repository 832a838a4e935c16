import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {OPENAPI_OBJECTS, type ObjectModel, type ObjectName, type Shape} from '../../../src/core/openapi/index.js'
import {PROJECT_ROOT} from '../../helpers/cli.js'

const FOLDER = join(PROJECT_ROOT, 'src/core/openapi')
const OBJECT_FILES = readdirSync(FOLDER).filter((name) => name.endsWith('-object.ts'))
const MODELS = Object.entries(OPENAPI_OBJECTS) as Array<[ObjectName, ObjectModel]>

/** The objects a shape holds: a Schema Object for 'schema', the named kind for objects. */
function childObjects(shape: Shape): ObjectName[] {
  switch (shape.is) {
    case 'schema':
      return ['Schema']
    case 'object':
    case 'refOr':
      return [shape.kind]
    case 'array':
      return childObjects(shape.items)
    case 'map':
      return childObjects(shape.values)
    default:
      return []
  }
}

function children(model: ObjectModel): ObjectName[] {
  const shapes = [...Object.values(model.fields), ...Object.values(model.swagger2 ?? {}), ...(model.patterned ? [model.patterned.value] : [])]
  return shapes.flatMap(childObjects)
}

describe('the OpenAPI object model', () => {
  it.each(MODELS)('names %s after its key', (name, model) => {
    expect(model.name).toBe(name)
  })

  it.each(MODELS)('has every object %s holds', (_name, model) => {
    for (const child of children(model)) expect(Object.keys(OPENAPI_OBJECTS), `${model.name} holds ${child}`).toContain(child)
  })

  it('holds no object the OpenAPI Object cannot reach', () => {
    const reached = new Set<ObjectName>(['OpenAPI'])
    for (const name of reached) for (const child of children(OPENAPI_OBJECTS[name])) reached.add(child)
    expect([...reached].sort()).toEqual(Object.keys(OPENAPI_OBJECTS).sort())
  })

  it.each(MODELS)('lists only fields of its own as required or added by 3.1 in %s', (_name, model) => {
    for (const field of [...(model.required ?? []), ...(model.since31 ?? [])]) expect(Object.keys(model.fields)).toContain(field)
  })

  it.each(MODELS)('gives %s no Swagger 2.0 field that OpenAPI 3 also has', (_name, model) => {
    for (const field of Object.keys(model.swagger2 ?? {})) expect(Object.keys(model.fields)).not.toContain(field)
  })

  it.each(OBJECT_FILES)('opens %s with the link to the specification section it implements', (file) => {
    const firstLine = readFileSync(join(FOLDER, file), 'utf8').split('\n')[0]
    expect(firstLine).toBe(`// https://spec.openapis.org/oas/v3.1.0#${file.slice(0, -'.ts'.length)}`)
  })

  it('defines each object in one file of its own section, and every such file defines objects', async () => {
    const defined: string[] = []
    for (const file of OBJECT_FILES) {
      const module = (await import(join(FOLDER, file))) as Record<string, unknown>
      const models = Object.values(module).filter((value): value is ObjectModel => typeof value === 'object' && value !== null && 'fields' in value && 'name' in value)
      expect(models.length, file).toBeGreaterThan(0)
      for (const model of models) expect(OPENAPI_OBJECTS[model.name], `${file} ${model.name}`).toBe(model)
      defined.push(...models.map((model) => model.name))
    }
    expect(defined.sort()).toEqual(Object.keys(OPENAPI_OBJECTS).sort())
  })

  it.each([
    ['OpenAPI', 'paths', {is: 'object', kind: 'Paths'}],
    ['Components', 'pathItems', {is: 'map', values: {is: 'refOr', kind: 'PathItem'}}],
    ['PathItem', 'trace', {is: 'object', kind: 'Operation'}],
    ['Operation', 'requestBody', {is: 'refOr', kind: 'RequestBody'}],
    ['Parameter', 'required', {is: 'boolean'}],
    ['Header', 'style', {is: 'enum', values: ['simple']}],
    ['Schema', 'exclusiveMinimum', {is: 'bound'}],
  ] as const)('says what %s.%s holds', (name, field, want) => {
    expect(OPENAPI_OBJECTS[name].fields[field]).toMatchObject(want)
  })
})
