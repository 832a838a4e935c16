import {BREAKS_AFTER_VERB, METHOD_VERBS, PAIR_BREAKERS, RELATED_GROUPS, STOP_WORDS, UNINFLECTED, VERBS, type VerbClass} from './vocabulary.js'

/**
 * Turns operation text and query text into the same terms, in JS, because better-sqlite3
 * cannot register an FTS5 tokenizer: text is NFKC-folded, accents are dropped, identifiers
 * are split (snake_case, camelCase, kebab-case, paths), words are lower-cased and
 * stemmed. Terms are stored space-separated so FTS5's unicode61 tokenizer keeps them as is.
 * Also what the vocabulary says of a word: its action, whether it parts a pair, its relatives.
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

/**
 * A light English stemmer, applied in JS to operation text before it is stored and to
 * queries (the FTS5 table stores the result as is): it folds plurals and -ing/-ed forms,
 * which is what operation text and requests differ by. Derivational forms ("nutrition",
 * "nutritional") are left apart; the derived-form feature relates them.
 */
export function stem(word: string): string {
  if (word.length < 3 || UNINFLECTED.has(word)) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1)
  if (w.length <= 3) return w
  // -ied and -ie fold into -y, as -ies does: "modified" is "modify", "movie" is "movies".
  if (w.endsWith('ied') && w.length > 4) return `${w.slice(0, -3)}y`
  if (w.endsWith('ie') && w.length > 4) return `${w.slice(0, -2)}y`
  for (const suffix of ['ing', 'ed']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length)
      if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1)
      break
    }
  }
  return w.endsWith('e') && w.length > 3 ? w.slice(0, -1) : w
}

// Keyed by word and by stem, so stored (stemmed) operation terms are recognised too.
const VERB_OF = new Map<string, VerbClass>(
  Object.entries(VERBS).flatMap(([verb, list]) => list.flatMap((word) => [[word, verb as VerbClass] as const, [stem(word), verb as VerbClass] as const])),
)

/** Every API verb, as written and as stored (stemmed). */
export const VERB_TERMS: ReadonlySet<string> = new Set(VERB_OF.keys())
/** Function words as stored (stemmed). */
export const FUNCTION_TERMS: ReadonlySet<string> = new Set([...STOP_WORDS].map(stem))

/** The action a word (or its stem) names, if it is an API verb. */
export function verbOf(word: string): VerbClass | undefined {
  return VERB_OF.get(word)
}

/** The action the first API verb of `words` names, if one of them is one. */
export function firstVerb(words: readonly string[]): VerbClass | null {
  return words.map(verbOf).find((verb) => verb !== undefined) ?? null
}

/** An operation's action: the first verb in its id, else what its HTTP method implies. */
export function operationVerb(idWords: readonly string[], method: string): VerbClass | null {
  return firstVerb(idWords) ?? METHOD_VERBS[method] ?? null
}

/** Whether a function word parts the words around it into two pairs; `afterVerb` when the word before it is an API verb. */
export function partsPair(word: string, afterVerb: boolean): boolean {
  return PAIR_BREAKERS.has(word) || (afterVerb && BREAKS_AFTER_VERB.has(word))
}

const RELATED = new Map<string, string[]>()
for (const group of RELATED_GROUPS) {
  const stems = [...new Set(group.split(' ').map(stem))]
  for (const term of stems) RELATED.set(term, [...new Set([...(RELATED.get(term) ?? []), ...stems.filter((other) => other !== term)])])
}

const NO_RELATIVES: readonly string[] = []

/** The stemmed relatives of one stemmed term. */
export function relativesOf(term: string): readonly string[] {
  return RELATED.get(term) ?? NO_RELATIVES
}

/** The relatives of `terms` that `terms` do not hold themselves. */
export function relatedTerms(terms: readonly string[]): string[] {
  const held = new Set(terms)
  const out = new Set<string>()
  for (const term of terms) for (const other of relativesOf(term)) if (!held.has(other)) out.add(other)
  return [...out]
}
