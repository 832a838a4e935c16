import Database from 'better-sqlite3'
import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'

import {METHODS} from '../../../src/core/profile/collect-operations.js'
import {STOP_WORDS, verbOf} from '../../../src/core/search/query-vocabulary.js'
import {CANDIDATE_TERMS, rerank, type Candidate} from '../../../src/core/search/rerank.js'
import {parseQuery, type ParsedQuery} from '../../../src/core/search/search-query.js'
import {terms} from '../../../src/core/search/text-analysis.js'
import {stem} from '../../../src/core/search/word-stem.js'

// Candidates get their `terms` from the same SQL search uses, so the layout is never restated here.
const db = new Database(':memory:')
afterAll(() => db.close())
const layout = db.prepare<[string, string, string, string, string], {terms: string}>(
  `SELECT ${CANDIDATE_TERMS} AS terms FROM (SELECT ? AS name_terms, ? AS summary_terms, ? AS tag_terms, ? AS field_terms, ? AS description_terms) t`,
)

interface Columns {
  name: string
  summary: string
  tags?: string
  fields?: string
  description?: string
}

/** A candidate whose columns hold the stored (stemmed) terms of each text. */
function candidate(id: number, columns: Columns, bm25 = 1): Candidate {
  const stored = (text = '') => terms(text).join(' ')
  return {
    id,
    cassette: 'test',
    operation_id: columns.name,
    verb: null,
    summary: columns.summary,
    destructive: 0,
    confirmation: null,
    terms: layout.get(stored(columns.name), stored(columns.summary), stored(columns.tags), stored(columns.fields), stored(columns.description))!.terms,
    bm25,
    score: 0,
  }
}

/** Every operation in these tests holds each query term once, so rarity weights are equal. */
const docsOf = (query: string) => new Map(parseQuery(query).terms.map((term) => [term, 1]))

function scores(query: string, pool: Candidate[]): number[] {
  rerank(parseQuery(query), pool, docsOf(query))
  return pool.map((c) => c.score)
}

describe('rerank', () => {
  it('counts a query word held only in a derived form', () => {
    const pool = [candidate(1, {name: 'getFoodIntake', summary: 'Food intake facts'}), candidate(2, {name: 'getFoodNutrition', summary: 'Food nutrition facts'})]
    rerank(parseQuery('nutritional facts of chicken food'), pool, new Map([['nutritional', 1], ['fact', 5], ['food', 5], ['chicken', 1]]))
    expect(pool[1]!.score).toBeGreaterThan(pool[0]!.score)
  })

  it('leaves function words in a name out of its coverage', () => {
    const pool = [candidate(1, {name: 'getUserById', summary: 'A user'}), candidate(2, {name: 'getGroupUserId', summary: 'A user'})]
    rerank(parseQuery('the id of a user'), pool, new Map([['id', 2], ['user', 2]]))
    // The query covers all of "user by id" that says anything, but not "group" in the other.
    expect(pool[0]!.score).toBeGreaterThan(pool[1]!.score)
  })

  it.each([
    {
      why: 'a pair split across two columns is not adjacent',
      query: 'storage pool',
      better: {name: 'poolsGet', summary: 'Storage pool list'},
      worse: {name: 'poolsGet', summary: 'List of storage', tags: 'pool'},
    },
    {
      why: 'a name word counts as covered by a query word derived from it',
      query: 'get a repository',
      better: {name: 'reposGet', summary: 'Get', tags: 'repository'},
      worse: {name: 'widgetsGet', summary: 'Get', tags: 'repository'},
    },
    {
      why: 'an HTTP method name leading an id is not a word of the name',
      query: 'products',
      better: {name: 'PostProducts', summary: 'x'},
      worse: {name: 'SyncProducts', summary: 'x'},
    },
    {
      why: 'function words do not part a pair of query words',
      query: 'storage pool',
      better: {name: 'x', summary: 'Storage of a pool tier'},
      worse: {name: 'x', summary: 'Storage tier of a pool'},
    },
    {
      why: 'a word derived from a query word counts outside the description',
      query: 'rental listings',
      better: {name: 'listingsGet', summary: 'Listings', tags: 'rent'},
      worse: {name: 'listingsGet', summary: 'Listings', description: 'rent'},
    },
  ])('$why', ({query, better, worse}) => {
    const [a, b] = scores(query, [candidate(1, better), candidate(2, worse)])
    expect(a).toBeGreaterThan(b!)
  })

  it('does not count a query word held exactly as derived too', () => {
    const [exact, both] = scores('rent', [candidate(1, {name: 'rentGet', summary: 'Rent'}), candidate(2, {name: 'rentGet', summary: 'Rent', tags: 'rental'})])
    expect(both).toBeCloseTo(exact!, 12)
  })

  it('scores a term held many times as one held once', () => {
    const [once, often] = scores('pool', [candidate(1, {name: 'x', summary: 'y', description: 'pool'}), candidate(2, {name: 'x', summary: 'y', description: 'pool pool pool', tags: 'pool'})])
    expect(often).toBeCloseTo(once!, 12)
  })

  it('property: scores equal those of a reference that splits every column into words', () => {
    const vocabulary = ['get', 'post', 'put', 'list', 'the', 'of', 'a', 'pool', 'pools', 'storage', 'rent', 'rental', 'rentals', 'repo', 'repository', 'nutrition', 'nutritional', 'image', 'photo', 'user', 'id', 'by', 'delete', 'à', '東京']
    const text = fc.array(fc.constantFrom(...vocabulary, 'create', 'delete'), {maxLength: 8}).map((words) => words.join(' '))
    const columns = fc.record({name: text, summary: text, tags: text, fields: text, description: text})
    const related = fc.array(fc.constantFrom('photo', 'picture', 'storag', 'user'), {maxLength: 3})
    fc.assert(
      fc.property(fc.array(columns, {minLength: 1, maxLength: 6}), text, related, fc.array(fc.integer({min: 1, max: 50}), {minLength: 40, maxLength: 40}), (pool, query, relatedTerms, counts) => {
        if (query === '') query = 'pool'
        const parsed = parseQuery(query)
        const docs = new Map(parsed.terms.map((term, i) => [term, counts[i]!]))
        const relatedDocs = new Map(relatedTerms.filter((term) => !docs.has(term)).map((term, i) => [term, counts[39 - i]!]))
        const verbs = [null, 'read', 'create', 'delete'] as const
        const candidates = pool.map((c, i) => ({...candidate(i, c, counts[i]!), verb: verbs[counts[i]! % verbs.length]!}))
        rerank(parsed, candidates, docs, relatedDocs)
        const want = referenceScores(parsed, candidates, docs, relatedDocs)
        candidates.forEach((c, i) => expect(c.score).toBeCloseTo(want[i]!, 9))
      }),
      {numRuns: 500, seed: 7},
    )
  })
})

/** Re-ranking written the plain way: each column split into words, every feature computed on the words. */
function referenceScores(query: ParsedQuery, pool: readonly Candidate[], docs: ReadonlyMap<string, number>, relatedDocs: ReadonlyMap<string, number>): number[] {
  const stop = new Set([...STOP_WORDS].map(stem))
  const methods = new Set<string>(METHODS)
  const wanted = new Set([...docs.keys(), ...relatedDocs.keys(), ...[...query.pairs].flatMap((pair) => pair.split(' '))])
  const rarity = (count: number) => 1 / Math.log2(2 + count)
  const top = Math.max(0, ...pool.map((c) => c.bm25)) || 1
  const weights = new Map([...docs, ...relatedDocs].map(([term, count]) => [term, rarity(count)]))
  const whole = [...docs.values()].reduce((sum, count) => sum + rarity(count), 0) || 1
  const derives = (word: string) => word.length >= 4 && [...docs.keys()].some((term) => term.length >= 4 && term !== word && word.startsWith(term.slice(0, 4)) && derivedForms(word, term))
  const share = (words: string[], derivedToo = false) =>
    words.length === 0 ? 0 : words.filter((word) => query.terms.includes(word) || (derivedToo && derives(word))).length / words.length
  return pool.map((c) => {
    const columns = c.terms.slice(1, -1).split(' | ').map((column) => column.trim().split(' ').filter((word) => word !== ''))
    const [name, summary] = columns as [string[], string[]]
    const all = columns.flat()
    // Function words that are not words of the query do not part two words.
    const joined = columns.map((words) => words.filter((word) => !stop.has(word) || wanted.has(word)))
    const adjacent = new Set(joined.flatMap((words) => words.slice(1).map((word, i) => `${words[i]} ${word}`)))
    const terms = [...new Set(all)].reduce((sum, word) => sum + (weights.get(word) ?? 0), 0)
    const early = new Set(columns.slice(0, 4).flat())
    const derived = [...docs]
      .filter(([term]) => term.length >= 4 && !early.has(term) && [...early].some((word) => word.startsWith(term.slice(0, 4)) && derivedForms(word, term)))
      .reduce((sum, [, count]) => sum + rarity(count), 0)
    const paired = query.pairs.size === 0 ? 0 : [...query.pairs].filter((pair) => adjacent.has(pair)).length / query.pairs.size
    return (
      c.bm25 / top +
      0.4 * share(name.filter((word, i) => verbOf(word) === undefined && !stop.has(word) && !(i === 0 && methods.has(word))), true) +
      0.3 * share(summary.filter((word) => !stop.has(word))) +
      1.0 * paired +
      0.2 * (query.verb !== null && c.verb === query.verb ? 1 : 0) +
      (0.5 * terms + 0.4 * derived) / whole
    )
  })
}

function derivedForms(a: string, b: string): boolean {
  let shared = 0
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++
  return shared >= 5 || shared === Math.min(a.length, b.length)
}
