import {STOP_WORDS, verbOf} from './query-vocabulary.js'
import type {ParsedQuery} from './search-query.js'
import {stem} from './word-stem.js'

/** A candidate from the FTS5 query, with the stored terms re-ranking compares. */
export interface Candidate {
  readonly id: number
  readonly cassette: string
  readonly operation_id: string
  readonly verb: string | null
  readonly summary: string
  readonly destructive: number
  readonly confirmation: string | null
  readonly name_terms: string
  readonly summary_terms: string
  readonly tag_terms: string
  readonly field_terms: string
  readonly description_terms: string
  /** FTS5's weighted BM25 over the selected terms, higher is better. */
  readonly bm25: number
  score: number
}

// Tuned on the public retrieval sets (bench/retrieval): how much each feature adds, as a
// fraction of the best BM25 score in the pool.
const WEIGHTS = {name: 0.4, summary: 0.3, pairs: 1.0, verb: 0.1, terms: 0.5, derived: 0.4} as const
// Function words, as stored (stemmed): they never count towards covering a name or a summary.
const STOP_TERMS = new Set([...STOP_WORDS].map(stem))

const split = (text: string): string[] => (text === '' ? [] : text.split(' '))

/** The share of `words` the query holds (0 when there are none). */
function covered(words: readonly string[], query: ReadonlySet<string>): number {
  return words.length === 0 ? 0 : words.filter((word) => query.has(word)).length / words.length
}

// A term's weight from the operations holding it: the rarer, the more it says.
const rarity = (docs: number): number => 1 / Math.log2(2 + docs)

/**
 * Re-scores FTS5's best candidates with what its BM25 cannot see: how much of the
 * operation's name and of its summary the query covers (also with terms too common to
 * search with), which of the query's adjacent term pairs appear adjacent in it, whether
 * the query's action is the operation's, how much of the query (each term weighted by its
 * rarity, a related word as much as a query word) the operation holds anywhere, and how
 * much it holds only in a derived form. `docs` and `relatedDocs` count the operations
 * holding each query term and related word.
 */
export function rerank(query: ParsedQuery, pool: Candidate[], docs: ReadonlyMap<string, number> = new Map(), relatedDocs: ReadonlyMap<string, number> = new Map()): void {
  const top = pool.reduce((best, c) => Math.max(best, c.bm25), 0) || 1
  const queryTerms = new Set(query.terms)
  const pairMembers = new Set([...query.pairs].flatMap((pair) => pair.split(' ')))
  const weights = new Map([...docs, ...relatedDocs].map(([term, count]) => [term, rarity(count)]))
  const whole = [...docs.values()].reduce((sum, count) => sum + rarity(count), 0) || 1
  const byStart = derivable(docs)
  for (const candidate of pool) {
    const [nameTerms, summaryTerms, tagTerms, fieldTerms, descriptionTerms] = [
      candidate.name_terms,
      candidate.summary_terms,
      candidate.tag_terms,
      candidate.field_terms,
      candidate.description_terms,
    ].map(split) as [string[], string[], string[], string[], string[]]
    // One pass over the operation's terms finds the weighted terms it holds and the
    // query's pairs it holds adjacent (never across two columns).
    const held = new Set<string>()
    const adjacent = new Set<string>()
    for (const terms of [nameTerms, summaryTerms, tagTerms, fieldTerms, descriptionTerms]) {
      for (let i = 0; i < terms.length; i++) {
        const term = terms[i]!
        if (weights.has(term)) held.add(term)
        if (i > 0 && pairMembers.has(term) && pairMembers.has(terms[i - 1]!)) adjacent.add(`${terms[i - 1]} ${term}`)
      }
    }
    const name = covered(nameTerms.filter((term) => verbOf(term) === undefined && !STOP_TERMS.has(term)), queryTerms)
    const summary = covered(summaryTerms.filter((term) => !STOP_TERMS.has(term)), queryTerms)
    const paired = query.pairs.size === 0 ? 0 : [...query.pairs].filter((pair) => adjacent.has(pair)).length / query.pairs.size
    const verb = query.verb !== null && candidate.verb === query.verb ? 1 : 0
    let terms = 0
    for (const term of held) terms += weights.get(term)!
    // Descriptions are left out: they are the long column, and including them gained nothing measurable.
    const derived = derivedWeight(byStart, [nameTerms, summaryTerms, tagTerms, fieldTerms])
    candidate.score =
      candidate.bm25 / top +
      WEIGHTS.name * name +
      WEIGHTS.summary * summary +
      WEIGHTS.pairs * paired +
      WEIGHTS.verb * verb +
      (WEIGHTS.terms * terms + WEIGHTS.derived * derived) / whole
  }
}

// A query term and an operation term are derived forms of one word when they share this
// many first letters ("nutrition", "nutritional"), or when one of at least DERIVED_START
// letters begins the other ("rent", "rental").
const DERIVED_PREFIX = 5
const DERIVED_START = 4

interface QueryTerm {
  readonly term: string
  readonly weight: number
}

/** The query's terms of at least DERIVED_START letters, by their first DERIVED_START letters. */
function derivable(docs: ReadonlyMap<string, number>): ReadonlyMap<string, readonly QueryTerm[]> {
  const byStart = new Map<string, QueryTerm[]>()
  for (const [term, count] of docs) {
    if (term.length < DERIVED_START) continue
    const start = term.slice(0, DERIVED_START)
    byStart.set(start, [...(byStart.get(start) ?? []), {term, weight: rarity(count)}])
  }
  return byStart
}

/**
 * The rarity weight of the query terms that `columns` hold only in a derived form: the
 * stemmer leaves derivational suffixes alone, and requests and API text often differ by
 * one ("nutritional information" for getFoodNutrition).
 */
function derivedWeight(byStart: ReadonlyMap<string, readonly QueryTerm[]>, columns: ReadonlyArray<readonly string[]>): number {
  if (byStart.size === 0) return 0
  const held = new Set<QueryTerm>()
  const derived = new Set<QueryTerm>()
  for (const words of columns) {
    for (const word of words) {
      if (word.length < DERIVED_START) continue
      for (const term of byStart.get(word.slice(0, DERIVED_START)) ?? []) {
        if (word === term.term) held.add(term)
        else if (isDerived(word, term.term)) derived.add(term)
      }
    }
  }
  let sum = 0
  for (const term of derived) if (!held.has(term)) sum += term.weight
  return sum
}

function isDerived(a: string, b: string): boolean {
  let shared = 0
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++
  return shared >= DERIVED_PREFIX || shared === Math.min(a.length, b.length)
}
