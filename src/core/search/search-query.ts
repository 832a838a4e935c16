import {TamaError} from '../errors/tama-error.js'
import {STOP_WORDS, verbOf, type VerbClass} from './query-vocabulary.js'
import {words} from './text-analysis.js'
import {stem} from './word-stem.js'

/** Longer queries are refused: no request for an operation needs more. */
export const MAX_QUERY_CHARACTERS = 4096
/** Only the first this-many distinct terms of a query are searched. */
export const MAX_QUERY_TERMS = 32

/** A query reduced to terms; the caller's text never reaches FTS5 MATCH as syntax. */
export interface ParsedQuery {
  /** The query as given, trimmed: compared with operation ids for an exact match. */
  readonly text: string
  /** Distinct stemmed terms, in query order, at most MAX_QUERY_TERMS. */
  readonly terms: readonly string[]
  /** Adjacent term pairs ("net income"), as `a b`. */
  readonly pairs: ReadonlySet<string>
  /** The action the query asks for, from its first API verb. */
  readonly verb: VerbClass | null
}

/**
 * Reduces any string to stemmed terms: quotes, operators, column filters and control
 * characters are just separators; function words and request padding are dropped.
 */
export function parseQuery(query: string): ParsedQuery {
  if (typeof query !== 'string') throw new TamaError('usage', 'The query must be a string of words describing the operation wanted.')
  const text = query.trim()
  if (text === '') throw new TamaError('usage', 'The query is empty; describe the operation wanted, e.g. "list instances".')
  if (text.length > MAX_QUERY_CHARACTERS) {
    throw new TamaError('usage', `The query is ${text.length} characters long; keep it under ${MAX_QUERY_CHARACTERS} characters, a sentence or a few keywords.`)
  }
  const all = words(text)
  if (all.length === 0) throw new TamaError('usage', 'The query has no words to search for (only punctuation or symbols); describe the operation wanted in words.')
  // Single characters ("I'm", "40.7") say nothing about the operation wanted.
  const content = all.filter((word) => word.length > 1 && !STOP_WORDS.has(word))
  // A query made only of function words still searches with them rather than failing.
  const kept = content.length > 0 ? content : all
  const sequence = kept.slice(0, 2 * MAX_QUERY_TERMS).map(stem)
  const pairs = new Set<string>()
  for (let i = 1; i < sequence.length; i++) pairs.add(`${sequence[i - 1]} ${sequence[i]}`)
  return {
    text,
    terms: [...new Set(sequence)].slice(0, MAX_QUERY_TERMS),
    pairs,
    verb: kept.map(verbOf).find((verb) => verb !== undefined) ?? null,
  }
}
