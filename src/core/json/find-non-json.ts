import {thrownFirstLine} from '../text/index.js'
import {pointerOf} from './json-pointer.js'
import {MAX_JSON_DEPTH, isPlainObject} from './json-value.js'

/** Where a value stops being plain JSON data, and why. */
export interface NonJson {
  /** RFC 6901 JSON Pointer to the offending value ('' is the value itself). */
  readonly pointer: string
  readonly reason: string
}

export interface JsonDataOptions {
  /** Longest string, and longest object key, in UTF-16 code units. Default: no limit. */
  readonly maxStringLength?: number
  /** Most items of any array. Default: no limit. */
  readonly maxArrayLength?: number
  /** Pass over `undefined`, leaving it to whoever serialises the value (as JSON.stringify does). */
  readonly ignoreUndefined?: boolean
}

/**
 * Finds the first value that is not plain JSON data — undefined, a function, a symbol,
 * a bigint, a non-finite number, a class instance (Date, Map, ...), a cycle, nesting
 * deeper than MAX_JSON_DEPTH, a string or key longer than `options.maxStringLength`, an
 * array longer than `options.maxArrayLength`, or a value that throws when read (a getter,
 * a Proxy) — so values crossing a boundary can be refused with a pointer instead of being
 * silently mangled by JSON.stringify. null when clean. Never throws.
 */
export function findNonJson(value: unknown, options: JsonDataOptions = {}): NonJson | null {
  const maxString = options.maxStringLength ?? Number.POSITIVE_INFINITY
  const maxArray = options.maxArrayLength ?? Number.POSITIVE_INFINITY
  const ancestors = new Set<object>()
  // The pointer is built only for a finding: most values are clean.
  const path: Array<string | number> = []
  const found = (reason: string): NonJson => ({pointer: pointerOf(path), reason})
  const walk = (current: unknown, depth: number): NonJson | null => {
    if (current === null || typeof current === 'boolean' || (current === undefined && options.ignoreUndefined === true)) return null
    if (typeof current === 'string') return current.length > maxString ? found(`is a string of ${current.length} characters, longer than ${maxString}`) : null
    if (typeof current === 'number') return Number.isFinite(current) ? null : found(`is ${current}, not a finite number`)
    if (typeof current !== 'object') return found(`is ${typeof current === 'undefined' ? 'undefined' : `a ${typeof current}`}`)
    if (depth > MAX_JSON_DEPTH) return found(`nests deeper than ${MAX_JSON_DEPTH} levels`)
    if (ancestors.has(current)) return found('is a circular reference')
    const isArray = Array.isArray(current)
    if (!isArray && !isPlainObject(current)) return found('is an object that is not plain JSON data')
    ancestors.add(current)
    if (isArray) {
      if (current.length > maxArray) return found(`is an array of ${current.length} items, more than ${maxArray}`)
      for (let index = 0; index < current.length; index++) {
        path.push(index)
        const inner = walk(current[index], depth + 1)
        if (inner !== null) return inner
        path.pop()
      }
    } else {
      const object = current as Record<string, unknown>
      for (const key of Object.keys(object)) {
        if (key.length > maxString) return found(`has a key of ${key.length} characters, longer than ${maxString}`)
        path.push(key)
        const inner = walk(object[key], depth + 1)
        if (inner !== null) return inner
        path.pop()
      }
    }
    ancestors.delete(current)
    return null
  }
  try {
    return walk(value, 1)
  } catch (error) {
    // A getter or Proxy trap threw while the value was read: it is not plain data.
    return found(`cannot be read (${thrownFirstLine(error, 200)})`)
  }
}
