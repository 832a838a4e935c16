import {isObject, pointerOf} from '../json/index.js'

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
export type ShapeCheck = (value: unknown) => string | null

/** The path to the first place where a value is not of the shape, built only for a finding; or null. */
type PathCheck = (value: unknown) => Array<string | number> | null

const KEYWORDS = new Set(['type', 'const', 'enum', 'pattern', 'minItems', 'required', 'properties', 'additionalProperties', 'items', 'anyOf'])

/**
 * Compiles `schema` into a check of parsed JSON, with JSON Schema's meaning for the few
 * keywords OPERATION_RECORD_SCHEMA uses: so a copy checks a record's shape without loading
 * and compiling Ajv, which takes about as long as copying a small cassette. Throws on any
 * other keyword.
 */
export function compileShape(schema: ShapeSchema): ShapeCheck {
  const check = compilePath(schema)
  return (value) => {
    const path = check(value)
    return path === null ? null : pointerOf(path.reverse())
  }
}

function compilePath(schema: ShapeSchema): PathCheck {
  for (const keyword of Object.keys(schema)) if (!KEYWORDS.has(keyword)) throw new Error(`compileShape cannot check the keyword ${keyword}`)
  const types = schema.type === undefined ? null : new Set([schema.type].flat())
  const values = schema.enum ?? (schema.const === undefined ? null : [schema.const])
  const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern, 'u')
  const anyOf = schema.anyOf?.map(compilePath) ?? null
  const items = schema.items === undefined ? null : compilePath(schema.items)
  const properties = new Map(Object.entries(schema.properties ?? {}).map(([name, sub]) => [name, compilePath(sub)]))
  const additional = schema.additionalProperties === undefined || schema.additionalProperties === false ? schema.additionalProperties : compilePath(schema.additionalProperties)
  const required = schema.required ?? []
  // A finding's path is built backwards, from the place up, and reversed once.
  return (value) => {
    if (types !== null && !types.has(typeOf(value))) return []
    if (values !== null && !values.includes(value as string)) return []
    if (pattern !== null && typeof value === 'string' && !pattern.test(value)) return []
    if (anyOf !== null && anyOf.every((check) => check(value) !== null)) return []
    if (Array.isArray(value)) {
      if (schema.minItems !== undefined && value.length < schema.minItems) return []
      for (let index = 0; items !== null && index < value.length; index++) {
        const problem = items(value[index])
        if (problem !== null) return [...problem, index]
      }
    } else if (isObject(value)) {
      for (const name of required) if (!Object.hasOwn(value, name)) return [name]
      for (const name of Object.keys(value)) {
        const check = properties.get(name) ?? additional
        if (check === false) return [name]
        const problem = check === undefined ? null : check(value[name])
        if (problem !== null) return [...problem, name]
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
