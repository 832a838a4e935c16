import {isObject, unescapeToken} from '../../json/index.js'
import type {JsonSchema} from '../operation-record.js'

/** How deep an example follows nested required objects and local $refs. */
const MAX_DEPTH = 8

/**
 * A minimal input for an operation, for people reading `describe`: only the required
 * properties, each with the schema's own example, default, const or first enum value,
 * else a placeholder of its type. Not guaranteed valid (patterns, formats, bounds).
 */
export function exampleInput(schema: JsonSchema): unknown {
  return exampleOf(schema, schema, 'input', 0)
}

function exampleOf(schema: JsonSchema, root: JsonSchema, name: string, depth: number): unknown {
  const resolved = resolveLocal(schema, root)
  if (!isObject(resolved) || depth > MAX_DEPTH) return `<${name}>`
  if (Object.hasOwn(resolved, 'example')) return resolved.example
  if (Array.isArray(resolved.examples) && resolved.examples.length > 0) return resolved.examples[0]
  if (Object.hasOwn(resolved, 'default')) return resolved.default
  if (Object.hasOwn(resolved, 'const')) return resolved.const
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return resolved.enum[0]
  const variant = [resolved.oneOf, resolved.anyOf].find((list): list is JsonSchema[] => Array.isArray(list) && list.length > 0)
  if (variant !== undefined && resolved.type === undefined) return exampleOf(variant[0]!, root, name, depth + 1)
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type
  switch (type) {
    case 'object': {
      const properties = isObject(resolved.properties) ? resolved.properties : {}
      const required = Array.isArray(resolved.required) ? resolved.required.filter((key): key is string => typeof key === 'string') : []
      return Object.fromEntries(required.map((key) => [key, exampleOf((properties[key] ?? true) as JsonSchema, root, key, depth + 1)]))
    }
    case 'array':
      return []
    case 'integer':
    case 'number':
      return typeof resolved.minimum === 'number' ? resolved.minimum : 0
    case 'boolean':
      return false
    case 'null':
      return null
    default:
      return isObject(resolved.properties) ? exampleOf({...resolved, type: 'object'}, root, name, depth) : `<${name}>`
  }
}

/** Follows a `#/$defs/...` reference within the schema (records keep their $refs local). */
function resolveLocal(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema
  for (let hops = 0; hops < MAX_DEPTH && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const match = /^#\/\$defs\/([^/]+)$/.exec(current.$ref)
    const defs = isObject(root) && isObject(root.$defs) ? root.$defs : {}
    const key = match === null ? undefined : unescapeToken(match[1]!)
    if (key === undefined || !Object.hasOwn(defs, key)) return true
    current = defs[key] as JsonSchema
  }
  return current
}
