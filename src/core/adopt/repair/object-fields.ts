import {METHODS, SUBSCHEMA_PLACES} from '../../profile/index.js'
import {childPointer, quoteJson} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'

/** The OpenAPI objects adoption walks (see walk-document.ts). */
export type ObjectKind =
  | 'document'
  | 'components'
  | 'pathItem'
  | 'operation'
  | 'parameter'
  | 'header'
  | 'mediaType'
  | 'encoding'
  | 'requestBody'
  | 'response'
  | 'callback'
  | 'schema'
  | 'example'
  | 'link'
  | 'securityScheme'

/**
 * What the specification says a field holds, where a string can stand for it
 * unambiguously: a 'bound' is OpenAPI 3.0's boolean or 3.1's number, and a 'schema' a
 * keyword holding one subschema, which "true" or "false" can only mean as a boolean schema.
 */
export type ValueType = 'boolean' | 'number' | 'count' | 'bound' | 'schema'

const PARAMETER_FIELDS = ['description', 'required', 'deprecated', 'allowEmptyValue', 'style', 'explode', 'allowReserved', 'schema', 'example', 'examples', 'content']
const PARAMETER_TYPES = {required: 'boolean', deprecated: 'boolean', allowEmptyValue: 'boolean', explode: 'boolean', allowReserved: 'boolean'} as const

/**
 * The fields of each object in OpenAPI 3.0 and 3.1 (https://spec.openapis.org/oas/v3.1.0#schema,
 * https://spec.openapis.org/oas/v3.0.3#schema); `x-` extensions are always allowed.
 * Schema Objects, Callbacks and maps of objects are not listed: their keys are checked elsewhere.
 */
const OBJECT_FIELDS: Readonly<Partial<Record<ObjectKind, ReadonlySet<string>>>> = {
  document: new Set(['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs']),
  components: new Set(['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems']),
  pathItem: new Set(['$ref', 'summary', 'description', 'servers', 'parameters', ...METHODS]),
  operation: new Set(['tags', 'summary', 'description', 'externalDocs', 'operationId', 'parameters', 'requestBody', 'responses', 'callbacks', 'deprecated', 'security', 'servers']),
  parameter: new Set(['name', 'in', ...PARAMETER_FIELDS]),
  header: new Set(PARAMETER_FIELDS),
  mediaType: new Set(['schema', 'example', 'examples', 'encoding']),
  encoding: new Set(['contentType', 'headers', 'style', 'explode', 'allowReserved']),
  requestBody: new Set(['description', 'content', 'required']),
  response: new Set(['description', 'headers', 'content', 'links']),
  example: new Set(['summary', 'description', 'value', 'externalValue']),
  link: new Set(['operationRef', 'operationId', 'parameters', 'requestBody', 'description', 'server']),
  securityScheme: new Set(['type', 'description', 'name', 'in', 'scheme', 'bearerFormat', 'flows', 'openIdConnectUrl']),
}

/** The fields the specification types as booleans or numbers, by object. */
const TYPED_FIELDS: Readonly<Partial<Record<ObjectKind, Readonly<Record<string, ValueType>>>>> = {
  operation: {deprecated: 'boolean'},
  parameter: PARAMETER_TYPES,
  header: PARAMETER_TYPES,
  encoding: {explode: 'boolean', allowReserved: 'boolean'},
  requestBody: {required: 'boolean'},
  // JSON Schema validation keywords (https://json-schema.org/draft/2020-12/json-schema-validation) and OpenAPI 3.0's own.
  schema: {
    multipleOf: 'number',
    maximum: 'number',
    minimum: 'number',
    exclusiveMaximum: 'bound',
    exclusiveMinimum: 'bound',
    maxLength: 'count',
    minLength: 'count',
    maxItems: 'count',
    minItems: 'count',
    maxContains: 'count',
    minContains: 'count',
    maxProperties: 'count',
    minProperties: 'count',
    uniqueItems: 'boolean',
    nullable: 'boolean',
    readOnly: 'boolean',
    writeOnly: 'boolean',
    deprecated: 'boolean',
    ...Object.fromEntries([...SUBSCHEMA_PLACES].filter(([, place]) => place === 'schema').map(([keyword]) => [keyword, 'schema' as const])),
  },
}

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
export function repairFields(object: Record<string, unknown>, kind: ObjectKind, pointer: string, warnings: AdoptWarnings): void {
  const typed = TYPED_FIELDS[kind]
  if (typed !== undefined) {
    for (const [field, type] of Object.entries(typed)) {
      const value = object[field]
      if (typeof value !== 'string') continue
      const retyped = typedValue(value, type)
      if (retyped === undefined) continue
      object[field] = retyped
      const typedAs = type === 'schema' ? 'a schema, which a string can only mean as the boolean schema' : `a ${typeof retyped === 'boolean' ? 'boolean' : 'number'}`
      warnings.add('value-retyped', childPointer(pointer, field), `"${field}" is the string ${quoteJson(value)}, where OpenAPI types it as ${typedAs}`, `it became ${String(retyped)}.`)
    }
  }
  const fields = OBJECT_FIELDS[kind]
  if (fields === undefined) return
  for (const field of Object.keys(object)) {
    if (fields.has(field) || field.startsWith('x-')) continue
    warnings.add('field-removed', childPointer(pointer, field), `"${field}" is not a field of ${NOUNS[kind]} in OpenAPI (name it "x-${field}" to keep it as an extension)`, 'it was removed.')
    delete object[field]
  }
}

const NOUNS: Readonly<Partial<Record<ObjectKind, string>>> = {
  document: 'the root object',
  components: 'a Components Object',
  pathItem: 'a Path Item',
  operation: 'an Operation',
  parameter: 'a Parameter',
  header: 'a Header',
  mediaType: 'a Media Type Object',
  encoding: 'an Encoding Object',
  requestBody: 'a Request Body',
  response: 'a Response',
  example: 'an Example',
  link: 'a Link',
  securityScheme: 'a Security Scheme',
}
