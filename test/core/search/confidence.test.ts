import {afterEach, describe, expect, it} from 'vitest'

import {CONFIDENCE_FEATURE_NAMES, type ConfidenceFeatureName, confidenceFeatures, confidenceOf, FEATURE_NAMES, rankCandidates, searchOperations} from '../../../src/core/search/index.js'
import type {SqliteDatabase} from '../../../src/core/sqlite/driver.js'
import {ALL_SCOPES, fixtureCatalogue, indexWith, record} from './catalogue.js'

let db: SqliteDatabase | undefined
afterEach(() => db?.close())

/** A ranked result whose ranking features are 0 but those named. */
function ranked(score: number, tier = 0, named: Partial<Record<(typeof FEATURE_NAMES)[number], number>> = {}) {
  return {score, tier, features: Float64Array.from(FEATURE_NAMES, (name) => named[name] ?? 0)}
}
const at = (row: Float64Array, name: ConfidenceFeatureName) => row[CONFIDENCE_FEATURE_NAMES.indexOf(name)]

describe('confidenceFeatures', () => {
  const whole = {unheld: 0.25, heldScale: 0.5}
  it.each<{why: string; results: ReturnType<typeof ranked>[]; result: number; want: Partial<Record<ConfidenceFeatureName, number>>}>([
    {why: 'the top result leads by its margin over the second', results: [ranked(3), ranked(2), ranked(1)], result: 0, want: {score: 3, lead: 1}},
    {why: 'a lower result trails the best', results: [ranked(3), ranked(2), ranked(1)], result: 2, want: {score: 1, lead: -2}},
    {why: 'two equal best results lead by nothing', results: [ranked(2), ranked(2)], result: 0, want: {lead: 0}},
    {why: 'a lone result leads by its whole score', results: [ranked(1.5)], result: 0, want: {lead: 1.5}},
    {why: 'what the query holds counts against all its terms, those no operation holds too', results: [ranked(1, 0, {queryHeld: 0.8, namedHeld: 0.6})], result: 0, want: {heldAll: 0.4, namedHeld: 0.3, unheld: 0.25}},
    {why: 'coverage of name, summary and pairs is the result\'s own', results: [ranked(1, 0, {nameCoverage: 0.5, summaryCoverage: 0.25, pairs: 1})], result: 0, want: {nameCoverage: 0.5, summaryCoverage: 0.25, pairs: 1}},
    {why: 'an id or summary lookup names the result', results: [ranked(1, 1), ranked(2)], result: 0, want: {named: 1, lead: -1}},
    {why: 'the top result stands over the pool\'s median score (odd pool)', results: [ranked(5), ranked(2), ranked(1)], result: 0, want: {overMedian: 3}},
    {why: 'an even pool\'s median is the mean of its middle two', results: [ranked(5), ranked(3), ranked(1), ranked(0)], result: 0, want: {overMedian: 3}},
    {why: 'a result below the median stands under it', results: [ranked(5), ranked(2), ranked(1)], result: 2, want: {overMedian: -1}},
    {why: 'a lone result is its own median', results: [ranked(1.5)], result: 0, want: {overMedian: 0}},
    {why: 'the median is of scores, not of rank order', results: [ranked(0, 1), ranked(4), ranked(2)], result: 1, want: {overMedian: 2}},
  ])('$why', ({results, result, want}) => {
    const row = confidenceFeatures(results, whole, results.length)[result]!
    for (const [name, value] of Object.entries(want)) expect(at(row, name as ConfidenceFeatureName), name).toBeCloseTo(value, 9)
  })

  it('gives only the first `count` results', () => {
    expect(confidenceFeatures([ranked(3), ranked(2), ranked(1)], whole, 2)).toHaveLength(2)
  })

  it('reads the lead and the median from the pool alone: results a wider search appends change no confidence', () => {
    const pool = [ranked(3), ranked(2), ranked(1)]
    const [alone] = confidenceFeatures(pool, whole, 1)
    const [widened] = confidenceFeatures([...pool, ranked(2.9), ranked(0), ranked(0)], whole, 1, pool.length)
    expect([...widened!]).toEqual([...alone!])
  })
})

describe('confidenceOf', () => {
  it('is the logistic function of the weighted features', () => {
    const weights = Object.fromEntries(CONFIDENCE_FEATURE_NAMES.map((name) => [name, name === 'score' ? 2 : 0.5]))
    const model = {bias: -1, weights, noneBelow: 0.3, confidentFrom: 0.7}
    // score 0.5 and lead 0.5 (a lone result): -1 + 2 × 0.5 + 0.5 × 0.5.
    const row = confidenceFeatures([ranked(0.5)], {unheld: 0, heldScale: 1}, 1)[0]!
    expect(confidenceOf(row, model)).toBeCloseTo(1 / (1 + Math.exp(-0.25)), 12)
  })
})

describe('query coverage', () => {
  it.each([
    {query: 'list instances', unheld: 0},
    {query: 'teleport the giraffe', unheld: 1},
    {query: 'teleport instances', unheld: 0.5},
  ])('"$query": the share of its rarity no candidate holds is $unheld', ({query, unheld}) => {
    db = indexWith()
    const {coverage} = rankCandidates(db, query, {scopes: ALL_SCOPES})
    // A term no operation holds is as rare as a term can be: two such terms weigh the same.
    if (unheld === 0.5) expect(coverage.unheld).toBeGreaterThan(0.4)
    else expect(coverage.unheld).toBeCloseTo(unheld, 9)
  })
})

describe('match', () => {
  const catalogue = fixtureCatalogue()

  const mail = [
    record({operationId: 'messages_send', method: 'post', summary: 'Send an email message', description: 'Sends an email to the given recipients.'}),
    record({operationId: 'messages_list', summary: 'List email messages in a mailbox'}),
    record({operationId: 'drafts_post', method: 'post', summary: 'Create a draft email'}),
  ]

  it('is none for a request whose answer was removed, with the nearest results marked and the cassettes left', () => {
    const query = 'send an email to a user'
    db = indexWith(new Map([...catalogue, ['mail', mail]]))
    const answered = searchOperations(db, query, {scopes: ALL_SCOPES})
    expect(answered.match).not.toBe('none')
    expect(answered.results[0]).toMatchObject({operation_id: 'messages_send'})
    expect(answered.results[0]!.confidence).toBeGreaterThan(answered.results.at(-1)!.confidence)
    expect(answered.cassettes).toBeUndefined()
    for (const hit of answered.results) expect(hit).not.toHaveProperty('nearest')
    db.close()
    // The answer's whole cassette is gone: what is left says nothing of email.
    db = indexWith(catalogue)
    const removed = searchOperations(db, query, {scopes: ALL_SCOPES})
    expect(removed.match).toBe('none')
    expect(removed.results.length).toBeGreaterThan(0)
    for (const hit of removed.results) expect(hit.nearest).toBe(true)
    expect(removed.cassettes).toEqual([{cassette: 'github'}, {cassette: 'incus'}])
  })

  it('names only the cassettes holding an operation the caller\'s scopes allow', () => {
    db = indexWith(
      new Map([
        ['public', [record({operationId: 'weather_get', summary: 'Get the weather'}), record({operationId: 'secret_get', summary: 'Get a secret', scopes: ['admin']})]],
        ['hidden', [record({operationId: 'teleport_post', summary: 'Teleport a giraffe', scopes: ['admin']})]],
      ]),
    )
    const response = searchOperations(db, 'teleport a giraffe', {scopes: []})
    expect(response.match).toBe('none')
    expect(response.cassettes).toEqual([{cassette: 'public'}])
    expect(response.results.map((hit) => hit.operation_id)).not.toContain('teleport_post')
  })

  it('gives every result a confidence in [0, 1]', () => {
    db = indexWith(catalogue)
    for (const query of ['list instances', 'delete', 'teleport the giraffe', 'instance_delete']) {
      for (const hit of searchOperations(db, query, {scopes: ALL_SCOPES, limit: 50}).results) {
        expect(hit.confidence).toBeGreaterThanOrEqual(0)
        expect(hit.confidence).toBeLessThanOrEqual(1)
      }
    }
  })
})
