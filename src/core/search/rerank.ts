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
const WEIGHTS = {name: 0.4, summary: 0.3, pairs: 1.0, verb: 0.1, terms: 0.5} as const
// Function words, as stored (stemmed): they never count towards covering a summary.
const STOP_TERMS = new Set([...STOP_WORDS].map(stem))

const split = (text: string): string[] => (text === '' ? [] : text.split(' '))

/** The share of `words` the query holds (0 when there are none). */
function covered(words: readonly string[], query: ParsedQuery): number {
  return words.length === 0 ? 0 : words.filter((word) => query.terms.includes(word)).length / words.length
}

// A term's weight from the operations holding it: the rarer, the more it says.
const rarity = (docs: number): number => 1 / Math.log2(2 + docs)

/**
 * Re-scores FTS5's best candidates with what its BM25 cannot see: how much of the
 * operation's name and of its summary the query covers (also with terms too common to
 * search with), which of the query's adjacent term pairs appear adjacent in it, whether
 * the query's action is the operation's, and how much of the query (each term weighted by
 * its rarity, a related word as much as a query word) the operation holds anywhere.
 * `docs` and `relatedDocs` count the operations holding each query term and related word.
 */
export function rerank(query: ParsedQuery, pool: Candidate[], docs: ReadonlyMap<string, number> = new Map(), relatedDocs: ReadonlyMap<string, number> = new Map()): void {
  const top = pool.reduce((best, c) => Math.max(best, c.bm25), 0) || 1
  const pairMembers = new Set([...query.pairs].flatMap((pair) => pair.split(' ')))
  const weighted = [...docs, ...relatedDocs].map(([term, count]) => ({term, weight: rarity(count)}))
  const whole = [...docs.values()].reduce((sum, count) => sum + rarity(count), 0) || 1
  for (const candidate of pool) {
    const held = new Set<string>()
    const adjacent = new Set<string>()
    for (const column of [candidate.name_terms, candidate.summary_terms, candidate.tag_terms, candidate.field_terms, candidate.description_terms]) {
      const terms = split(column)
      for (let i = 0; i < terms.length; i++) {
        held.add(terms[i]!)
        // Pairs never span two columns.
        if (i > 0 && pairMembers.has(terms[i]!) && pairMembers.has(terms[i - 1]!)) adjacent.add(`${terms[i - 1]} ${terms[i]}`)
      }
    }
    const name = covered(split(candidate.name_terms).filter((term) => verbOf(term) === undefined), query)
    const summary = covered(split(candidate.summary_terms).filter((term) => !STOP_TERMS.has(term)), query)
    const paired = query.pairs.size === 0 ? 0 : [...query.pairs].filter((pair) => adjacent.has(pair)).length / query.pairs.size
    const verb = query.verb !== null && candidate.verb === query.verb ? 1 : 0
    const terms = weighted.reduce((sum, {term, weight}) => sum + (held.has(term) ? weight : 0), 0) / whole
    candidate.score =
      candidate.bm25 / top + WEIGHTS.name * name + WEIGHTS.summary * summary + WEIGHTS.pairs * paired + WEIGHTS.verb * verb + WEIGHTS.terms * terms
  }
}
