/**
 * Where JSON Schema 2020-12 keeps subschemas (the applicator, unevaluated and content
 * vocabularies, plus the older `definitions` and `dependencies`): everything that walks
 * schemas uses this table, so a `$ref` inside `const`, `enum`, `default` or `examples` —
 * data, not a reference — is never taken for one.
 *
 * - `schema`: the value is one subschema;
 * - `array`: a non-empty array of subschemas;
 * - `map`: an object of subschemas (for `dependencies`, a value may instead be an array of
 *   property names).
 */
export const SUBSCHEMA_PLACES: ReadonlyMap<string, 'schema' | 'array' | 'map'> = new Map([
  ...(['items', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'] as const).map(
    (keyword) => [keyword, 'schema'] as const,
  ),
  ...(['prefixItems', 'allOf', 'anyOf', 'oneOf'] as const).map((keyword) => [keyword, 'array'] as const),
  ...(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions', 'dependencies'] as const).map((keyword) => [keyword, 'map'] as const),
])

/**
 * The subschema places that apply to the value itself rather than to a property or an
 * item of it (with `$ref`): a schema that reaches itself through these alone never
 * finishes validating anything.
 */
export const IN_PLACE_APPLICATORS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependencies'])

/** The OpenAPI 3.1 base dialect's annotations: they describe, and never change what validates. */
export const OPENAPI_ANNOTATIONS: readonly string[] = ['discriminator', 'xml', 'externalDocs', 'example']

/**
 * The only keywords a Schema Object may hold besides `x-` extensions: the JSON Schema
 * 2020-12 vocabularies (core, applicator, unevaluated, validation, meta-data,
 * format-annotation, content), the older `definitions` and `dependencies` the 2020-12
 * meta-schema still describes, and the OpenAPI 3.1 base dialect's annotations. Anything
 * else — a validator's own keyword such as Ajv's `$async`, OpenAPI 3.0's `nullable`, a
 * misspelling — would either change what validation means or be silently ignored.
 * docs/profile.md#schemas-and-ref
 */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  ...SUBSCHEMA_PLACES.keys(),
  ...['$schema', '$ref', '$anchor', '$dynamicAnchor', '$vocabulary', '$comment'],
  ...['type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern'],
  ...['maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired'],
  ...['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples', 'format', 'contentEncoding', 'contentMediaType'],
  ...OPENAPI_ANNOTATIONS,
])

const DYNAMIC_REFERENCE = "dynamic references are not supported: tama-dex bundles each operation's schemas by `$ref`. Use a `$ref` to the schema itself"

/**
 * Keywords of JSON Schema (or near it) that the profile refuses, with why and what to
 * write instead. Dynamic references resolve against the dynamic scope of a validation,
 * which bundling an operation's schemas into one (docs/profile.md) does not keep; an
 * `$id` would make the `$ref`s inside it resolve against itself rather than the document.
 */
const REFUSED_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['$dynamicRef', DYNAMIC_REFERENCE],
  ['$recursiveRef', DYNAMIC_REFERENCE],
  ['$recursiveAnchor', 'dynamic anchors (draft 2019-09) are not supported. Remove it, and use a `$ref` to the schema itself'],
  ['$id', "an `$id` would make the `$ref`s inside this schema resolve against it, while tama-dex resolves every `$ref` against the document. Remove it"],
  ['nullable', '`nullable` is OpenAPI 3.0, not JSON Schema 2020-12. Add "null" to `type` instead'],
])

/** Whether `keyword` is one a Schema Object may hold. */
export function isSchemaKeyword(keyword: string): boolean {
  return SCHEMA_KEYWORDS.has(keyword) || keyword.startsWith('x-')
}

/** Why a Schema Object may not hold `keyword` (one isSchemaKeyword refuses), and what to do instead. */
export function keywordRefusal(keyword: string): string {
  return (
    REFUSED_KEYWORDS.get(keyword) ??
    'it is not a keyword of JSON Schema 2020-12 or an OpenAPI 3.1 annotation, so validators would either ignore it or give it a meaning of their own (as Ajv does `$async`). Remove it, or prefix it with `x-` to keep it as an annotation'
  )
}

/** Items of an array, or names of an object: how long a keyword's list is. */
export function entries(value: unknown): number {
  if (Array.isArray(value)) return value.length
  return typeof value === 'object' && value !== null ? Object.keys(value).length : 0
}

/** Names a `dependentRequired` (or `dependencies`) value lists: each name, and the names it requires. */
export function namesListed(value: unknown): number {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 0
  let names = 0
  for (const [, required] of Object.entries(value)) names += 1 + (Array.isArray(required) ? required.length : 0)
  return names
}
