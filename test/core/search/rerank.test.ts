import {describe, expect, it} from 'vitest'

import {rerank, type Candidate} from '../../../src/core/search/rerank.js'
import {parseQuery} from '../../../src/core/search/search-query.js'
import {terms} from '../../../src/core/search/text-analysis.js'

const candidate = (id: number, operationId: string, summary: string): Candidate => ({
  id,
  cassette: 'test',
  operation_id: operationId,
  verb: 'read',
  summary,
  destructive: 0,
  confirmation: null,
  name_terms: terms(operationId).join(' '),
  summary_terms: terms(summary).join(' '),
  tag_terms: '',
  field_terms: '',
  description_terms: '',
  bm25: 1,
  score: 0,
})

describe('rerank', () => {
  it('counts a query word held only in a derived form', () => {
    const pool = [candidate(1, 'getFoodIntake', 'Food intake facts'), candidate(2, 'getFoodNutrition', 'Food nutrition facts')]
    rerank(parseQuery('nutritional facts of chicken food'), pool, new Map([['nutritional', 1], ['fact', 5], ['food', 5], ['chicken', 1]]))
    expect(pool[1]!.score).toBeGreaterThan(pool[0]!.score)
  })

  it('leaves function words in a name out of its coverage', () => {
    const pool = [candidate(1, 'getUserById', 'A user'), candidate(2, 'getGroupUserId', 'A user')]
    rerank(parseQuery('the id of a user'), pool, new Map([['id', 2], ['user', 2]]))
    // The query covers all of "user by id" that says anything, but not "group" in the other.
    expect(pool[0]!.score).toBeGreaterThan(pool[1]!.score)
  })
})
