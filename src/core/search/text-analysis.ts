import {stem} from './word-stem.js'

/**
 * Turns operation text and query text into the same terms, in JS, because better-sqlite3
 * cannot register an FTS5 tokenizer: text is NFKC-folded, accents are dropped, identifiers
 * are split (snake_case, camelCase, kebab-case, paths), words are lower-cased and
 * stemmed. Terms are stored space-separated so FTS5's unicode61 tokenizer keeps them as is.
 */

// A run of letters and digits: what unicode61 keeps as one token.
const RUN = /[\p{L}\p{N}]+/gu
// A run without one has no case boundary.
const UPPER = /\p{Lu}/u
// Inside a run: lower/digit→Upper ("getUser", "v2Name") and UPPER→Upper+lower ("HTTPServer").
const CASE_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u

/** The words of `text`, identifiers split, lower-cased, in order (duplicates kept). */
export function words(text: string): string[] {
  const out: string[] = []
  const folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').normalize('NFKC')
  for (const run of folded.match(RUN) ?? []) {
    if (!UPPER.test(run)) out.push(run.toLowerCase())
    else for (const part of run.split(CASE_BOUNDARY)) out.push(part.toLowerCase())
  }
  return out
}

/** The stemmed terms of `text`, in order: what the FTS5 table stores. */
export function terms(text: string): string[] {
  return words(text).map(stem)
}

