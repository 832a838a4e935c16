import {isObject} from './json-value.js'

/**
 * At most how many characters `value` takes as compact JSON, counted without writing it
 * and no further than just past `max`: each string by its length and quotes, each key, comma
 * and bracket. Never more than the JSON's UTF-8 bytes, so a value found over `max` does not
 * fit in `max` bytes however it is written; walking stops there, before a copy-heavy value
 * costs more than the limit it breaks.
 */
export function jsonLengthWithin(value: unknown, max: number): number {
  let length = 0
  const pending: unknown[] = [value]
  while (pending.length > 0 && length <= max) {
    const next = pending.pop()
    if (typeof next === 'string') length += next.length + 2
    else if (Array.isArray(next)) {
      length += 1 + Math.max(next.length, 1)
      for (const item of next) pending.push(item)
    } else if (isObject(next)) {
      const keys = Object.keys(next)
      length += 1 + Math.max(keys.length, 1)
      for (const key of keys) {
        length += key.length + 3
        pending.push(next[key])
      }
    } else if (next !== undefined) length += String(next).length
  }
  return length
}
