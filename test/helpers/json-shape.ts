/** Fields that carry caller data or schemas: their content is not part of the contract. */
const OPAQUE = new Set(['input', 'input_schema', 'inputSchema', 'output_schema', 'outputSchema', 'when', 'schema'])

/** The shape of a JSON value: keys and types, arrays reduced to the union of their items' shapes. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    const items = [...new Set(value.map((item) => JSON.stringify(shapeOf(item))))].sort()
    return {array: items.map((item) => JSON.parse(item) as unknown)}
  }
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, OPAQUE.has(key) ? 'json' : shapeOf((value as Record<string, unknown>)[key])]),
    )
  }
  return typeof value
}
