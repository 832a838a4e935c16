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
