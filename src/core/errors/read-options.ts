import {TamaError} from './tama-error.js'

/**
 * A copy of the options object a library caller passed, read once: anything but an object
 * (null, a string), or one whose properties cannot be read (a throwing getter, a Proxy), is
 * a usage error naming `what`, never a TypeError from deep inside. Later reads of the copy
 * cannot answer differently from the first.
 */
export function readOptions<T extends object>(options: T | undefined, what: string, required: boolean): T {
  if (options === undefined && !required) return {} as T
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TamaError('usage', `${what} must be an options object${required ? ' (it is required)' : ''}, not ${describe(options)}.`)
  }
  try {
    return {...options}
  } catch {
    throw new TamaError('usage', `${what} cannot be read: one of its properties threw when read. Pass a plain options object.`)
  }
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : value === undefined ? 'undefined' : `a ${typeof value}`
}

/**
 * The caller's scopes as a copy, or undefined when they are not a readable array of
 * strings (a Proxy that throws, a getter, a non-string): callers then fail closed.
 */
export function readScopes(scopes: unknown): readonly string[] | undefined {
  try {
    if (Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string')) return Object.freeze([...(scopes as string[])])
  } catch {
    // Unreadable scopes are no scopes.
  }
  return undefined
}
