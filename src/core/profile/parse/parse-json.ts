import {pointerOf} from '../../json/index.js'
import {LIMITS} from '../limits.js'

/** A problem found while reading document text, before it is a value. */
export interface TextProblem {
  readonly pointer: string
  readonly message: string
}

export type ParseOutcome =
  | {readonly ok: true; readonly value: unknown}
  /** syntax: the text is not in this format at all (another parser may try), rather than over a limit. */
  | {readonly ok: false; readonly syntax: boolean; readonly problems: TextProblem[]}

interface Frame {
  /** null for an array. */
  readonly keys: KeySet | null
  /** The key or index of the member being read. */
  token: string | number
  expectKey: boolean
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const NUMBER = /-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y

/**
 * Parses JSON text within the profile's limits (docs/profile.md#limits): nesting depth,
 * string length, and no duplicate keys, which JSON.parse silently resolves to the last.
 * One linear pass finds those (with the pointer of each) before JSON.parse runs, so
 * hostile nesting never reaches the native parser's recursion.
 */
export function parseJson(text: string): ParseOutcome {
  const problems = scan(text)
  if (problems.length > 0) return {ok: false, syntax: false, problems}
  try {
    return {ok: true, value: JSON.parse(text)}
  } catch (error) {
    return {ok: false, syntax: true, problems: [{pointer: '', message: syntaxMessage(text, error as Error)}]}
  }
}

function scan(text: string): TextProblem[] {
  const problems: TextProblem[] = []
  const stack: Frame[] = []
  const length = text.length
  let i = 0
  while (i < length) {
    const c = text.charCodeAt(i)
    // Whitespace, mostly indentation, is the commonest character of all.
    if (c <= 0x20) {
      i++
      continue
    }
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      // An unterminated string is a syntax error JSON.parse will name.
      if (end < 0) return problems
      const frame = stack[stack.length - 1]
      const isKey = frame !== undefined && frame.keys !== null && frame.expectKey
      if (isKey || end - i - 1 > LIMITS.stringLength) {
        const value = decode(text, i, end)
        if (value === null) return problems
        if (value.length > LIMITS.stringLength) {
          // A key's problem belongs to the object holding it.
          problems.push({pointer: where(isKey ? stack.slice(0, -1) : stack), message: `A ${isKey ? 'key' : 'string'} is ${value.length} characters long; the limit is ${LIMITS.stringLength}. Shorten it.`})
        }
        if (isKey) {
          frame.expectKey = false
          frame.token = value
          if (!frame.keys!.add(value)) {
            problems.push({pointer: where(stack), message: `Duplicate key ${JSON.stringify(value)}: a key may appear once per object. Remove or rename one of them.`})
          }
        }
      }
      i = end + 1
      continue
    }
    switch (c) {
      case 0x7b: // {
      case 0x5b: // [
        if (stack.length >= LIMITS.depth) {
          problems.push({pointer: where(stack), message: `Objects and arrays are nested more than ${LIMITS.depth} deep here; the limit is ${LIMITS.depth}. Flatten the document.`})
          return problems
        }
        stack.push(c === 0x7b ? {keys: new KeySet(), token: '', expectKey: true} : {keys: null, token: 0, expectKey: false})
        break
      case 0x7d: // }
      case 0x5d: // ]
        stack.pop()
        break
      case 0x2c: {
        // ,
        const frame = stack.at(-1)
        if (frame?.keys === null) frame.token = (frame.token as number) + 1
        else if (frame !== undefined) frame.expectKey = true
        break
      }
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
          // - or a digit: JSON.parse turns numbers beyond a double's range into Infinity.
          NUMBER.lastIndex = i
          const number = NUMBER.exec(text)?.[0]
          if (number !== undefined) {
            if (!Number.isFinite(Number(number))) problems.push({pointer: where(stack), message: `${number} is too large for a JSON number (a double). Use a smaller number or a string.`})
            i += number.length
            continue
          }
        }
        break
    }
    i++
  }
  return problems
}

// Keys an object holds up to this many of are compared one by one: most objects have a handful, and a Set for each costs more than the comparisons.
const LISTED_KEYS = 8

/** The keys of one object read so far. */
class KeySet {
  private readonly listed: string[] = []
  private set: Set<string> | null = null

  /** Adds `key`; false when the object already has it. */
  add(key: string): boolean {
    if (this.set !== null) {
      if (this.set.has(key)) return false
      this.set.add(key)
      return true
    }
    if (this.listed.includes(key)) return false
    this.listed.push(key)
    if (this.listed.length > LISTED_KEYS) this.set = new Set(this.listed)
    return true
  }
}

/** Index of the quote closing the string opening at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let from = start + 1
  for (;;) {
    const quote = text.indexOf('"', from)
    if (quote < 0) return -1
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote
    from = quote + 1
  }
}

/** The string literal from `start` to `end` (its quotes), unescaped; null when malformed. */
function decode(text: string, start: number, end: number): string | null {
  const raw = text.slice(start + 1, end)
  if (!raw.includes('\\')) return raw
  try {
    return JSON.parse(text.slice(start, end + 1)) as string
  } catch {
    return null
  }
}

function where(stack: readonly Frame[]): string {
  return pointerOf(stack.map((frame) => frame.token))
}

/** JSON.parse's message, located by line and column instead of a raw offset. */
function syntaxMessage(text: string, error: Error): string {
  const position = /at position (\d+)/.exec(error.message)
  const reason = error.message.replace(/,? ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '')
  if (position === null) return `Not valid JSON: ${reason}. Fix the syntax.`
  const offset = Number(position[1])
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return `Not valid JSON at line ${line}, column ${column}: ${reason}. Fix the syntax.`
}

