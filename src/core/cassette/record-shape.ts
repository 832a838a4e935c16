import {childPointer, isObject} from '../json/index.js'

/** The subset of JSON Schema OPERATION_RECORD_SCHEMA is written in. */
export interface ShapeSchema {
  readonly type?: string | readonly string[]
  readonly const?: string
  readonly enum?: readonly string[]
  readonly pattern?: string
  readonly minItems?: number
  readonly required?: readonly string[]
  readonly properties?: Readonly<Record<string, ShapeSchema>>
  readonly additionalProperties?: false | ShapeSchema
  readonly items?: ShapeSchema
  readonly anyOf?: readonly ShapeSchema[]
}

/** The JSON Pointer of the first place where a value is not of the shape, or null. */
export type ShapeCheck = (value: unknown, pointer?: string) => string | null

const KEYWORDS = new Set(['type', 'const', 'enum', 'pattern', 'minItems', 'required', 'properties', 'additionalProperties', 'items', 'anyOf'])

/**
 * Compiles `schema` into a check of parsed JSON, with JSON Schema's meaning for the few
 * keywords OPERATION_RECORD_SCHEMA uses: so a copy checks a record's shape without loading
 * and compiling Ajv, which takes about as long as copying a small cassette. Throws on any
 * other keyword.
 */
export function compileShape(schema: ShapeSchema): ShapeCheck {
  for (const keyword of Object.keys(schema)) if (!KEYWORDS.has(keyword)) throw new Error(`compileShape cannot check the keyword ${keyword}`)
  const types = schema.type === undefined ? null : new Set([schema.type].flat())
  const values = schema.enum ?? (schema.const === undefined ? null : [schema.const])
  const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern, 'u')
  const anyOf = schema.anyOf?.map(compileShape) ?? null
  const items = schema.items === undefined ? null : compileShape(schema.items)
  const properties = new Map(Object.entries(schema.properties ?? {}).map(([name, sub]) => [name, compileShape(sub)]))
  const additional = schema.additionalProperties === undefined || schema.additionalProperties === false ? schema.additionalProperties : compileShape(schema.additionalProperties)
  const required = schema.required ?? []
  return (value, pointer = '') => {
    if (types !== null && !types.has(typeOf(value))) return pointer
    if (values !== null && !values.includes(value as string)) return pointer
    if (pattern !== null && typeof value === 'string' && !pattern.test(value)) return pointer
    if (anyOf !== null && anyOf.every((check) => check(value, pointer) !== null)) return pointer
    if (Array.isArray(value)) {
      if (schema.minItems !== undefined && value.length < schema.minItems) return pointer
      for (let index = 0; items !== null && index < value.length; index++) {
        const problem = items(value[index], childPointer(pointer, index))
        if (problem !== null) return problem
      }
    } else if (isObject(value)) {
      for (const name of required) if (!Object.hasOwn(value, name)) return childPointer(pointer, name)
      for (const name of Object.keys(value)) {
        const check = properties.get(name) ?? additional
        if (check === false) return childPointer(pointer, name)
        const problem = check === undefined ? null : check(value[name], childPointer(pointer, name))
        if (problem !== null) return problem
      }
    }
    return null
  }
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}
