import {isObject} from '../../json/index.js'
import {LIMITS} from '../limits.js'
import {SUBSCHEMA_PLACES} from './schema-keywords.js'

/**
 * How many subschemas `schema` holds, itself and its `$defs` included, each counted
 * wherever it appears (a validator compiles each place): at most `max + 1`, so a schema
 * that shares one subschema along many paths costs no more than the limit to count.
 */
export function countSubschemas(schema: unknown, max: number): number {
  let count = 0
  const stack: unknown[] = [schema]
  while (stack.length > 0 && count <= max) {
    const next = stack.pop()
    count++
    if (!isObject(next)) continue
    for (const keyword of Object.keys(next)) {
      const value = next[keyword]
      const place = SUBSCHEMA_PLACES.get(keyword)
      if (place === 'schema') stack.push(value)
      else if (place === 'array' && Array.isArray(value)) stack.push(...value)
      // A `dependencies` value may be a list of names rather than a schema.
      else if (place === 'map' && isObject(value)) for (const name of Object.keys(value)) if (!Array.isArray(value[name])) stack.push(value[name])
    }
  }
  return count
}

/** Why the schema at `at` is too large for execute to compile (more than LIMITS.operationSubschemas subschemas), or null. */
export function subschemaLimitProblem(at: string, schema: unknown): string | null {
  if (countSubschemas(schema, LIMITS.operationSubschemas) <= LIMITS.operationSubschemas) return null
  return `at ${at}: the schema holds more than ${LIMITS.operationSubschemas} subschemas, more than a document may give one operation (docs/profile.md#limits)`
}
