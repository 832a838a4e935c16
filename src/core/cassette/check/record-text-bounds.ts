import {subschemaLimitProblem} from '../../profile/schema/schema-size.js'
import {LIMITS} from '../../profile/limits.js'

// Character codes the scan looks at: everything else is inside a number or a literal.
const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COMMA = 0x2c
const LETTER_T = 0x74
const LETTER_F = 0x66
const COLON = 0x3a
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d])

/** The smallest JSON of each type, by the first character of a value of that type. */
const STAND_INS = new Map([
  [OPEN_OBJECT, '{}'],
  [OPEN_ARRAY, '[]'],
  [QUOTE, '""'],
  [LETTER_T, 'true'],
  [LETTER_F, 'false'],
  [0x6e, 'null'],
])

interface RecordSchemas {
  readonly inputSchema?: unknown
  readonly confirmation?: {readonly when?: unknown} | null
}

/** The members of a record whose schemas execute compiles whole, so their size is bounded. */
const COMPILED = new Map<string, (record: RecordSchemas) => unknown>([
  ['inputSchema', (record) => record.inputSchema],
  ['confirmation', (record) => record.confirmation?.when],
])

/**
 * Where a top-level member of a record's text lies (UTF-16 offsets): `from` is the comma
 * before its key (-1 when it comes first), its value runs from `start` up to `end`.
 */
export interface MemberSpan {
  readonly from: number
  readonly start: number
  readonly end: number
}

/**
 * What a scan of a record's text found: the first way it breaks the limits, or the record
 * with stand-ins for its schemas, and where each opaque member was.
 */
export type RecordScan = {readonly problem: string} | {readonly standIn: string; readonly spans: ReadonlyMap<string, MemberSpan>}

/**
 * Scans a stored record's text once, without building the value, for the first way it
 * breaks the limits every document keeps: nesting deeper than LIMITS.depth, a string or key
 * longer than LIMITS.stringLength, an object whose keys are not in canonical order (so no
 * key is repeated, and every reader sees the same member), or an input or `when` schema
 * of more subschemas than execute may compile. `text` must be valid JSON (SQLite's
 * json_valid) for what it finds to be exact; on any other text it still ends, and bounds
 * nesting and strings the same way. The subschema count is bounded by the objects and booleans inside the member
 * (every subschema a checked schema holds is one of them); only a record past that bound
 * is parsed, to count exactly. When the record keeps the limits, it comes back with each
 * top-level member named in `opaque` replaced by the smallest JSON of the same type, so
 * the rest can be parsed and checked without parsing the schemas that are most of it, and
 * with where each of those members was, so it can be cut out without parsing either.
 */
export function scanRecordText(text: string, opaque: ReadonlySet<string>): RecordScan {
  const isObject: boolean[] = []
  // The previous key of each open object, as the span of its quoted text (start -1: none yet).
  const keyStart: number[] = []
  const keyEnd: number[] = []
  let depth = 0
  let expectKey = false
  let member: string | null = null
  const schemaValues = new Map<string, number>()
  let opaqueKey = false
  let valueStart = -1
  // The last comma between top-level members, and where the opaque member being read starts.
  let memberComma = -1
  let memberFrom = -1
  const spans = new Map<string, MemberSpan>()
  let opaqueName = ''
  const kept: string[] = []
  let keptUpTo = 0
  const replace = (end: number) => {
    spans.set(opaqueName, {from: memberFrom, start: valueStart, end})
    kept.push(text.slice(keptUpTo, valueStart), STAND_INS.get(text.charCodeAt(valueStart)) ?? '0')
    keptUpTo = end
    valueStart = -1
  }
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (opaqueKey && code !== COLON && !WHITESPACE.has(code)) {
      valueStart = at
      opaqueKey = false
    }
    if (code === QUOTE) {
      const end = closingQuote(text, at)
      if (end - at - 1 > LIMITS.stringLength) {
        const length = (JSON.parse(text.slice(at, end + 1)) as string).length
        if (length > LIMITS.stringLength) return {problem: `holds a string of ${length} characters, longer than ${LIMITS.stringLength}, past the limits every document keeps (docs/profile.md#limits)`}
      }
      if (expectKey) {
        const previous = keyStart[depth - 1]!
        if (previous >= 0 && keyOrder(text, previous, keyEnd[depth - 1]!, at, end + 1) >= 0) {
          return {problem: `is not canonical JSON: the key ${JSON.stringify(text.slice(at + 1, Math.min(end, at + 65)))} is out of order or repeated`}
        }
        keyStart[depth - 1] = at
        keyEnd[depth - 1] = end + 1
        if (depth === 1) {
          // Decoded when escaped, so a top-level member is found however its key is written.
          const raw = text.slice(at + 1, end)
          const name = raw.includes('\\') ? (JSON.parse(text.slice(at, end + 1)) as string) : raw
          member = COMPILED.has(name) ? name : null
          opaqueKey = opaque.has(name)
          if (opaqueKey) {
            opaqueName = name
            memberFrom = memberComma
          }
        }
        expectKey = false
      }
      at = end
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > LIMITS.depth) return {problem: `nests deeper than ${LIMITS.depth} levels, past the limits every document keeps (docs/profile.md#limits)`}
      isObject[depth - 1] = code === OPEN_OBJECT
      keyStart[depth - 1] = -1
      expectKey = code === OPEN_OBJECT
      if (member !== null && code === OPEN_OBJECT) schemaValues.set(member, (schemaValues.get(member) ?? 0) + 1)
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--
      expectKey = false
      if (depth === 1) member = null
      if (valueStart >= 0 && depth <= 1) replace(depth === 1 ? at + 1 : at)
    } else if (code === COMMA) {
      expectKey = isObject[depth - 1] === true
      if (depth === 1) member = null
      if (valueStart >= 0 && depth === 1) replace(at)
      if (depth === 1) memberComma = at
    } else if (member !== null && (code === LETTER_T || code === LETTER_F)) {
      schemaValues.set(member, (schemaValues.get(member) ?? 0) + 1)
    }
  }
  const problem = subschemaProblem(text, schemaValues)
  if (problem !== null) return {problem}
  kept.push(text.slice(keptUpTo))
  return {standIn: kept.join(''), spans}
}

/**
 * The order of two quoted keys of `text` (negative, 0 or positive) by their code units once
 * decoded, read in place: the first difference decides unless an escape comes before it,
 * when both are decoded.
 */
function keyOrder(text: string, aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart) - 1
  for (let at = 1; at < length; at++) {
    const a = text.charCodeAt(aStart + at)
    const b = text.charCodeAt(bStart + at)
    if (a === BACKSLASH || b === BACKSLASH) {
      const [first, second] = [JSON.parse(text.slice(aStart, aEnd)) as string, JSON.parse(text.slice(bStart, bEnd)) as string]
      return first < second ? -1 : first === second ? 0 : 1
    }
    if (a !== b) return a - b
  }
  return aEnd - aStart - (bEnd - bStart)
}

/** The index of the quote that closes the string opening at `open` (the text's end when none does). */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1)
  for (;;) {
    if (end < 0) return text.length
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return end
    end = text.indexOf('"', end + 1)
  }
}

function subschemaProblem(text: string, schemaValues: ReadonlyMap<string, number>): string | null {
  const over = [...schemaValues].filter(([, values]) => values > LIMITS.operationSubschemas)
  if (over.length === 0) return null
  const record = JSON.parse(text) as RecordSchemas
  for (const [name] of over) {
    const schema = COMPILED.get(name)!(record)
    const tooLarge = schema === undefined ? null : subschemaLimitProblem(`/${name}${name === 'confirmation' ? '/when' : ''}`, schema)
    if (tooLarge !== null) return tooLarge
  }
  return null
}
