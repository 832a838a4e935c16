import {METHODS} from '../profile/collect-operations.js'
import {RANKING_MODEL} from './ranking-model.js'
import {FUNCTION_TERMS, VERB_TERMS} from './text-analysis.js'

/**
 * Which words of an operation id name what the operation is about. The features weigh how
 * much of them a query covers (features.ts), and a short query that covers them all finds
 * the operation by one lookup (search-operations.ts): both by the rules here.
 */

/** HTTP method names: one that begins or ends an id (`PostCustomers`) says the method, which the verb stands for. */
const METHOD_TERMS: ReadonlySet<string> = new Set(METHODS)

// When an id term is common to a cassette, and how many naming terms a query may look up: ranking-model.ts (TermLimits).
const {commonIdShare: COMMON_ID_SHARE, commonIdMin: COMMON_ID_MIN} = RANKING_MODEL.terms
export const MAX_NAMING_TERMS = RANKING_MODEL.terms.maxNamingTerms

/** How many of a cassette's `size` operation ids must hold an id term for it to be common. */
export function commonFrom(size: number): number {
  return Math.max(COMMON_ID_MIN, COMMON_ID_SHARE * size)
}

/** Whether a query term can name an operation: API verbs and function words cannot. */
function isNaming(term: string): boolean {
  return !VERB_TERMS.has(term) && !FUNCTION_TERMS.has(term)
}

/** Whether the id term at `index` of an operation's id `terms` is a name word: naming, and not a method name beginning or ending the id. */
function isNameWord(terms: readonly string[], index: number): boolean {
  const term = terms[index]!
  return isNaming(term) && !((index === 0 || index === terms.length - 1) && METHOD_TERMS.has(term))
}

/**
 * What the features read of an operation's id `terms`, one number per term: how many of its
 * cassette's operation ids hold it (`idsHolding`), or 0 when it is not a name word. No id
 * term is held by none, so 0 is free to mark the words the features pass over, and the
 * rule is applied once, at install, rather than again for every candidate.
 */
export function nameWordCounts(terms: readonly string[], idsHolding: (term: string) => number): number[] {
  return terms.map((term, index) => (isNameWord(terms, index) ? idsHolding(term) : 0))
}

/**
 * The keys under which a short query finds an operation whose name it covers in full
 * (nameKeysOf gives a query's keys). An operation with name words its cassette's ids do
 * not commonly hold has one key: those words, distinct and sorted (`pod` for
 * `readCoreV1NamespacedPod`). One whose name words are all common (`repos/get`,
 * `listCoreV1Namespace`) is bare: it has a key for each of its name words, and is found
 * only when its id holds every naming word of the query. `idsHolding` counts the
 * cassette's operation ids holding a term; `size` is the cassette's operation count.
 */
export function nameKeys(terms: readonly string[], idsHolding: (term: string) => number, size: number): {keys: string[]; bare: boolean} {
  const common = commonFrom(size)
  const words = [...new Set(terms.filter((_, index) => isNameWord(terms, index)))].sort()
  const rare = words.filter((term) => idsHolding(term) < common)
  return rare.length > 0 ? {keys: [rare.join(' ')], bare: false} : {keys: words, bare: true}
}

/**
 * A query's keys (see nameKeys): every combination of its naming terms, each sorted as a
 * key is, when it has at least one and at most MAX_NAMING_TERMS; none otherwise. A longer
 * query holds rare enough words for BM25 to find what it names.
 */
export function nameKeysOf(terms: readonly string[]): {keys: string[]; naming: string[]} {
  const naming = [...new Set(terms.filter(isNaming))].sort()
  if (naming.length === 0 || naming.length > MAX_NAMING_TERMS) return {keys: [], naming: []}
  const keys: string[] = []
  for (let subset = 1; subset < 1 << naming.length; subset++) keys.push(naming.filter((_, bit) => subset & (1 << bit)).join(' '))
  return {keys, naming}
}

