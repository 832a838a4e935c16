import {TamaError} from '../errors/index.js'
import {RANKING_MODEL} from './ranking-model.js'
import {firstVerb, partsPair, stem, verbOf, words} from './text-analysis.js'
import {DETERMINERS, PARTICLES, STOP_WORDS, VERB_PARTICLES, type VerbClass} from './vocabulary.js'

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
  /**
   * Adjacent term pairs ("net income"), as `a b`; function words between two terms do not
   * part them unless they change what follows (see partsPair).
   */
  readonly pairs: ReadonlySet<string>
  /** The action the query asks for, from its first API verb. */
  readonly verb: VerbClass | null
  /**
   * Whether, with no API verb, the query opens with a verb all the same: a word (and a
   * particle) before an article or a possessive ("fork a repo", "back up an instance").
   * Reads and deletes have their own words (vocabulary.ts), so such a request asks
   * the operation to change something.
   */
  readonly acts: boolean
  /**
   * Two adjacent words written as one, stemmed ("look up" as `lookup`, "back up" as
   * `backup`): withJoinedWords adds those the index holds to the terms.
   */
  readonly joins: readonly string[]
  /** What the query says (see sayingOf), for the summaries that say the same. */
  readonly saying: string
}

// Single characters ("I'm", "40.7") and function words say nothing about the operation wanted.
const isContent = (word: string): boolean => word.length > 1 && !STOP_WORDS.has(word)

// The words that say what is asked: the content words, or all of them when there are none,
// so a text of function words only ("what is it") still says something.
function saidWords(all: readonly string[]): readonly string[] {
  const content = all.filter(isContent)
  return content.length > 0 ? content : all
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
    throw new TamaError('usage', `The query is ${text.length} characters long; keep it to at most ${MAX_QUERY_CHARACTERS} characters, a sentence or a few keywords.`)
  }
  const all = words(text)
  if (all.length === 0) throw new TamaError('usage', 'The query has no words to search for (only punctuation or symbols); describe the operation wanted in words.')
  const kept = saidWords(all)
  const sequence = kept.slice(0, 2 * MAX_QUERY_TERMS).map(stem)
  // Pairs and joined words are looked for among the first words only, as terms are.
  const read = all.slice(0, 4 * MAX_QUERY_TERMS)
  const verb = firstVerb(kept)
  return {
    text,
    terms: [...new Set(sequence)].slice(0, MAX_QUERY_TERMS),
    // A query of function words only pairs them all.
    pairs: pairsOf(read, kept.every(isContent) ? isContent : () => true),
    verb,
    acts: verb === null && opensWithVerb(all),
    joins: joinsOf(read),
    saying: sayingOfWords(kept),
  }
}

/** Whether `words` open with a verb: a content word, then perhaps a particle, then a determiner. */
function opensWithVerb(words: readonly string[]): boolean {
  const next = VERB_PARTICLES.has(words[1] ?? '') ? 2 : 1
  return words.length > next && isContent(words[0]!) && DETERMINERS.has(words[next]!)
}

/**
 * What `text` says: its content words (all its words when it has none), stemmed, distinct
 * and sorted. A query and an operation summary that say the same thing in any order ("list
 * issues in a repository", "List repository issues") have the same saying.
 */
export function sayingOf(text: string): string {
  return sayingOfWords(saidWords(words(text)))
}

function sayingOfWords(said: readonly string[]): string {
  return [...new Set(said.map(stem))].sort().join(' ')
}

/**
 * The stemmed pairs of adjacent `isTerm` words; the words between two terms do not part
 * them unless one is a function word that changes what follows (see partsPair).
 */
function pairsOf(words: readonly string[], isTerm: (word: string) => boolean): Set<string> {
  const pairs = new Set<string>()
  let previous: string | undefined
  for (const word of words) {
    if (isTerm(word)) {
      const term = stem(word)
      if (previous !== undefined) pairs.add(`${previous} ${term}`)
      previous = term
    } else if (previous !== undefined && partsPair(word, verbOf(previous) !== undefined)) {
      previous = undefined
    }
  }
  return pairs
}

/**
 * The stemmed joins of two adjacent words: a word and the word after it, when that is a word
 * too or a particle ("look up", "sign in", "web hook"), together at least minJoined long (TermLimits).
 */
function joinsOf(words: readonly string[]): string[] {
  const {minJoined} = RANKING_MODEL.terms
  const joins = new Set<string>()
  for (let i = 1; i < words.length; i++) {
    const [first, second] = [words[i - 1]!, words[i]!]
    if (first.length + second.length >= minJoined && isContent(first) && (isContent(second) || PARTICLES.has(second))) joins.add(stem(first + second))
  }
  return [...joins]
}

/**
 * The query with the joined words the index holds (`held`) added to its terms, and its verb
 * from a joined one when it had none ("look up" as `lookup`).
 */
export function withJoinedWords(query: ParsedQuery, held: (term: string) => boolean): ParsedQuery {
  const joined = query.joins.filter((term) => held(term) && !query.terms.includes(term))
  if (joined.length === 0) return query
  const verb = query.verb ?? firstVerb(joined)
  return {...query, terms: [...query.terms, ...joined].slice(0, MAX_QUERY_TERMS), verb, acts: query.acts && verb === null}
}
