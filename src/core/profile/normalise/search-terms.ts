import {LIMITS} from '../limits.js'

/**
 * The keywords of an operation's record (docs/profile.md#x-tama-keywords): its own
 * `x-tama-keywords` and the document's, each trimmed, its white space collapsed to one
 * space and lower-cased (search matches words case-insensitively), each once, in UTF-16
 * code-unit order, so reordering or re-casing keywords changes neither the record nor
 * the cassette. Values that are not strings are left to validation, which reports them.
 */
export function normaliseKeywords(own: unknown, documentLevel: unknown): string[] {
  const all = [...strings(own), ...strings(documentLevel)].map(normaliseKeyword)
  return [...new Set(all.filter((keyword) => keyword !== ''))].sort(compareCodeUnits)
}

/** One keyword as the record holds it: trimmed, white space collapsed, lower-case. */
export function normaliseKeyword(keyword: string): string {
  return collapse(keyword).toLowerCase()
}

/**
 * The example requests of an operation's record (docs/profile.md#x-tama-examples): each
 * trimmed and its white space collapsed, each once, in the order the document lists them
 * (the order `cassette lint` reports them in).
 */
export function normaliseExamples(value: unknown): string[] {
  return [...new Set(strings(value).map(collapse).filter((example) => example !== ''))]
}

/** Whether a keyword fits the profile (docs/schema/x-tama.schema.json#/$defs/keyword). */
export function isKeyword(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.keywordLength && ONE_LINE_WITH_A_WORD.test(value)
}

/** Whether an example request fits the profile (docs/schema/x-tama.schema.json#/$defs/example). */
export function isExampleRequest(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.exampleLength && ONE_LINE_WITH_A_WORD.test(value)
}

/** The `pattern` of a keyword and an example request in docs/schema/x-tama.schema.json: one line, a letter or digit in it. */
export const SEARCH_TERM_PATTERN = '^[^\\u0000-\\u001f\\u007f]*[\\p{L}\\p{N}][^\\u0000-\\u001f\\u007f]*$'

const ONE_LINE_WITH_A_WORD = new RegExp(SEARCH_TERM_PATTERN, 'u')

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function collapse(text: string): string {
  return text.trim().replace(/\s+/gu, ' ')
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
