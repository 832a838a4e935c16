import {stem} from './word-stem.js'

/**
 * Words that name the same thing in requests and in API descriptions ("photo" and
 * "image", "film" and "movie"). A query word's relatives are weak evidence: in re-ranking
 * they stand in for the word, never counting for more than it would (rerank.ts), and they
 * add at most a few candidates the query's own words did not find (search-operations.ts).
 */
const GROUPS: readonly string[] = [
  'paper article publication literature study journal research scholar academic',
  'image picture photo photograph img',
  'video movie film clip',
  'song music track audio tune',
  'car vehicle auto automobile',
  'weather forecast',
  'job career employment vacancy hire recruit',
  'house home property apartment realestate rent',
  'price cost fee quote pricing',
  'buy purchase shop shopping',
  'stock share equity ticker',
  'crypto cryptocurrency bitcoin coin token blockchain',
  'message sms text chat',
  'email mail inbox',
  'translate translation language',
  'recipe cook cooking meal dish food',
  'restaurant dining eat',
  'flight airline airport',
  'travel trip vacation holiday itinerary',
  'hotel accommodation lodging booking reservation',
  'news headline',
  'user account profile member',
  'document doc file',
  'address location place geocode',
  'map route direction navigation',
  'calendar event schedule meeting appointment',
  'health medical medicine drug symptom doctor',
  'fitness exercise workout',
  'money currency exchange forex',
  'payment invoice bill billing charge',
  'company business organization firm enterprise',
  'product item goods merchandise',
  'quiz question trivia',
  'joke humor funny',
  'summary summarize summarise tldr',
  'url link',
  'website site web webpage',
  'seo ranking keyword traffic visitor analytics',
  'statistic stat metric analytics',
  'football soccer',
  'game gaming',
  'learn learning course education tutorial',
  'word dictionary definition vocabulary',
  'code programming developer',
  'ad advertisement advertising marketing campaign',
  'social twitter tweet instagram facebook',
  'review rating feedback',
  'contact phone',
]

const RELATED = new Map<string, string[]>()
for (const group of GROUPS) {
  const terms = [...new Set(group.split(' ').map(stem))]
  for (const term of terms) {
    const others = terms.filter((other) => other !== term)
    RELATED.set(term, [...new Set([...(RELATED.get(term) ?? []), ...others])])
  }
}

/** The stemmed relatives of one stemmed term. */
export function relativesOf(term: string): readonly string[] {
  return RELATED.get(term) ?? []
}

/** The relatives of the query's terms that the query does not hold itself. */
export function relatedTerms(terms: readonly string[]): string[] {
  const held = new Set(terms)
  const out = new Set<string>()
  for (const term of terms) for (const other of relativesOf(term)) if (!held.has(other)) out.add(other)
  return [...out]
}

