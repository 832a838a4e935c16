import {childPointer, isObject} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import {type RefResolver, isInternalRef} from '../../openapi/index.js'
import {repairFields} from '../repair/index.js'
import {type DocumentPatterns, isSchemaKeyword, keywordRefusal} from '../../profile/index.js'

/** What one pass over the document's schemas does. */
export interface SchemaPass {
  /** Rewrite OpenAPI 3.0 Schema Objects as OpenAPI 3.1 (JSON Schema 2020-12). */
  readonly upgrade: boolean
  readonly refs: RefResolver
  readonly warnings: AdoptWarnings
  /** Schemas already done: converters may share one schema between places. */
  readonly seen: WeakSet<object>
  /** The document's patterns, checked as the profile checks them. */
  readonly patterns: DocumentPatterns
}

// JSON Schema 2020-12 keywords holding subschemas, by shape.
// https://json-schema.org/draft/2020-12/json-schema-core#section-10
const ONE_SCHEMA = ['not', 'if', 'then', 'else', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']

/**
 * Adopts one Schema Object and every subschema in it, in place: the OpenAPI 3.0 to 3.1
 * rewrites when `pass.upgrade` is set, then the repairs every version needs (references
 * out of the document, patterns that do not compile or cannot be matched in linear time).
 * https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export function adoptSchema(schema: Record<string, unknown>, pointer: string, pass: SchemaPass): void {
  if (pass.seen.has(schema)) return
  pass.seen.add(schema)
  repairFields(schema, 'Schema', pointer, pass.warnings)
  if (pass.upgrade) upgradeSchema(schema, pointer, pass.warnings)
  repairStructure(schema, pointer, pass.warnings)
  repairSchema(schema, pointer, pass)
  for (const keyword of ONE_SCHEMA) visit(schema[keyword], childPointer(pointer, keyword), pass)
  if (Array.isArray(schema.items)) schema.items.forEach((item, index) => visit(item, childPointer(childPointer(pointer, 'items'), index), pass))
  else visit(schema.items, childPointer(pointer, 'items'), pass)
  for (const keyword of SCHEMA_LISTS) {
    const list = schema[keyword]
    if (Array.isArray(list)) list.forEach((item, index) => visit(item, childPointer(childPointer(pointer, keyword), index), pass))
  }
  for (const keyword of SCHEMA_MAPS) {
    const map = schema[keyword]
    if (isObject(map)) for (const [name, item] of Object.entries(map)) visit(item, childPointer(childPointer(pointer, keyword), name), pass)
  }
}

const JSON_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'])

/**
 * Keywords whose value JSON Schema does not allow, where one reading only is possible:
 * one schema given to `allOf`, `anyOf` or `oneOf` becomes a list of it; a `type` that
 * names no JSON type, or a `pattern` that is not a string, constrains nothing a validator
 * could check and is removed (the schema then accepts more, never less).
 */
function repairStructure(schema: Record<string, unknown>, pointer: string, warnings: AdoptWarnings): void {
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    if (!isObject(schema[keyword])) continue
    schema[keyword] = [schema[keyword]]
    warnings.add('value-retyped', childPointer(pointer, keyword), `"${keyword}" holds one schema, not a list of schemas`, 'it became a list of that one schema.')
  }
  const type = schema.type
  const types = Array.isArray(type) ? type : [type]
  if (type !== undefined && (types.length === 0 || !types.every((name) => typeof name === 'string' && JSON_TYPES.has(name)))) {
    warnings.add('schema-keyword-removed', childPointer(pointer, 'type'), `"type" is ${JSON.stringify(type).slice(0, 80)}, which names no JSON type (${[...JSON_TYPES].join(', ')})`, 'it was removed, so the schema accepts any type here.')
    delete schema.type
  }
  if (schema.pattern !== undefined && typeof schema.pattern !== 'string') {
    warnings.add('pattern-removed', childPointer(pointer, 'pattern'), `"pattern" is ${JSON.stringify(schema.pattern).slice(0, 80)}, not a regular expression written as a string`, 'it was removed.')
    delete schema.pattern
  }
}

function visit(value: unknown, pointer: string, pass: SchemaPass): void {
  if (isObject(value)) adoptSchema(value, pointer, pass)
}

/** The OpenAPI 3.0 Schema Object dialect rewritten as JSON Schema 2020-12. */
function upgradeSchema(schema: Record<string, unknown>, pointer: string, warnings: AdoptWarnings): void {
  // A Swagger 2.0 leftover: `file` was never a JSON Schema type.
  if (schema.type === 'file') {
    schema.type = 'string'
    schema.format = 'binary'
  }
  upgradeNullable(schema)
  upgradeExclusiveBound(schema, 'minimum', 'exclusiveMinimum')
  upgradeExclusiveBound(schema, 'maximum', 'exclusiveMaximum')
  // https://spec.openapis.org/oas/v3.1.0#fixed-fields-19: `example` is deprecated for `examples`.
  if (Object.hasOwn(schema, 'example') && !Object.hasOwn(schema, 'examples')) {
    schema.examples = [schema.example]
    delete schema.example
  }
  // https://spec.openapis.org/oas/v3.1.0#considerations-for-file-uploads
  if (schema.format === 'byte') {
    delete schema.format
    schema.contentEncoding = 'base64'
  } else if (schema.format === 'binary') {
    delete schema.format
    schema.contentMediaType = 'application/octet-stream'
  }
  // A Swagger 2.0 mistake carried into 3.0: `required: true` on a property schema.
  if (typeof schema.required === 'boolean') {
    if (schema.required) warnings.add('schema-keyword-removed', childPointer(pointer, 'required'), '"required: true" inside a schema is not JSON Schema (list the property in its parent\'s "required" array instead)', 'it was removed.')
    delete schema.required
  }
}

// Keywords that describe a schema without constraining it: they stay outside an `anyOf` wrapper.
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml', '$comment'])
// Keywords that apply to null too, so adding "null" to `type` would not let null through.
const APPLICATORS = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not']

/**
 * `nullable: true` (and Swagger's `x-nullable`) as JSON Schema: "null" joins `type` (and
 * `enum`), or the schema becomes `anyOf: [schema, {type: null}]` when it composes others.
 * https://spec.openapis.org/oas/v3.0.3#fixed-fields-19
 */
function upgradeNullable(schema: Record<string, unknown>): void {
  const nullable = schema.nullable === true || schema['x-nullable'] === true
  if (typeof schema.nullable === 'boolean') delete schema.nullable
  if (typeof schema['x-nullable'] === 'boolean') delete schema['x-nullable']
  if (!nullable) return
  if (APPLICATORS.some((keyword) => Object.hasOwn(schema, keyword))) {
    const inner: Record<string, unknown> = {}
    for (const [keyword, value] of Object.entries(schema)) {
      if (ANNOTATIONS.has(keyword) || keyword.startsWith('x-')) continue
      inner[keyword] = value
      delete schema[keyword]
    }
    schema.anyOf = [inner, {type: 'null'}]
    return
  }
  if (typeof schema.type === 'string' && schema.type !== 'null') schema.type = [schema.type, 'null']
  else if (Array.isArray(schema.type) && !schema.type.includes('null')) schema.type.push('null')
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null)
}

/** Boolean `exclusiveMinimum`/`exclusiveMaximum` (draft 4) as the numeric bound of 2020-12. */
function upgradeExclusiveBound(schema: Record<string, unknown>, bound: string, exclusive: string): void {
  const flag = schema[exclusive]
  if (typeof flag !== 'boolean') return
  if (flag && typeof schema[bound] === 'number') {
    schema[exclusive] = schema[bound]
    delete schema[bound]
  } else {
    // `false`, or `true` with no bound: no constraint in either version.
    delete schema[exclusive]
  }
}

/** What any version may carry that a profile document may not. */
function repairSchema(schema: Record<string, unknown>, pointer: string, pass: SchemaPass): void {
  for (const keyword of Object.keys(schema)) {
    if (isSchemaKeyword(keyword)) continue
    // The profile reads JSON Schema 2020-12 only: a validator's own keyword could change what validates.
    pass.warnings.add('schema-keyword-removed', childPointer(pointer, keyword), `"${keyword}" is not allowed in a profile document's Schema Object (${keywordRefusal(keyword)})`, 'it was removed.')
    delete schema[keyword]
  }
  const ref = schema.$ref
  if (typeof ref === 'string' && pass.refs.target(ref) === undefined) {
    pass.warnings.add('reference-removed', childPointer(pointer, '$ref'), describeRef(ref), 'the reference was removed, so this schema now accepts any value here.')
    delete schema.$ref
  }
  const problem = typeof schema.pattern === 'string' ? pass.patterns.problem(schema.pattern) : null
  if (problem !== null) {
    pass.warnings.add('pattern-removed', childPointer(pointer, 'pattern'), `pattern ${JSON.stringify(schema.pattern)} ${problem}`, 'the pattern was removed.')
    delete schema.pattern
  }
  const patterns = schema.patternProperties
  if (isObject(patterns)) {
    for (const pattern of Object.keys(patterns)) {
      const keyProblem = pass.patterns.problem(pattern)
      if (keyProblem === null) continue
      const widened = dropPatternProperty(schema, patterns, pattern)
      const outcome = widened.length === 0 ? 'properties it matched are no longer checked against its schema' : `properties it matched are left to ${widened.map((keyword) => `"${keyword}"`).join(' and ')}, widened to also accept what the entry accepted`
      pass.warnings.add('pattern-removed', childPointer(childPointer(pointer, 'patternProperties'), pattern), `pattern ${JSON.stringify(pattern)} ${keyProblem}`, `the entry was removed: ${outcome}.`)
    }
  }
  // A repeated name in `required` says nothing more; JSON Schema wants each once.
  if (Array.isArray(schema.required) && new Set(schema.required).size !== schema.required.length) schema.required = [...new Set(schema.required)]
  if (Object.hasOwn(schema, 'examples') && !Array.isArray(schema.examples)) {
    pass.warnings.add('schema-keyword-removed', childPointer(pointer, 'examples'), 'a Schema Object\'s "examples" must be an array (JSON Schema 2020-12)', 'the value was removed.')
    delete schema.examples
  }
}

// What checks the properties no `patternProperties` entry matches.
const OTHER_PROPERTIES = ['additionalProperties', 'unevaluatedProperties']

/**
 * Removes the `patternProperties` entry for `pattern`. The properties it matched fall to
 * `additionalProperties` and `unevaluatedProperties`, so each of those present (and not
 * `true`) is widened to also accept what the entry accepted: the schema itself still
 * accepts every value it did. Returns the keywords widened.
 */
function dropPatternProperty(schema: Record<string, unknown>, patterns: Record<string, unknown>, pattern: string): string[] {
  const dropped = patterns[pattern]
  delete patterns[pattern]
  const widened = OTHER_PROPERTIES.filter((keyword) => schema[keyword] === false || isObject(schema[keyword]))
  for (const keyword of widened) schema[keyword] = schema[keyword] === false ? dropped : {anyOf: [dropped, schema[keyword]]}
  return widened
}

/** Why a reference cannot be kept: tama-dex reads no URL, and no file outside the input's folder. */
export function describeRef(ref: string): string {
  return isInternalRef(ref)
    ? `$ref ${JSON.stringify(ref)} leads nowhere in this document`
    : `$ref ${JSON.stringify(ref)} points outside this document to a URL, a missing file, a file outside the input's folder, a hidden one or one that is not .json, .yaml or .yml (tama-dex bundles only such files inside that folder; move the file there to keep it)`
}
