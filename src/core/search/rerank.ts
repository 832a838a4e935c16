import {commonFrom} from './name-words.js'
import {partsPair, STOP_WORDS, VERB_TERMS, verbOf, type VerbClass} from './query-vocabulary.js'
import {relativesOf} from './related-words.js'
import type {ParsedQuery} from './search-query.js'
import {stem} from './word-stem.js'
import {WordTable} from './word-table.js'

/** A candidate from the FTS5 query, with the stored terms re-ranking compares. */
export interface Candidate {
  readonly id: number
  readonly cassette: string
  readonly operation_id: string
  readonly verb: string | null
  readonly summary: string
  readonly destructive: number
  readonly confirmation: string | null
  /** The operation's stored terms as CANDIDATE_TERMS lays them out. */
  readonly terms: string
  /**
   * Its cassette's operation count, then for each id term how many of the cassette's
   * operation ids hold it, 0 for one that is not a name word, between spaces
   * (nameWordCounts).
   */
  readonly name_counts: string
  /** FTS5's weighted BM25 over the selected terms, higher is better. */
  readonly bm25: number
  score: number
}

// Between two columns of CANDIDATE_TERMS; no term holds it.
const COLUMN_BREAK = ' | '
const BREAK = 0x7c

/**
 * SQL for a candidate's `terms`, from operation_text `t`: its id, summary, tag, field and
 * description terms, in that order, each column between COLUMN_BREAKs and the whole
 * between spaces. Re-ranking walks this one string rather than splitting five columns.
 */
export const CANDIDATE_TERMS = `' ' || t.name_terms || '${COLUMN_BREAK}' || t.summary_terms || '${COLUMN_BREAK}' || t.tag_terms || '${COLUMN_BREAK}' || t.field_terms || '${COLUMN_BREAK}' || t.description_terms || ' '`
// Columns of CANDIDATE_TERMS. The description, the long column, is left out of derived
// forms: including it gained nothing measurable.
const NAME = 0
const SUMMARY = 1
const DESCRIPTION = 4

// Tuned on the public retrieval sets (bench/retrieval): how much each feature adds, as a
// fraction of the best BM25 score in the pool; `unaskedDelete` is taken away.
const WEIGHTS = {name: 0.4, summary: 0.3, pairs: 1.0, verb: 0.2, acts: 0.1, terms: 0.5, derived: 0.4, unaskedDelete: 0.1} as const
// A query term and an operation term are derived forms of one word when they share this
// many first letters ("nutrition", "nutritional"), or when one of at least DERIVED_START
// letters begins the other ("rent", "rental").
const DERIVED_PREFIX = 5
const DERIVED_START = 4

/** An API verb or a function word, as stored (stemmed): summary coverage and pairs treat them apart. */
interface KnownWord {
  /** The action of an API verb; a summary's verb counts as covered by a query verb of the same action. */
  readonly verb?: VerbClass
  /** Function words count towards covering a summary neither, and part two query words only as partsPair says. */
  readonly functionWord: boolean
  readonly partsPair: boolean
  readonly partsPairAfterVerb: boolean
}

const KNOWN_WORDS = new WordTable<KnownWord>()
for (const term of VERB_TERMS) KNOWN_WORDS.set(term, {verb: verbOf(term), functionWord: false, partsPair: false, partsPairAfterVerb: false})
for (const term of STOP_WORDS) KNOWN_WORDS.set(stem(term), {functionWord: true, partsPair: partsPair(term, false), partsPairAfterVerb: partsPair(term, true)})

// A term's weight from the operations holding it: the rarer, the more it says.
const rarity = (docs: number): number => 1 / Math.log2(2 + docs)

/** Reads a candidate's `name_counts` one number at a time, in step with its name words. */
class NameCounts {
  /** How many of the cassette's operation ids a name term must be held by to be common. */
  readonly commonFrom: number
  private at = 0

  constructor(private readonly text: string) {
    this.commonFrom = commonFrom(this.next())
  }

  next(): number {
    let value = 0
    for (let code = this.text.charCodeAt(this.at); code >= 0x30 && code <= 0x39; code = this.text.charCodeAt(++this.at)) value = value * 10 + code - 0x30
    this.at++
    return value
  }
}

/** A word re-ranking looks for in candidates; `*By` say which candidate last held it, so it counts once per candidate. */
interface Wanted {
  readonly term: string
  /** Whether it is one of the query's terms. */
  readonly inQuery: boolean
  /** Whether it is an API verb, after which "of" parts a pair (partsPair). */
  readonly verb: boolean
  /** Its rarity weight when it is a query term or related word the index holds, else 0. */
  readonly weight: number
  heldBy: number
  /** The query's pairs that start with this word, by their second word. */
  pairs?: Map<Wanted, {pairedBy: number}>
  /** For a related word, the query terms it stands in for. */
  sources?: Wanted[]
  /** For a query term, the candidate that last held related words of it, and their weights there. */
  relatedBy: number
  relatedWeight: number
}

/** A query term that may be held in a derived form. */
interface Derivable {
  readonly term: string
  readonly weight: number
  heldBy: number
  derivedBy: number
}

const NO_TERMS: readonly Derivable[] = []
const NO_SOURCES: readonly Wanted[] = []

/** What one walk over a candidate's words counts; name words count by their weight (rarity among the cassette's ids). */
class Counts {
  nameWords = 0
  nameHeld = 0
  summaryWords = 0
  summaryHeld = 0
  pairs = 0
}

/**
 * Re-scores FTS5's best candidates with what its BM25 cannot see: how much of the
 * operation's name (each word weighted by its rarity among its cassette's ids, leaving
 * out those common to them that the query lacks) and of its summary the query covers
 * (also with terms too common to search with), which of the query's adjacent term pairs
 * appear adjacent in it, whether the query's action is the operation's (whether it changes
 * something when the query opens with a verb search does not know, and whether it deletes
 * when the query does not ask to), how much of the query (each term weighted by its
 * rarity, related words standing in for it, see termCredit) the operation holds anywhere,
 * and how much it holds only in a derived form. `docs` and `relatedDocs` count the
 * operations holding each query term and related word.
 */
export function rerank(query: ParsedQuery, pool: Candidate[], docs: ReadonlyMap<string, number> = new Map(), relatedDocs: ReadonlyMap<string, number> = new Map()): void {
  const top = pool.reduce((best, c) => Math.max(best, c.bm25), 0) || 1
  const whole = [...docs.values()].reduce((sum, count) => sum + rarity(count), 0) || 1
  const {wanted, queryTerms} = wantedWords(query, new Map([...docs, ...relatedDocs]))
  const derivable = [...docs].filter(([term]) => term.length >= DERIVED_START).map(([term, count]): Derivable => ({term, weight: rarity(count), heldBy: -1, derivedBy: -1}))
  const derivableByStart = byStart(derivable)
  for (let index = 0; index < pool.length; index++) {
    const candidate = pool[index]!
    const counts = walk(candidate.terms, index, query.verb, wanted, derivableByStart, new NameCounts(candidate.name_counts))
    let held = 0
    for (const term of queryTerms) held += termCredit(term, index)
    let derived = 0
    for (const term of derivable) if (term.derivedBy === index && term.heldBy !== index) derived += term.weight
    candidate.score =
      candidate.bm25 / top +
      WEIGHTS.name * (counts.nameWords === 0 ? 0 : counts.nameHeld / counts.nameWords) +
      WEIGHTS.summary * (counts.summaryWords === 0 ? 0 : counts.summaryHeld / counts.summaryWords) +
      WEIGHTS.pairs * (query.pairs.size === 0 ? 0 : counts.pairs / query.pairs.size) +
      WEIGHTS.verb * (query.verb !== null && candidate.verb === query.verb ? 1 : 0) +
      // "Fork a repo" asks for a change: a create or an update, more likely than a read.
      WEIGHTS.acts * (query.acts && (candidate.verb === 'create' || candidate.verb === 'update') ? 1 : 0) -
      // "Snapshot an instance" asks to take one: among operations the words match equally, one
      // that deletes is the least likely answer to a request that does not say delete.
      WEIGHTS.unaskedDelete * (candidate.verb === 'delete' && query.verb !== 'delete' ? 1 : 0) +
      (WEIGHTS.terms * held + WEIGHTS.derived * derived) / whole
  }
}

/**
 * One walk over candidate `index`'s words (CANDIDATE_TERMS): its name and summary words
 * that count and those the query holds, the query terms and related words it holds (marked
 * for termCredit), the query's pairs it holds adjacent (never across two columns, two tags
 * or two field names, nor in the description), and the query terms it holds in a derived
 * form. `nameCounts` are its name words' counts among its cassette's ids.
 */
function walk(text: string, index: number, queryVerb: VerbClass | null, wanted: WordTable<Wanted>, derivable: WordTable<Derivable[]>, nameCounts: NameCounts): Counts {
  const counts = new Counts()
  let column = 0
  let previous: Wanted | undefined
  // Whether `previous` is a query verb in the summary that is not its first word.
  let previousSubordinate = false
  for (let start = 1, end = text.indexOf(' ', start); end !== -1; start = end + 1, end = text.indexOf(' ', start)) {
    if (end === start) continue
    if (end === start + 1 && text.charCodeAt(start) === BREAK) {
      column++
      previous = undefined
      continue
    }
    const word = wanted.find(text, start, end)
    // Whether the word derives from a query term; derived forms are not looked for in descriptions.
    let derived = false
    if (column < DESCRIPTION && end - start >= DERIVED_START) {
      for (const term of derivable.find(text, start, start + DERIVED_START) ?? NO_TERMS) {
        if (end - start === term.term.length && text.startsWith(term.term, start)) term.heldBy = index
        else if (isDerived(text, start, end, term.term)) {
          term.derivedBy = index
          derived = true
        }
      }
    }
    const known = KNOWN_WORDS.find(text, start, end)
    const functionWord = known?.functionWord === true
    const leadsSummary = column === SUMMARY && counts.summaryWords === 0
    if (column === NAME) {
      // 0 ids: not a name word (an API verb, a function word, or a method name beginning or ending the id).
      const ids = nameCounts.next()
      if (ids > 0) {
        // A rare name word says more about the operation than one many of its cassette's ids hold.
        const weight = rarity(ids)
        // A name word counts as covered in a derived form too ("repo" by "repository"), and
        // by a related word, which stands in for its query word ("WeatherTool" by "forecast").
        if (word?.inQuery === true || derived || word?.sources !== undefined) {
          counts.nameWords += weight
          counts.nameHeld += weight
        } else if (ids < nameCounts.commonFrom) {
          // A term most of the cassette's ids share ("Tool", "repos") says what kind of id
          // this is, not what it does: a query without it is no worse a match.
          counts.nameWords += weight
        }
      }
    } else if (column === SUMMARY && !functionWord) {
      counts.summaryWords++
      // A summary's verb counts as covered by a query verb of the same action ("Add a project" for "create a project").
      if (word?.inQuery === true || (queryVerb !== null && known?.verb === queryVerb)) counts.summaryHeld++
    }
    if (word !== undefined) {
      if (word.weight > 0 && word.heldBy !== index) {
        word.heldBy = index
        for (const source of word.sources ?? NO_SOURCES) {
          if (source.relatedBy !== index) {
            source.relatedBy = index
            source.relatedWeight = 0
          }
          source.relatedWeight += word.weight
        }
      }
      // Descriptions use the query's words in passing ("the most recently created products"),
      // so pairs there say little. Nor does a pair led by a verb that is not the summary's
      // first word: that verb says what something else does ("Creates a transaction that
      // updates the customer's balance" is no answer to "update a customer").
      const pair = column === DESCRIPTION || previousSubordinate ? undefined : previous?.pairs?.get(word)
      if (pair !== undefined && pair.pairedBy !== index) {
        pair.pairedBy = index
        counts.pairs++
      }
      previous = word
      previousSubordinate = column === SUMMARY && word.verb && !leadsSummary
    } else if (!functionWord || known.partsPair || (known.partsPairAfterVerb && previous?.verb === true)) {
      // Other function words between two query words do not part them, as in the query's own pairs.
      previous = undefined
    }
  }
  return counts
}

/**
 * What candidate `index` earns for query term `term`: its weight when the candidate holds
 * it, plus the weights of its related words the candidate holds, up to the term's own
 * weight: a relative stands in for the word, it never outweighs it. A term the index lacks
 * weighs nothing itself, so its relatives count in full.
 */
function termCredit(term: Wanted, index: number): number {
  const own = term.heldBy === index ? term.weight : 0
  if (term.relatedBy !== index) return own
  return own + (term.weight > 0 ? Math.min(term.weight, term.relatedWeight) : term.relatedWeight)
}

/**
 * The words re-ranking looks for: the query terms and related words the index holds,
 * weighted by rarity, every query term (held or not, with the related words that stand in
 * for it), and the words of the query's pairs (which may reach past the searched terms, see
 * search-query.ts). `queryTerms` are the query's terms among them, in query order.
 */
function wantedWords(query: ParsedQuery, docs: ReadonlyMap<string, number>): {wanted: WordTable<Wanted>; queryTerms: Wanted[]} {
  const queryTerms = new Set(query.terms)
  const words = new Map<string, Wanted>()
  const want = (term: string, weight = 0): Wanted => {
    let word = words.get(term)
    if (word === undefined) {
      word = {term, inQuery: queryTerms.has(term), verb: verbOf(term) !== undefined, weight, heldBy: -1, relatedBy: -1, relatedWeight: 0}
      words.set(term, word)
    }
    return word
  }
  for (const [term, count] of docs) want(term, rarity(count))
  // Every query term, held by the index or not, with the related words that stand in for it.
  const wantedTerms = query.terms.map((term) => {
    const source = want(term)
    for (const other of relativesOf(term)) {
      const related = words.get(other)
      if (related !== undefined && !related.inQuery) (related.sources ??= []).push(source)
    }
    return source
  })
  for (const pair of query.pairs) {
    const [first, second] = pair.split(' ') as [string, string]
    const word = want(first)
    ;(word.pairs ??= new Map()).set(want(second), {pairedBy: -1})
  }
  const table = new WordTable<Wanted>()
  for (const word of words.values()) table.set(word.term, word)
  return {wanted: table, queryTerms: wantedTerms}
}

/** Query terms by their first DERIVED_START letters. */
function byStart(terms: readonly Derivable[]): WordTable<Derivable[]> {
  const table = new WordTable<Derivable[]>()
  for (const term of terms) {
    const start = term.term.slice(0, DERIVED_START)
    const group = table.find(start, 0, DERIVED_START)
    if (group === undefined) table.set(start, [term])
    else group.push(term)
  }
  return table
}

/** Whether the word of `text` from `start` up to `end` and `term` are derived forms of one word. */
function isDerived(text: string, start: number, end: number, term: string): boolean {
  const most = Math.min(end - start, term.length)
  let shared = 0
  while (shared < most && text.charCodeAt(start + shared) === term.charCodeAt(shared)) shared++
  return shared >= DERIVED_PREFIX || shared === most
}
