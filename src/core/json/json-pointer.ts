import {isObject} from './json-value.js'

/**
 * RFC 6901 JSON Pointers, the way every problem names its place in a document.
 * https://www.rfc-editor.org/rfc/rfc6901
 */

/** Escapes one reference token: `~` → `~0`, `/` → `~1` (RFC 6901 §3). */
export function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token)
  // Most tokens need no escaping; this runs for every value a walk passes.
  if (!token.includes('~') && !token.includes('/')) return token
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}

/** Unescapes one reference token: `~1` → `/`, then `~0` → `~` (RFC 6901 §4). */
export function unescapeToken(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~')
}

/** The pointer to `token` inside the value at `pointer`. */
export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${escapeToken(token)}`
}

/** The pointer made of these (unescaped) tokens; [] is the root, ''. */
export function pointerOf(tokens: readonly (string | number)[]): string {
  let pointer = ''
  for (const token of tokens) pointer = childPointer(pointer, token)
  return pointer
}

/** The unescaped tokens of a pointer, or null when it is not a JSON Pointer (RFC 6901 §3-4). */
export function pointerTokens(pointer: string): string[] | null {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) return null
  const tokens = pointer.slice(1).split('/')
  for (const token of tokens) if (/~(?![01])/.test(token)) return null
  return tokens.map(unescapeToken)
}

/**
 * The value at `pointer` inside `root`, or undefined when there is none. Only own
 * properties are followed, so `__proto__` or `constructor` never reach a prototype.
 */
export function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let value = root
  for (const token of tokens) {
    if (Array.isArray(value)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined
      value = value[Number(token)]
    } else if (isObject(value)) {
      if (!Object.hasOwn(value, token)) return undefined
      value = value[token]
    } else {
      return undefined
    }
  }
  return value
}
