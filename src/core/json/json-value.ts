import {escapeUnsafe, shortened} from '../text/index.js'

/** Objects and arrays nested inside each other, the root counting as 1: deeper is refused everywhere. */
export const MAX_JSON_DEPTH = 128

/** A plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object made by `{}` or JSON.parse (prototype Object.prototype or null), not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** The JSON type of a value, as messages name it ("found a string"). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number'
  if (typeof value === 'boolean') return 'a boolean'
  return typeof value
}

/**
 * A short, single-line rendering of a value for messages, as JSON text; long values are
 * cut, containers only named, and characters that could drive a terminal escaped.
 */
export function quoteJson(value: unknown, max = 60): string {
  if (typeof value === 'object' && value !== null) return jsonType(value)
  const text = JSON.stringify(value) ?? String(value)
  return escapeUnsafe(shortened(text, max))
}

/** Sets an own property, even one named `__proto__` (as JSON.parse makes it), which plain assignment would send to the prototype setter. */
export function setOwnProperty(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, {value, enumerable: true, writable: true, configurable: true})
  else object[key] = value
}
