import Database from 'better-sqlite3'
import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'

import {METHODS} from '../../../src/core/profile/collect-operations.js'
import {partsPair, STOP_WORDS, verbOf} from '../../../src/core/search/query-vocabulary.js'
import {nameWordCounts} from '../../../src/core/search/name-words.js'
import {relativesOf} from '../../../src/core/search/related-words.js'
import {itemTerms} from '../../../src/core/search/operation-store.js'
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
  /** One tag, or several. */
  tags?: string | readonly string[]
  /** One input field name, or several. */
  fields?: string | readonly string[]
  description?: string
  /** How many of the cassette's operation ids hold each id word, by the word as written (1 when left out); stored as the store does (nameWordCounts). */
  ids?: Readonly<Record<string, number>>
  /** How many operations the cassette holds (40: an id word is common from 10 ids). */
  cassetteSize?: number
}

/** A candidate whose columns hold the stored (stemmed) terms of each text. */
function candidate(id: number, columns: Columns, bm25 = 1): Candidate {
  const stored = (text = '') => terms(text).join(' ')
  const items = (given: string | readonly string[] = []) => itemTerms(typeof given === 'string' ? [given] : given).join(' ')
  const ids = new Map(Object.entries(columns.ids ?? {}).map(([word, count]) => [stem(word), count]))
  return {
    id,
    cassette: 'test',
    operation_id: columns.name,
    verb: null,
    summary: columns.summary,
    destructive: 0,
    confirmation: null,
    terms: layout.get(stored(columns.name), stored(columns.summary), items(columns.tags), items(columns.fields), stored(columns.description))!.terms,
    name_counts: [columns.cassetteSize ?? 40, ...nameWordCounts(terms(columns.name), (term) => ids.get(term) ?? 1)].join(' '),
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

  it.each<{why: string; query: string; better: Columns; worse: Columns}>([
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
      why: 'function words that keep the meaning do not part a pair of query words',
      query: 'storage pool',
      better: {name: 'x', summary: 'Storage of a pool tier'},
      worse: {name: 'x', summary: 'Storage tier of a pool'},
    },
    {
      why: 'an HTTP method name ending an id is not a word of the name',
      query: 'project',
      better: {name: 'project_post', summary: 'x'},
      worse: {name: 'project_sync', summary: 'x'},
    },
    {
      why: 'a summary verb counts as covered by a query verb of the same action',
      query: 'create a project',
      better: {name: 'x', summary: 'Add a project'},
      worse: {name: 'x', summary: 'Rename a project'},
    },
    {
      why: 'a function word that changes what follows parts a pair',
      query: 'pods in a namespace',
      better: {name: 'x', summary: 'Pods in a namespace'},
      worse: {name: 'x', summary: 'Pods for all namespaces'},
    },
    {
      why: '"of" after an API verb parts a pair',
      query: 'list namespaces',
      better: {name: 'x', summary: 'List namespaces'},
      worse: {name: 'x', summary: 'A list of namespaces'},
    },
    {
      why: '"of" after another word does not part a pair',
      query: 'instance state',
      better: {name: 'x', summary: 'Instance state'},
      worse: {name: 'x', summary: 'Instance, or state'},
    },
    {
      why: 'two input field names side by side are no pair',
      query: 'create a customer',
      better: {name: 'x', summary: 'y', fields: ['create_customer', 'limit']},
      worse: {name: 'x', summary: 'y', fields: ['created', 'customer']},
    },
    {
      why: 'two tags side by side are no pair',
      query: 'storage pool',
      better: {name: 'x', summary: 'y', tags: ['storage pool', 'admin']},
      worse: {name: 'x', summary: 'y', tags: ['storage', 'pool']},
    },
    {
      why: 'a summary\'s first verb leads a pair, a verb after it does not',
      query: 'update a customer',
      better: {name: 'x', summary: 'Updates the specified customer'},
      worse: {name: 'x', summary: 'Creates a record that updates the customer'},
    },
    {
      why: 'a pair in a description counts for nothing',
      query: 'create product',
      better: {name: 'x', summary: 'y', tags: 'create product'},
      worse: {name: 'x', summary: 'y', description: 'create product'},
    },
    {
      why: 'a word derived from a query word counts outside the description',
      query: 'rental listings',
      better: {name: 'listingsGet', summary: 'Listings', tags: 'rent'},
      worse: {name: 'listingsGet', summary: 'Listings', description: 'rent'},
    },
    {
      why: 'a name word many of the cassette\'s ids hold counts for less than a rare one',
      query: 'labels',
      better: {name: 'imageLabels', summary: 'x', ids: {image: 8}},
      worse: {name: 'widgetLabels', summary: 'x'},
    },
  ])('$why', ({query, better, worse}) => {
    const [a, b] = scores(query, [candidate(1, better), candidate(2, worse)])
    expect(a).toBeGreaterThan(b!)
  })

  it.each([
    {given: '10 of 40 ids', repos: 10, cassetteSize: 40, common: true},
    {given: '9 of 40 ids', repos: 9, cassetteSize: 40, common: false},
    {given: '10 of 12 ids', repos: 10, cassetteSize: 12, common: true},
    {given: '15 of 100 ids', repos: 15, cassetteSize: 100, common: true},
    {given: '14 of 100 ids', repos: 14, cassetteSize: 100, common: false},
  ])('holds an id word against a name the query leaves it out of only when it is not common to the cassette: $given', ({repos, cassetteSize, common}) => {
    // Common means held by at least 15% of the cassette's ids, and by at least 10 of them.
    const [withRepos, without] = scores('list commits', [
      candidate(1, {name: 'reposListCommits', summary: 'x', ids: {repos}, cassetteSize}),
      candidate(2, {name: 'listCommits', summary: 'x', cassetteSize}),
    ])
    if (common) expect(withRepos).toBeCloseTo(without!, 12)
    else expect(withRepos).toBeLessThan(without!)
  })

  it.each([
    {query: 'snapshot an instance', want: ['create', 'delete']},
    {query: 'delete an instance snapshot', want: ['delete', 'create']},
  ])('ranks an operation that deletes lower unless the query asks to delete: "$query"', ({query, want}) => {
    const pool = (['delete', 'create'] as const).map((verb, id) => ({...candidate(id, {name: 'x', summary: 'Instance snapshot'}), verb}))
    rerank(parseQuery(query), pool, docsOf(query))
    expect(pool.sort((a, b) => b.score - a.score).map((c) => c.verb)).toEqual(want)
  })

  it.each([
    {query: 'fork a repo', want: [['create', 'update'], ['read'], ['delete']]},
    {query: 'repo forks', want: [['create', 'read', 'update'], ['delete']]},
    {query: 'delete a repo fork', want: [['delete'], ['create', 'read', 'update']]},
  ])('ranks operations that change something first when the query opens with a verb search does not know: "$query"', ({query, want}) => {
    const pool = (['read', 'delete', 'create', 'update'] as const).map((verb, id) => ({...candidate(id, {name: 'x', summary: 'Repo fork'}), verb}))
    rerank(parseQuery(query), pool, docsOf(query))
    // Verbs by score, those of equal score together.
    const levels = [...new Set(pool.map((c) => c.score))].sort((a, b) => b - a)
    expect(levels.map((score) => pool.filter((c) => c.score === score).map((c) => c.verb).sort())).toEqual(want)
  })

  it('does not count a query word held exactly as derived too', () => {
    const [exact, both] = scores('rent', [candidate(1, {name: 'rentGet', summary: 'Rent'}), candidate(2, {name: 'rentGet', summary: 'Rent', tags: 'rental'})])
    expect(both).toBeCloseTo(exact!, 12)
  })

  it('counts related words in place of their query word, never for more than it', () => {
    const query = parseQuery('picture')
    const pool = [candidate(1, {name: 'x', summary: 'y', tags: 'image photo'}), candidate(2, {name: 'x', summary: 'y', tags: 'image'}), candidate(3, {name: 'x', summary: 'y'})]
    rerank(query, pool, new Map([['pictur', 3]]), new Map([['imag', 3], ['photo', 3]]))
    const [two, one, none] = pool.map((c) => c.score)
    expect(two).toBeCloseTo(one!, 12)
    expect(one).toBeGreaterThan(none!)
  })

  it('counts a name word as covered by a related word of a query word', () => {
    const pool = [candidate(1, {name: 'weatherReport', summary: 'x', description: 'report'}), candidate(2, {name: 'climateReport', summary: 'x', description: 'report weather'})]
    rerank(parseQuery('forecast report'), pool, new Map([['forecast', 2], ['report', 2]]), new Map([['weather', 2]]))
    // Both hold "report" and "weather"; only the first names what "forecast" stands for.
    expect(pool[0]!.score).toBeGreaterThan(pool[1]!.score)
  })

  it('counts every related word held when the index lacks the query word', () => {
    const query = parseQuery('picture')
    const pool = [candidate(1, {name: 'x', summary: 'y', tags: 'image photo'}), candidate(2, {name: 'x', summary: 'y', tags: 'image'})]
    rerank(query, pool, new Map(), new Map([['imag', 3], ['photo', 3]]))
    expect(pool[0]!.score).toBeGreaterThan(pool[1]!.score)
  })

  it('scores a term held many times as one held once', () => {
    const [once, often] = scores('pool', [candidate(1, {name: 'x', summary: 'y', description: 'pool'}), candidate(2, {name: 'x', summary: 'y', description: 'pool pool pool', tags: 'pool'})])
    expect(often).toBeCloseTo(once!, 12)
  })

  it('property: scores equal those of a reference that splits every column into words', () => {
    const vocabulary = ['get', 'post', 'put', 'list', 'the', 'of', 'a', 'all', 'and', 'pool', 'pools', 'storage', 'rent', 'rental', 'rentals', 'repo', 'repository', 'nutrition', 'nutritional', 'image', 'photo', 'picture', 'user', 'account', 'id', 'by', 'add', 'à', '東京']
    const text = fc.array(fc.constantFrom(...vocabulary, 'create', 'delete'), {maxLength: 8}).map((words) => words.join(' '))
    const columns = fc.record({name: text, summary: text, tags: fc.array(text, {maxLength: 3}), fields: fc.array(text, {maxLength: 3}), description: text})
    const related = fc.array(fc.constantFrom('photo', 'pictur', 'imag', 'account', 'storag'), {maxLength: 3})
    // How many of the pool's cassette's ids hold each word (some common to them), and the cassette's size.
    const ids = fc.tuple(...vocabulary.map((word) => fc.constantFrom(1, 2, 5, 9, 12, 40).map((count) => [word, count] as const))).map(Object.fromEntries)
    const cassetteSize = fc.constantFrom(12, 40, 100)
    fc.assert(
      fc.property(fc.array(columns, {minLength: 1, maxLength: 6}), text, related, ids, cassetteSize, fc.array(fc.integer({min: 1, max: 50}), {minLength: 40, maxLength: 40}), (pool, query, relatedTerms, idCounts, size, counts) => {
        if (query === '') query = 'pool'
        const parsed = parseQuery(query)
        // Some query terms are not in the index (every fifth count), so their relatives stand in for them in full.
        const docs = new Map(parsed.terms.flatMap((term, i) => (counts[i]! % 5 === 0 ? [] : [[term, counts[i]!] as const])))
        const relatedDocs = new Map(relatedTerms.filter((term) => !parsed.terms.includes(term)).map((term, i) => [term, counts[39 - i]!]))
        const verbs = [null, 'read', 'create', 'delete'] as const
        const candidates = pool.map((c, i) => ({...candidate(i, {...c, ids: idCounts, cassetteSize: size}, counts[i]!), verb: verbs[counts[i]! % verbs.length]!}))
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
  const parting = new Map([...STOP_WORDS].map((word) => [stem(word), {always: partsPair(word, false), afterVerb: partsPair(word, true)}]))
  const methods = new Set<string>(METHODS)
  const wanted = new Set([...docs.keys(), ...relatedDocs.keys(), ...query.terms, ...[...query.pairs].flatMap((pair) => pair.split(' '))])
  const rarity = (count: number) => 1 / Math.log2(2 + count)
  const top = Math.max(0, ...pool.map((c) => c.bm25)) || 1
  const whole = [...docs.values()].reduce((sum, count) => sum + rarity(count), 0) || 1
  const derives = (word: string) => word.length >= 4 && [...docs.keys()].some((term) => term.length >= 4 && term !== word && word.startsWith(term.slice(0, 4)) && derivedForms(word, term))
  const coveredBy = (word: string) => query.terms.includes(word) || (query.verb !== null && verbOf(word) === query.verb)
  return pool.map((c) => {
    const columns = c.terms.slice(1, -1).split(' | ').map((column) => column.trim().split(' ').filter((word) => word !== ''))
    const [name, summary] = columns as [string[], string[]]
    const all = new Set(columns.flat())
    // The words of each column but the description, each run of query words between the words that part them;
    // in the summary, a verb other than its first word that is not a function word leads no pair.
    const adjacent = new Set(
      columns.slice(0, 4).flatMap((words, column) => {
        const pairs: string[] = []
        const lead = column === 1 ? words.findIndex((word) => !stop.has(word)) : -1
        let previous: string | undefined
        let previousAt = -1
        for (const [at, word] of words.entries()) {
          if (wanted.has(word)) {
            if (previous !== undefined && !(column === 1 && verbOf(previous) !== undefined && previousAt !== lead)) pairs.push(`${previous} ${word}`)
            previous = word
            previousAt = at
          } else if (!stop.has(word) || parting.get(word)!.always || (parting.get(word)!.afterVerb && previous !== undefined && verbOf(previous) !== undefined)) {
            previous = undefined
          }
        }
        return pairs
      }),
    )
    // Each query term: its weight if held, and its held relatives' weights, up to its own weight (all of them when it has none).
    const held = query.terms.reduce((sum, term) => {
      const weight = docs.has(term) ? rarity(docs.get(term)!) : 0
      const relatives = relativesOf(term).filter((other) => relatedDocs.has(other) && !query.terms.includes(other) && all.has(other))
      const standIn = relatives.reduce((total, other) => total + rarity(relatedDocs.get(other)!), 0)
      return sum + (all.has(term) ? weight : 0) + (weight > 0 ? Math.min(weight, standIn) : standIn)
    }, 0)
    const early = new Set(columns.slice(0, 4).flat())
    const derived = [...docs]
      .filter(([term]) => term.length >= 4 && !early.has(term) && [...early].some((word) => word.startsWith(term.slice(0, 4)) && derivedForms(word, term)))
      .reduce((sum, [, count]) => sum + rarity(count), 0)
    // A name word is covered by a query term, a derived form of one, or a related word of one the index holds.
    const standsIn = (word: string) => !query.terms.includes(word) && relatedDocs.has(word) && query.terms.some((term) => relativesOf(term).includes(word))
    const covered = (word: string) => query.terms.includes(word) || derives(word) || standsIn(word)
    // Name words weigh by their rarity among the cassette's ids; those common to them count only when covered.
    const [size, ...ids] = c.name_counts.split(' ').map(Number)
    const commonFrom = Math.max(10, 0.15 * size!)
    const nameWords = name.flatMap((word, i) =>
      verbOf(word) === undefined && !stop.has(word) && !((i === 0 || i === name.length - 1) && methods.has(word)) && (covered(word) || ids[i]! < commonFrom)
        ? [{covered: covered(word), weight: rarity(ids[i]!)}]
        : [],
    )
    const nameShare = nameWords.reduce((sum, word) => sum + (word.covered ? word.weight : 0), 0) / nameWords.reduce((sum, word) => sum + word.weight, 0)
    const summaryWords = summary.filter((word) => !stop.has(word))
    const paired = query.pairs.size === 0 ? 0 : [...query.pairs].filter((pair) => adjacent.has(pair)).length / query.pairs.size
    return (
      c.bm25 / top +
      0.4 * (nameWords.length === 0 ? 0 : nameShare) +
      0.3 * (summaryWords.length === 0 ? 0 : summaryWords.filter(coveredBy).length / summaryWords.length) +
      1.0 * paired +
      0.2 * (query.verb !== null && c.verb === query.verb ? 1 : 0) +
      0.1 * (query.acts && (c.verb === 'create' || c.verb === 'update') ? 1 : 0) -
      0.1 * (c.verb === 'delete' && query.verb !== 'delete' ? 1 : 0) +
      (0.5 * held + 0.4 * derived) / whole
    )
  })
}

function derivedForms(a: string, b: string): boolean {
  let shared = 0
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++
  return shared >= 5 || shared === Math.min(a.length, b.length)
}
