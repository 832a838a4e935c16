import {OPENAPI_OBJECTS, type ObjectName, objectTitle} from '../../openapi/index.js'
import {SUBSCHEMA_PLACES} from '../../profile/index.js'
import {childPointer, quoteJson} from '../../json/index.js'
import {withArticle} from '../../text/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'

/**
 * What the specification says a field holds, where a string can stand for it
 * unambiguously: a 'bound' is OpenAPI 3.0's boolean or 3.1's number, and a 'schema' a
 * keyword holding one subschema, which "true" or "false" can only mean as a boolean schema.
 */
export type ValueType = 'boolean' | 'number' | 'count' | 'bound' | 'schema'

const VALUE_TYPES: ReadonlySet<string> = new Set<ValueType>(['boolean', 'number', 'count', 'bound'])

/**
 * The fields of an object the model types as booleans or numbers, and for a Schema
 * Object the keywords holding one subschema, in the model's order.
 */
function typedFields(kind: ObjectName): ReadonlyArray<readonly [string, ValueType]> {
  const typed = Object.entries(OPENAPI_OBJECTS[kind].fields).flatMap(([field, shape]) => (VALUE_TYPES.has(shape.is) ? [[field, shape.is as ValueType] as const] : []))
  if (kind !== 'Schema') return typed
  return [...typed, ...[...SUBSCHEMA_PLACES].filter(([, place]) => place === 'schema').map(([keyword]) => [keyword, 'schema'] as const)]
}

const TYPED_FIELDS: ReadonlyMap<ObjectName, ReadonlyArray<readonly [string, ValueType]>> = new Map(Object.keys(OPENAPI_OBJECTS).map((kind) => [kind as ObjectName, typedFields(kind as ObjectName)]))

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/

/**
 * The value a string stands for, when the field is typed and the string can mean one
 * thing only: "true"/"false" for a boolean, a JSON number for a number, a non-negative
 * integer for a count, either for a bound.
 */
export function typedValue(text: string, type: ValueType): boolean | number | undefined {
  const trimmed = text.trim()
  if (type === 'boolean' || type === 'schema' || (type === 'bound' && (trimmed === 'true' || trimmed === 'false'))) return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined
  if (!NUMBER.test(trimmed)) return undefined
  const number = Number(trimmed)
  if (!Number.isFinite(number)) return undefined
  if (type === 'count' && (!Number.isInteger(number) || number < 0)) return undefined
  return number
}

/**
 * Repairs one object's own fields in place, with a warning each: a typed field written as
 * a string becomes the boolean or number it says, and a field the object does not have
 * (not an `x-` extension) is removed.
 */
export function repairFields(object: Record<string, unknown>, kind: ObjectName, pointer: string, warnings: AdoptWarnings): void {
  for (const [field, type] of TYPED_FIELDS.get(kind) ?? []) {
    const value = object[field]
    if (typeof value !== 'string') continue
    const retyped = typedValue(value, type)
    if (retyped === undefined) continue
    object[field] = retyped
    const typedAs = type === 'schema' ? 'a schema, which a string can only mean as the boolean schema' : `a ${typeof retyped === 'boolean' ? 'boolean' : 'number'}`
    warnings.add('value-retyped', childPointer(pointer, field), `"${field}" is the string ${quoteJson(value)}, where OpenAPI types it as ${typedAs}`, `it became ${String(retyped)}.`)
  }
  const model = OPENAPI_OBJECTS[kind]
  if (model.open) return
  for (const field of Object.keys(object)) {
    if (Object.hasOwn(model.fields, field) || field.startsWith('x-')) continue
    warnings.add('field-removed', childPointer(pointer, field), `"${field}" is not a field of ${noun(kind)} in OpenAPI (name it "x-${field}" to keep it as an extension)`, 'it was removed.')
    delete object[field]
  }
}

/** The object as the warning names it: "a Path Item", "an Encoding Object". */
function noun(kind: ObjectName): string {
  if (kind === 'OpenAPI') return 'the root object'
  const name = ['Components', 'MediaType', 'Encoding'].includes(kind) ? `${objectTitle(kind)} Object` : objectTitle(kind)
  return withArticle(name)
}
