import {childPointer} from '../profile/json-pointer.js'

/** Nesting deeper than this is refused (the profile's document limit). */
const MAX_JSON_DEPTH = 128

/** Where a value stops being plain JSON data, and why. */
export interface NonJson {
  /** RFC 6901 JSON Pointer to the offending value ('' is the value itself). */
  readonly pointer: string
  readonly reason: string
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * Finds the first value that is not plain JSON data — undefined, a function, a symbol,
 * a bigint, a non-finite number, a class instance (Date, Map, ...), a cycle or nesting
 * deeper than MAX_JSON_DEPTH — so values crossing the executor boundary can be refused
 * with a pointer instead of being silently mangled by JSON.stringify. null when clean.
 */
export function findNonJson(value: unknown): NonJson | null {
  const ancestors = new Set<object>()
  const walk = (current: unknown, pointer: string, depth: number): NonJson | null => {
    if (current === null || typeof current === 'string' || typeof current === 'boolean') return null
    if (typeof current === 'number') return Number.isFinite(current) ? null : {pointer, reason: `is ${current}, not a finite number`}
    if (typeof current !== 'object') return {pointer, reason: `is ${typeof current === 'undefined' ? 'undefined' : `a ${typeof current}`}`}
    if (depth > MAX_JSON_DEPTH) return {pointer, reason: `nests deeper than ${MAX_JSON_DEPTH} levels`}
    if (ancestors.has(current)) return {pointer, reason: 'is a circular reference'}
    if (!Array.isArray(current) && !isPlainObject(current)) return {pointer, reason: 'is an object that is not plain JSON data'}
    ancestors.add(current)
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? Array.from(current, (item, index) => [String(index), item])
      : Object.entries(current)
    for (const [key, item] of entries) {
      const found = walk(item, childPointer(pointer, key), depth + 1)
      if (found !== null) return found
    }
    ancestors.delete(current)
    return null
  }
  return walk(value, '', 1)
}
