import {commonFrom} from './name-words.js'
import {ITEM_BREAK} from './operation-store.js'
import {RANKING_MODEL} from './ranking-model.js'
import type {ParsedQuery} from './search-query.js'
import {FUNCTION_TERMS, partsPair, relativesOf, VERB_TERMS, verbOf} from './text-analysis.js'
import type {VerbClass} from './vocabulary.js'
import {WordTable} from './word-table.js'

/** A candidate from the FTS5 query or a lookup, with the stored terms the features read. */
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
   * operation ids hold it, 0 for one that is not a name word, between spaces (nameWordCounts).
   */
  readonly name_counts: string
  /** FTS5's weighted BM25 over the searched terms, higher is better; the pool's floor for a lookup's candidate. */
  readonly bm25: number
  /**
   * How the candidate was found: by the query's words, by related words only, by its name
   * key, by a summary that says what the query says, or by its id (see candidates.ts).
   */
  readonly found: 'words' | 'related' | 'name' | 'saying' | 'id'
}

/**
 * The features of a candidate: named functions of the query, the candidate's stored terms
 * and its catalogue's statistics, each in [0, 1], in the order the model (ranking-model.ts)
 * sums them; docs/search.md#features says what each measures.
 */
export const FEATURE_NAMES = [
  'bm25', 'relatedOnly', 'namedByKey', 'nameCoverage', 'summaryCoverage', 'pairs', 'verbAgrees', 'asksChange', 'unaskedDelete',
  'queryHeld', 'derivedHeld', 'keywordQuery', 'exampleMatch', 'cassetteShare', 'namedHeld',
] as const
export type FeatureName = (typeof FEATURE_NAMES)[number]
/**
 * A candidate's features, in FEATURE_NAMES order: numbers in an array rather than fields
 * of an object, which V8 would box one by one, as garbage, whenever they are read by name.
 */
export type Features = Float64Array
/** Where each feature is in Features. */
export const FEATURE: Readonly<Record<FeatureName, number>> = Object.fromEntries(FEATURE_NAMES.map((name, index) => [name, index])) as Record<FeatureName, number>

// Between two columns of CANDIDATE_TERMS; no term holds it.
const COLUMN_BREAK = ' | '
const BREAK = 0x7c
// Between two items (tags, field names, keywords, examples) of one column.
const ITEM = ITEM_BREAK.charCodeAt(0)

/**
 * SQL for a candidate's `terms`, from operation_text `t`: one string holding every column
 * in Column order (fields before descriptions, so `column < Column.Description` reads as named), each between COLUMN_BREAKs and the whole between spaces, so features
 * walk one string rather than split seven columns.
 */
export const CANDIDATE_TERMS = `' ' || t.name_terms || '${COLUMN_BREAK}' || t.summary_terms || '${COLUMN_BREAK}' || t.tag_terms || '${COLUMN_BREAK}' || t.field_terms || '${COLUMN_BREAK}' || t.description_terms || '${COLUMN_BREAK}' || t.keyword_terms || '${COLUMN_BREAK}' || t.example_terms || ' '`
const enum Column { Name, Summary, Tag, Field, Description, Keyword, Example }
// When two terms are derived forms of one word: ranking-model.ts (TermLimits). Descriptions
// and examples are not read for them.
const {derivedPrefix: DERIVED_PREFIX, derivedStart: DERIVED_START} = RANKING_MODEL.terms

/** A term's information from the operations holding it: the rarer, the more it says. */
const rarity = (docs: number): number => 1 / Math.log2(2 + docs)

/** What the vocabulary says of a stored term. */
interface KnownWord {
  readonly verb?: VerbClass
  /** Function words count towards covering a summary neither, and part two query words only as partsPair says. */
  readonly functionWord: boolean
  readonly partsPair: boolean
  readonly partsPairAfterVerb: boolean
}
const KNOWN_WORDS = new WordTable<KnownWord>()
for (const term of VERB_TERMS) KNOWN_WORDS.set(term, {verb: verbOf(term), functionWord: false, partsPair: false, partsPairAfterVerb: false})
for (const term of FUNCTION_TERMS) KNOWN_WORDS.set(term, {functionWord: true, partsPair: partsPair(term, false), partsPairAfterVerb: partsPair(term, true)})

/** A word the features look for; `*By` say which candidate (or example) last held it, so it counts once there. */
interface Wanted {
  readonly inQuery: boolean
  readonly verb: boolean
  /** Its rarity when it is a query term or related word the index holds, else 0. */
  readonly weight: number
  heldBy: number
  keywordBy: number
  exampleBy: number
  /** The query's pairs that start with this word (a few at most: an array costs less than a map). */
  pairs: Pair[] | undefined
  /** For a related word, the query terms it stands in for. */
  sources: Wanted[] | undefined
  relatedBy: number
  relatedWeight: number
  /** Whether a candidate holds it, or a related word standing in for it. */
  heldInPool: boolean
  /** The candidate that holds it in its id, summary, tags or input fields. */
  namedBy: number
}

/** How much of the query the pool holds at all: what tells a request nothing installed does (confidence.ts). */
export interface QueryCoverage {
  /** The share of the query's rarity no candidate holds, a term no operation holds counting as held by none. */
  readonly unheld: number
  /** What a share of the rarity of the terms the index holds is worth as a share of all the query's terms' rarity. */
  readonly heldScale: number
}
interface Pair {
  readonly second: Wanted
  pairedBy: number
}
interface Derivable {
  readonly term: string
  readonly weight: number
  heldBy: number
  derivedBy: number
}
const NONE: readonly never[] = []

/** What one walk over a candidate's words counts: one per search, reset for each candidate, since garbage is what sets the slowest searches (young-generation collections). */
class Walk {
  nameWords = 0
  nameHeld = 0
  summaryWords = 0
  summaryHeld = 0
  pairs = 0
  exampleMatch = 0
  /** The example request being read: its words that count, those the query covers, and the rarity of the query terms it holds. */
  exampleWords = 0
  exampleHeld = 0
  exampleWeight = 0

  reset(): this {
    this.nameWords = this.nameHeld = this.summaryWords = this.summaryHeld = this.pairs = this.exampleMatch = 0
    this.exampleWords = this.exampleHeld = this.exampleWeight = 0
    return this
  }

  /** Ends the example being read; `whole` is what holding every query term is worth. */
  endExample(whole: number): void {
    if (this.exampleWords > 0) this.exampleMatch = Math.max(this.exampleMatch, (this.exampleHeld / this.exampleWords) * Math.min(1, this.exampleWeight / whole))
    this.exampleWords = this.exampleHeld = this.exampleWeight = 0
  }
}

/** The query's side of the features, worked out once per search. */
export class QueryFeatures {
  readonly #query: ParsedQuery
  readonly #wanted = new WordTable<Wanted>()
  readonly #queryTerms: Wanted[]
  readonly #derivable: Derivable[]
  readonly #derivableByStart = new WordTable<Derivable[]>()
  /** The query terms' total rarity: what holding all of them is worth. */
  readonly #whole: number
  readonly #walked = new Walk()
  #examples = 0

  /** `docs` and `relatedDocs` count the operations holding each query term and related word the index has. */
  constructor(query: ParsedQuery, docs: ReadonlyMap<string, number>, relatedDocs: ReadonlyMap<string, number>) {
    this.#query = query
    let whole = 0
    for (const count of docs.values()) whole += rarity(count)
    this.#whole = whole || 1
    const queryTerms = new Set(query.terms)
    const words = this.#wanted
    const want = (term: string, weight = 0): Wanted => {
      let word = words.find(term, 0, term.length)
      if (word === undefined) {
        word = {inQuery: queryTerms.has(term), verb: verbOf(term) !== undefined, weight, heldBy: -1, keywordBy: -1, exampleBy: -1, pairs: undefined, sources: undefined, relatedBy: -1, relatedWeight: 0, heldInPool: false, namedBy: -1}
        words.set(term, word)
      }
      return word
    }
    for (const [term, count] of docs) want(term, rarity(count))
    for (const [term, count] of relatedDocs) want(term, rarity(count))
    this.#queryTerms = query.terms.map((term) => {
      const source = want(term)
      for (const other of relativesOf(term)) {
        const related = words.find(other, 0, other.length)
        if (related !== undefined && !related.inQuery) (related.sources ??= []).push(source)
      }
      return source
    })
    for (const pair of query.pairs) {
      const space = pair.indexOf(' ')
      ;(want(pair.slice(0, space)).pairs ??= []).push({second: want(pair.slice(space + 1)), pairedBy: -1})
    }
    this.#derivable = []
    for (const [term, count] of docs) if (term.length >= DERIVED_START) this.#derivable.push({term, weight: rarity(count), heldBy: -1, derivedBy: -1})
    for (const term of this.#derivable) {
      const start = term.term.slice(0, DERIVED_START)
      const group = this.#derivableByStart.find(start, 0, DERIVED_START)
      if (group === undefined) this.#derivableByStart.set(start, [term])
      else group.push(term)
    }
  }

  /** The features of every candidate of `pool`, in pool order. */
  of(pool: readonly Candidate[]): Features[] {
    const top = pool.reduce((best, candidate) => Math.max(best, candidate.bm25), 0) || 1
    // With several cassettes installed, the one most of the pool's BM25 falls in is likeliest the domain the query names.
    const byCassette = new Map<string, number>()
    for (const candidate of pool) byCassette.set(candidate.cassette, (byCassette.get(candidate.cassette) ?? 0) + candidate.bm25)
    let total = 0
    for (const bm25 of byCassette.values()) total += bm25
    total ||= 1
    // One buffer for the pool: an array of its own per candidate would be allocated outside the heap, each on its own.
    const values = new Float64Array(pool.length * FEATURE_NAMES.length)
    return pool.map((candidate, index) =>
      this.#features(candidate, index, top, byCassette.get(candidate.cassette)! / total, values.subarray(index * FEATURE_NAMES.length, (index + 1) * FEATURE_NAMES.length)),
    )
  }

  /** How much of the query the pool given to `of` holds, by rarity (a term no operation holds is as rare as can be). */
  coverage(): QueryCoverage {
    let [all, unheld] = [0, 0]
    for (const term of this.#queryTerms) {
      const weight = term.weight > 0 ? term.weight : rarity(0)
      all += weight
      if (!term.heldInPool) unheld += weight
    }
    return all === 0 ? {unheld: 0, heldScale: 1} : {unheld: unheld / all, heldScale: Math.min(1, this.#whole / all)}
  }

  #features(candidate: Candidate, index: number, top: number, cassetteShare: number, features: Features): Features {
    const query = this.#query
    const walk = this.#walk(candidate.terms, index, new NameCounts(candidate.name_counts))
    let held = 0
    let keywords = 0
    let named = 0
    for (const term of this.#queryTerms) {
      if (term.namedBy === index) named += term.weight
      const credit = termCredit(term, index)
      held += credit
      if (credit > 0) term.heldInPool = true
      if (term.keywordBy === index) keywords += term.weight
    }
    let derived = 0
    for (const term of this.#derivable) if (term.derivedBy === index && term.heldBy !== index) derived += term.weight
    features[FEATURE.bm25] = candidate.bm25 / top
    features[FEATURE.relatedOnly] = candidate.found === 'related' ? 1 : 0
    features[FEATURE.namedByKey] = candidate.found === 'name' ? 1 : 0
    features[FEATURE.nameCoverage] = walk.nameWords === 0 ? 0 : walk.nameHeld / walk.nameWords
    features[FEATURE.summaryCoverage] = walk.summaryWords === 0 ? 0 : walk.summaryHeld / walk.summaryWords
    features[FEATURE.pairs] = query.pairs.size === 0 ? 0 : walk.pairs / query.pairs.size
    features[FEATURE.verbAgrees] = query.verb !== null && candidate.verb === query.verb ? 1 : 0
    features[FEATURE.asksChange] = query.acts && (candidate.verb === 'create' || candidate.verb === 'update') ? 1 : 0
    features[FEATURE.unaskedDelete] = candidate.verb === 'delete' && query.verb !== 'delete' ? 1 : 0
    features[FEATURE.queryHeld] = Math.min(1, held / this.#whole)
    features[FEATURE.derivedHeld] = Math.min(1, derived / this.#whole)
    features[FEATURE.keywordQuery] = Math.min(1, keywords / this.#whole)
    features[FEATURE.exampleMatch] = walk.exampleMatch
    features[FEATURE.cassetteShare] = cassetteShare
    features[FEATURE.namedHeld] = Math.min(1, named / this.#whole)
    return features
  }

  /**
   * One walk over candidate `index`'s words: its name and summary words that count and
   * those the query covers, the query terms and related words it holds and where (marked
   * for termCredit), the query's pairs it holds adjacent (never across two columns or two
   * items, nor in the description), the query terms it holds in a derived form, and how
   * closely its best example request matches the query.
   */
  #walk(text: string, index: number, nameCounts: NameCounts): Walk {
    const walk = this.#walked.reset()
    const queryVerb = this.#query.verb
    let column = Column.Name
    let previous: Wanted | undefined
    // Whether `previous` is a query verb in the summary that is not its first word.
    let previousSubordinate = false
    // Which example is being read, for Wanted.exampleBy.
    let example = ++this.#examples
    for (let start = 1, end = text.indexOf(' ', start); end !== -1; start = end + 1, end = text.indexOf(' ', start)) {
      if (end === start) continue
      if (end === start + 1 && (text.charCodeAt(start) === BREAK || text.charCodeAt(start) === ITEM)) {
        if (text.charCodeAt(start) === BREAK) column++
        if (column >= Column.Example) {
          walk.endExample(this.#whole)
          example = ++this.#examples
        }
        previous = undefined
        continue
      }
      const word = this.#wanted.find(text, start, end)
      let derived = false
      if (column < Column.Description && end - start >= DERIVED_START) {
        for (const term of this.#derivableByStart.find(text, start, start + DERIVED_START) ?? NONE) {
          if (end - start === term.term.length && text.startsWith(term.term, start)) term.heldBy = index
          else if (isDerived(text, start, end, term.term)) {
            term.derivedBy = index
            derived = true
          }
        }
      }
      const known = KNOWN_WORDS.find(text, start, end)
      const functionWord = known?.functionWord === true
      const leadsSummary = column === Column.Summary && walk.summaryWords === 0
      if (column === Column.Name) {
        // 0 ids: not a name word (an API verb, a function word, or a method name beginning or ending the id).
        const ids = nameCounts.next()
        if (ids > 0) {
          // A rare name word says more about the operation than one many of its cassette's ids hold.
          const weight = rarity(ids)
          // Covered in a derived form too ("repo" by "repository"), and by a related word.
          if (word?.inQuery === true || derived || word?.sources !== undefined) {
            walk.nameWords += weight
            walk.nameHeld += weight
          } else if (ids < nameCounts.commonFrom) {
            // A term most of the cassette's ids share ("Tool", "repos") says what kind of id this is.
            walk.nameWords += weight
          }
        }
      } else if (column === Column.Summary && !functionWord) {
        walk.summaryWords++
        // A summary's verb counts as covered by a query verb of the same action ("Add a project" for "create a project").
        if (word?.inQuery === true || (queryVerb !== null && known?.verb === queryVerb)) walk.summaryHeld++
      } else if (column === Column.Example && !functionWord) {
        walk.exampleWords++
        if (word?.inQuery === true || (queryVerb !== null && known?.verb === queryVerb)) walk.exampleHeld++
        if (word?.inQuery === true && word.exampleBy !== example) {
          word.exampleBy = example
          walk.exampleWeight += word.weight
        }
      }
      if (word === undefined) {
        // Other function words between two query words do not part them, as in the query's own pairs.
        if (!functionWord || known.partsPair || (known.partsPairAfterVerb && previous?.verb === true)) previous = undefined
        continue
      }
      if (word.weight > 0 && column < Column.Example) {
        if (column === Column.Keyword) word.keywordBy = index
        else if (column < Column.Description) word.namedBy = index
        if (word.heldBy !== index) {
          word.heldBy = index
          for (const source of word.sources ?? NONE) {
            if (source.relatedBy !== index) {
              source.relatedBy = index
              source.relatedWeight = 0
            }
            source.relatedWeight += word.weight
          }
        }
      }
      // Descriptions use the query's words in passing, so pairs there say little. Nor does a
      // pair led by a verb that is not the summary's first word: that verb says what
      // something else does ("Creates a transaction that updates the customer's balance").
      const pair = column === Column.Description || previousSubordinate ? undefined : pairOf(previous, word)
      if (pair !== undefined && pair.pairedBy !== index) {
        pair.pairedBy = index
        walk.pairs++
      }
      previous = word
      previousSubordinate = column === Column.Summary && word.verb && !leadsSummary
    }
    walk.endExample(this.#whole)
    return walk
  }
}

/** The query's pair of `first` then `second`, if it has one. */
function pairOf(first: Wanted | undefined, second: Wanted): Pair | undefined {
  for (const pair of first?.pairs ?? NONE) if (pair.second === second) return pair
  return undefined
}

/** Reads a candidate's `name_counts` one number at a time, in step with its name words. */
class NameCounts {
  /** How many of the cassette's operation ids a name term must be held by to be common. */
  readonly commonFrom: number
  #at = 0

  constructor(private readonly text: string) {
    this.commonFrom = commonFrom(this.next())
  }

  next(): number {
    let value = 0
    for (let code = this.text.charCodeAt(this.#at); code >= 0x30 && code <= 0x39; code = this.text.charCodeAt(++this.#at)) value = value * 10 + code - 0x30
    this.#at++
    return value
  }
}

/**
 * What candidate `index` earns for query term `term`: its rarity when the candidate holds
 * it, plus the rarity of its related words the candidate holds, up to the term's own: a
 * relative stands in for the word, it never outweighs it. A term the index lacks weighs
 * nothing itself, so its relatives count in full.
 */
function termCredit(term: Wanted, index: number): number {
  const own = term.heldBy === index ? term.weight : 0
  if (term.relatedBy !== index) return own
  return own + (term.weight > 0 ? Math.min(term.weight, term.relatedWeight) : term.relatedWeight)
}

/** Whether the word of `text` from `start` up to `end` and `term` are derived forms of one word. */
function isDerived(text: string, start: number, end: number, term: string): boolean {
  const most = Math.min(end - start, term.length)
  let shared = 0
  while (shared < most && text.charCodeAt(start + shared) === term.charCodeAt(shared)) shared++
  return shared >= DERIVED_PREFIX || shared === most
}
