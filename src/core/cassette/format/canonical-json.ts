import {createHash} from 'node:crypto'

import {escapeToken, setOwnProperty} from '../../json/index.js'

/** A JSON value in canonical form: its RFC 8785 text, and the value as JSON.parse of that text gives it. */
export interface CanonicalForm {
  readonly json: string
  readonly value: unknown
  /** How deep objects and arrays nest (1: the value is one holding no other), 0 for a scalar. */
  readonly depth: number
  /** The length of the longest string or object key, in UTF-16 code units. */
  readonly longestString: number
}

// What rebuilding has seen so far.
interface Walk {
  /** Every object or array JSON.stringify would not write canonically. */
  readonly unordered: WeakSet<object>
  depth: number
  deepest: number
  longest: number
}

/**
 * RFC 8785 (JSON Canonicalization Scheme) for plain JSON data. The value is rebuilt with
 * object keys in UTF-16 code-unit order (reusing every part already in that order) and
 * written by the native JSON.stringify, whose number and string forms are the ones
 * RFC 8785 prescribes. JavaScript lists integer-like
 * keys ("100" before "+1") first whatever the insertion order, so only objects where that
 * breaks code-unit order, and their ancestors, are written key by key. This is several
 * times faster than the `canonicalize` package on large documents, and the tests check
 * it against that package. Throws NotJsonError, locating the value, when the value is
 * not JSON data (NaN, a function, a Date, undefined in an array); nesting deeper than
 * the stack throws a RangeError.
 */
export function canonicalForm(value: unknown): CanonicalForm {
  const walk: Walk = {unordered: new WeakSet(), depth: 0, deepest: 0, longest: 0}
  const rebuilt = rebuild(value, walk)
  return {json: write(rebuilt, walk.unordered), value: rebuilt, depth: walk.deepest, longestString: walk.longest}
}

/** Thrown for a value that is not JSON data; `pointer` (RFC 6901) locates it. */
export class NotJsonError extends Error {
  constructor(
    readonly reason: string,
    readonly pointer = '',
  ) {
    super(`${pointer === '' ? 'the value' : pointer} ${reason}`)
  }

  within(token: string | number): NotJsonError {
    return new NotJsonError(this.reason, `/${escapeToken(token)}${this.pointer}`)
  }
}

export function canonicalJson(value: unknown): string {
  return canonicalForm(value).json
}

// Characters of a string hashed at a time: hashing a document's text whole would hold its UTF-8 copy too.
const HASHED_CHARACTERS = 1 << 20

/** Lower-case hex SHA-256 of bytes, or of a string's UTF-8 encoding. */
export function sha256Hex(data: string | Uint8Array): string {
  const hash = createHash('sha256')
  if (typeof data !== 'string') return hash.update(data).digest('hex')
  for (let start = 0; start < data.length; ) {
    let end = Math.min(start + HASHED_CHARACTERS, data.length)
    // A surrogate pair split in two would be encoded as two replacement characters.
    if (isHighSurrogate(data.charCodeAt(end - 1))) end++
    hash.update(data.slice(start, end))
    start = end
  }
  return hash.digest('hex')
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

// Returns JSON data with object keys in code-unit order: the value itself where it
// already is (values built from canonical JSON mostly are), else a copy, and notes in
// `walk` what it has seen.
function rebuild(value: unknown, walk: Walk): unknown {
  if (typeof value === 'string') return longest(value, walk)
  if (value === null || typeof value === 'boolean') return value
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotJsonError(`is ${value}, not a JSON number`)
    // JSON has no negative zero: -0 is written, and so parsed, as 0.
    return value === 0 ? 0 : value
  }
  if (typeof value !== 'object') throw new NotJsonError(`is ${value === undefined ? 'undefined' : `a ${typeof value}`}, not JSON data`)
  return Array.isArray(value) ? rebuildArray(value, walk) : rebuildObject(value, walk)
}

function rebuildArray(array: readonly unknown[], walk: Walk): readonly unknown[] {
  nest(walk)
  let copy: unknown[] | undefined
  let ordered = true
  for (let index = 0; index < array.length; index++) {
    const item = array[index]
    const child = typeof item === 'string' ? longest(item, walk) : rebuildWithin(item, index, walk)
    if (!Object.is(child, item)) copy ??= array.slice(0, index)
    if (copy !== undefined) copy[index] = child
    if (isUnordered(child, walk.unordered)) ordered = false
  }
  const result = copy ?? array
  if (!ordered) walk.unordered.add(result)
  walk.depth--
  return result
}

function rebuildObject(object: object, walk: Walk): object {
  const prototype = Object.getPrototypeOf(object) as unknown
  if (prototype !== Object.prototype && prototype !== null) {
    throw new NotJsonError(`is a ${object.constructor?.name ?? 'non-plain'} object, not JSON data`)
  }
  nest(walk)
  const source = object as Record<string, unknown>
  const keys = Object.keys(object)
  const sorted = isSorted(keys)
  if (!sorted) sortKeys(keys)
  // Made only once the object turns out to need one (its keys out of order, or a child copied): most objects are reused as they are.
  let copy: Record<string, unknown> | undefined = sorted ? undefined : {}
  let ordered = true
  let indexLike = false
  for (let index = 0; index < keys.length; index++) {
    const key = longest(keys[index]!, walk)
    const item = source[key]
    // As in JSON.stringify, a property set to undefined is no property.
    const child = item === undefined ? undefined : typeof item === 'string' ? longest(item, walk) : rebuildWithin(item, key, walk)
    if (copy === undefined && (child === undefined || !Object.is(child, item))) {
      copy = {}
      for (let earlier = 0; earlier < index; earlier++) setOwnProperty(copy, keys[earlier]!, source[keys[earlier]!])
    }
    if (copy !== undefined && child !== undefined) {
      setOwnProperty(copy, key, child)
      indexLike ||= isDigit(key.charCodeAt(0))
    }
    if (ordered && isUnordered(child, walk.unordered)) ordered = false
  }
  walk.depth--
  if (copy === undefined) {
    if (!ordered) walk.unordered.add(object)
    return object
  }
  // JavaScript lists integer-like keys first, so a copy holding one may still be out of order.
  if (!ordered || (indexLike && !isSorted(Object.keys(copy)))) walk.unordered.add(copy)
  return copy
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

// Most objects out of order have a handful of keys: sorting those in place allocates nothing and beats Array#sort several times over.
const INSERTION_SORTED = 32

/** Sorts keys in code-unit order, in place. */
function sortKeys(keys: string[]): void {
  if (keys.length > INSERTION_SORTED) {
    keys.sort()
    return
  }
  for (let index = 1; index < keys.length; index++) {
    const key = keys[index]!
    let to = index
    for (; to > 0 && keys[to - 1]! > key; to--) keys[to] = keys[to - 1]!
    keys[to] = key
  }
}

function isSorted(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index++) if (keys[index - 1]! >= keys[index]!) return false
  return true
}

function rebuildWithin(value: unknown, token: string | number, walk: Walk): unknown {
  try {
    return rebuild(value, walk)
  } catch (error) {
    throw error instanceof NotJsonError ? error.within(token) : error
  }
}

function nest(walk: Walk): void {
  walk.depth++
  if (walk.depth > walk.deepest) walk.deepest = walk.depth
}

function longest(text: string, walk: Walk): string {
  if (text.length > walk.longest) walk.longest = text.length
  return text
}

function isUnordered(value: unknown, unordered: WeakSet<object>): boolean {
  return typeof value === 'object' && value !== null && unordered.has(value)
}

function write(value: unknown, unordered: WeakSet<object>): string {
  if (!isUnordered(value, unordered)) return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((item) => write(item, unordered)).join(',')}]`
  const object = value as Record<string, unknown>
  const keys = Object.keys(object).sort()
  return `{${keys.map((key) => `${JSON.stringify(key)}:${write(object[key], unordered)}`).join(',')}}`
}
