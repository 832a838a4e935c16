import {RE2JS, RE2JSSyntaxException} from 're2js'

import {LIMITS} from '../limits.js'

// JSON Schema `pattern`s are ECMAScript regular expressions, and JavaScript matches them by
// backtracking: a producer's `^(a+)+$` holds the event loop for hours on forty `a`s and a
// `!`. tama-dex matches patterns with RE2JS, whose time is linear in the input, after
// translating the ECMAScript syntax (unicode mode, as schema validators compile patterns)
// where RE2 reads it differently. What has no linear-time match is refused, saying why.
// Compiling costs time and memory in proportion to the pattern written out, so each
// document's patterns have a budget (LIMITS.patternPositions).

/** An inclusive range of code points. */
type Range = readonly [number, number]

const MAX_CODE_POINT = 0x10ffff
// RE2's bound on a counted repeat, `{1000}`.
const MAX_REPEAT = 1000
// ECMAScript's \s: WhiteSpace and LineTerminator. RE2's \s is ASCII only.
const WHITE_SPACE: readonly Range[] = [[0x9, 0xd], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]]
const SPACE = classBody(WHITE_SPACE)
// Written as ranges rather than `[^…]` so that it also fits inside a class, as in `[\S\n]`.
const NOT_SPACE = classBody(complement(WHITE_SPACE))
// ECMAScript's `.` excludes every LineTerminator; RE2's excludes only \n.
const DOT = `[^${classBody([[0xa, 0xa], [0xd, 0xd], [0x2028, 0x2029]])}]`
// `[^]` and `[]`, which RE2 reads as unclosed classes.
const ANYTHING = `[${classBody([[0, MAX_CODE_POINT]])}]`
const NOTHING = `[^${classBody([[0, MAX_CODE_POINT]])}]`
// How a general category or a script is named to RE2: bare, as in \p{Lu} or \p{Greek}.
const BARE_PROPERTIES = ['General_Category', 'gc', 'Script', 'sc']
const LOOKAROUNDS = [
  ['(?=', 'a lookahead'],
  ['(?!', 'a negative lookahead'],
  ['(?<=', 'a lookbehind'],
  ['(?<!', 'a negative lookbehind'],
] as const
const QUANTIFIER = /\{(\d+)(,(\d*))?\}/y

const NOT_LINEAR = 'which tama-dex cannot check in linear time; rewrite it without lookaround or backreferences'
const UNSUPPORTED = "which tama-dex's linear-time matcher does not support"
const TOO_MANY_REPEATS = `repeats something more than ${MAX_REPEAT} times (nested counts multiply), ${UNSUPPORTED}; use \`*\` or \`+\` and bound the length with \`maxLength\``

/** Why a pattern is refused, worded to follow the pattern: "`pattern` "…" uses a lookahead …". */
class Refusal extends Error {}

/** A pattern in RE2 syntax, and how many positions it expands to with each counted repeat written out. */
interface Translation {
  readonly source: string
  readonly size: number
}

/**
 * The patterns of one document, as the profile checks them and adoption repairs them: each
 * must be an ECMAScript regular expression in unicode mode, as validators compile patterns,
 * that tama-dex can match in linear time; and the distinct ones together may expand to
 * LIMITS.patternPositions positions, which bounds the time and memory compiling them takes.
 */
export class DocumentPatterns {
  private readonly problems = new Map<string, string | null>()
  private positions = 0

  /**
   * What keeps tama-dex from using `pattern` as a `pattern` (or `patternProperties` key),
   * worded to follow it ("is not a valid regular expression …", "uses a lookahead …"), or
   * null when it can. Each distinct pattern that compiles counts toward the budget.
   */
  problem(pattern: string): string | null {
    const known = this.problems.get(pattern)
    if (known !== undefined) return known
    const compiled = compile(pattern, this.positions)
    if (compiled instanceof Refusal) {
      this.problems.set(pattern, compiled.message)
      return compiled.message
    }
    this.positions += compiled.size
    this.problems.set(pattern, null)
    return null
  }
}

/**
 * Compiles `pattern` to a matcher whose `test` agrees with `new RegExp(pattern, 'u').test`
 * (a match anywhere in the string) in time linear in the string. Throws an Error naming
 * the pattern and its problem when a document holding only this pattern would be refused.
 */
export function compileLinearPattern(pattern: string): RE2JS {
  const compiled = compile(pattern, 0)
  if (compiled instanceof Refusal) throw new Error(`pattern ${JSON.stringify(pattern)} ${compiled.message}`)
  return compiled.matcher
}

/** `pattern` compiled, when it fits beside patterns that expand to `taken` positions. */
function compile(pattern: string, taken: number): {matcher: RE2JS; size: number} | Refusal {
  const translation = translate(pattern)
  if (translation instanceof Refusal) return translation
  const {source, size} = translation
  if (taken + size > LIMITS.patternPositions) {
    return new Refusal(`expands to ${size} positions (each counted repeat written out), taking the document's distinct patterns past their limit of ${LIMITS.patternPositions} positions together; simplify it, or split the document`)
  }
  try {
    return {matcher: RE2JS.compile(source), size}
  } catch (error) {
    if (!(error instanceof RE2JSSyntaxException)) throw error
    // What RE2 refuses once the syntax is its own: its limits, not anything ECMAScript means.
    if (error.error === 'invalid repeat count') return new Refusal(TOO_MANY_REPEATS)
    return new Refusal(`cannot be compiled by tama-dex's linear-time matcher (${error.message}); simplify it`)
  }
}

/** `pattern` in RE2 syntax, or why it cannot be. */
function translate(pattern: string): Translation | Refusal {
  try {
    // The scan below reads only valid patterns.
    new RegExp(pattern, 'u')
  } catch {
    return new Refusal('is not a valid regular expression (ECMA-262, unicode mode)')
  }
  try {
    return scan(pattern)
  } catch (error) {
    if (error instanceof Refusal) return error
    throw error
  }
}

/** A valid ECMAScript (unicode mode) pattern in RE2 syntax; throws a Refusal for what has none. */
function scan(pattern: string): Translation {
  let source = ''
  let at = 0
  let inClass = false
  // The size of each open group so far, outermost first, and of the last atom or group:
  // what a quantifier after it repeats.
  const sizes = [0]
  let last = 0
  const emit = (text: string, next: number, size = 0): void => {
    source += text
    at = next
    sizes[sizes.length - 1]! += size
  }
  const atom = (text: string, next: number): void => {
    emit(text, next, 1)
    last = 1
  }
  while (at < pattern.length) {
    const char = pattern[at]!
    if (inClass) {
      inClass = char !== ']'
      if (char === '\\') emit(...escape(pattern, at, true))
      else if (char === ']') atom(char, at + 1)
      // A `[` is literal inside an ECMAScript class; RE2 would read `[:` as a POSIX class.
      else emit(char === '[' ? '\\[' : char, at + 1)
    } else if (char === '\\') {
      atom(...escape(pattern, at, false))
    } else if (pattern.startsWith('[]', at)) {
      atom(NOTHING, at + 2)
    } else if (pattern.startsWith('[^]', at)) {
      atom(ANYTHING, at + 3)
    } else if (char === '[') {
      inClass = true
      emit(char, at + 1)
    } else if (char === '(') {
      emit(...group(pattern, at))
      sizes.push(0)
    } else if (char === ')') {
      last = sizes.pop()! + 2
      emit(char, at + 1, last)
    } else if (char === '{') {
      QUANTIFIER.lastIndex = at
      const [text, min, comma, max] = QUANTIFIER.exec(pattern)!
      const bound = Number(max || min)
      if (bound > MAX_REPEAT) throw new Refusal(TOO_MANY_REPEATS)
      // `{n,}` is n copies and a star.
      const copies = comma !== undefined && !max ? bound + 1 : bound
      emit(text, at + text.length, last * (copies - 1))
      last *= copies
    } else if ('*+?|'.includes(char)) {
      emit(char, at + 1, 1)
    } else {
      atom(char === '.' ? DOT : char, at + 1)
    }
  }
  return {source, size: sizes[0]!}
}

/** The RE2 for the group opening at `at`, and where its content starts. */
function group(pattern: string, at: number): [string, number] {
  if (pattern[at + 1] !== '?') return ['(', at + 1]
  for (const [opener, what] of LOOKAROUNDS) {
    if (pattern.startsWith(opener, at)) throw new Refusal(`uses ${what} \`${opener}\`, ${NOT_LINEAR}`)
  }
  if (pattern.startsWith('(?:', at)) return ['(?:', at + 3]
  // A named group: nothing reads its name, and ECMAScript allows names RE2 does not.
  if (pattern.startsWith('(?<', at)) return ['(?:', pattern.indexOf('>', at) + 1]
  throw new Refusal(`uses the modifier group \`${pattern.slice(at, pattern.indexOf(':', at) + 1)}\`, ${UNSUPPORTED}; write it without modifiers`)
}

/** The RE2 for the escape at `at`, and where the pattern goes on. */
function escape(pattern: string, at: number, inClass: boolean): [string, number] {
  const letter = pattern[at + 1]!
  switch (letter) {
    case 'u':
      return unicodeEscape(pattern, at)
    case 'c':
      return [codePoint(pattern.charCodeAt(at + 2) % 32), at + 3]
    case 'b':
      // Inside a class, \b is a backspace.
      return [inClass ? codePoint(8) : '\\b', at + 2]
    case 's':
      return [inClass ? SPACE : `[${SPACE}]`, at + 2]
    case 'S':
      return [inClass ? NOT_SPACE : `[${NOT_SPACE}]`, at + 2]
    case 'p':
    case 'P':
      return propertyEscape(pattern, at)
    case 'k':
      throw new Refusal(`uses a backreference \`${pattern.slice(at, pattern.indexOf('>', at) + 1)}\`, ${NOT_LINEAR}`)
    default:
      if (letter >= '1' && letter <= '9') throw new Refusal(`uses a backreference \`${/\\\d+/y.exec(pattern.slice(at))![0]}\`, ${NOT_LINEAR}`)
      // \d \D \w \W \B \t \n \v \f \r \0 \xHH and escaped punctuation read the same in RE2.
      return [pattern.slice(at, at + 2), at + 2]
  }
}

/** `\uXXXX` (two of them for a surrogate pair, one code point in unicode mode) and `\u{X…}`. */
function unicodeEscape(pattern: string, at: number): [string, number] {
  if (pattern[at + 2] === '{') {
    const end = pattern.indexOf('}', at)
    return [codePoint(Number.parseInt(pattern.slice(at + 3, end), 16)), end + 1]
  }
  const unit = Number.parseInt(pattern.slice(at + 2, at + 6), 16)
  const low = /\\u([Dd][C-Fc-f][0-9A-Fa-f]{2})/y.exec(pattern.slice(at + 6, at + 12))
  if (unit >= 0xd800 && unit <= 0xdbff && low !== null) {
    return [codePoint(0x10000 + ((unit - 0xd800) << 10) + (Number.parseInt(low[1]!, 16) - 0xdc00)), at + 12]
  }
  return [codePoint(unit), at + 6]
}

/** `\p{…}` and `\P{…}`, refused when RE2 does not know the property. */
function propertyEscape(pattern: string, at: number): [string, number] {
  const end = pattern.indexOf('}', at)
  const written = pattern.slice(at + 3, end)
  const [name, value] = written.split('=')
  const property = value !== undefined && BARE_PROPERTIES.includes(name!) ? value : written
  const text = `\\${pattern[at + 1]}{${property}}`
  try {
    RE2JS.compile(text)
  } catch {
    throw new Refusal(`uses the Unicode property \`${pattern.slice(at, end + 1)}\`, ${UNSUPPORTED}; use a general category such as \`\\p{L}\`, a script such as \`\\p{Script=Latin}\`, or a character class`)
  }
  return [text, end + 1]
}

function codePoint(value: number): string {
  return `\\x{${value.toString(16)}}`
}

/** The inside of a character class holding `ranges`. */
function classBody(ranges: readonly Range[]): string {
  return ranges.map(([from, to]) => (from === to ? codePoint(from) : `${codePoint(from)}-${codePoint(to)}`)).join('')
}

/** Every code point not in `ranges` (sorted, apart). */
function complement(ranges: readonly Range[]): Range[] {
  const gaps: Range[] = []
  let from = 0
  for (const [start, end] of ranges) {
    if (start > from) gaps.push([from, start - 1])
    from = end + 1
  }
  if (from <= MAX_CODE_POINT) gaps.push([from, MAX_CODE_POINT])
  return gaps
}
