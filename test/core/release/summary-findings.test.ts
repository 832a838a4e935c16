import {describe, expect, it} from 'vitest'

import {summaryFindings} from '../../../src/core/release/summary-findings.js'
import {operation} from './release-fixture.js'

describe('summaryFindings', () => {
  it.each([
    {given: {summary: 'List running instances'}, want: []},
    {given: {summary: 'List instances'}, want: ['short_summary']},
    {given: {summary: 'Ping'}, want: ['short_summary']},
    {given: {summary: '', description: 'Lists instances.'}, want: ['missing_summary']},
    {given: {summary: 'word '.repeat(24).trim()}, want: []},
    {given: {summary: `${'word '.repeat(24)}x`}, want: ['long_summary']},
    {given: {summary: 'List running instances', tags: []}, want: ['no_tags']},
    {given: {summary: 'Ping', tags: []}, want: ['short_summary', 'no_tags']},
  ])('finds $want for $given', ({given, want}) => {
    expect(summaryFindings(operation({operationId: 'op', ...given})).map((finding) => finding.kind)).toEqual(want)
  })

  // The suggestion speaks of the operation it is for, never of a made-up one.
  describe.each([
    {
      given: {operationId: 'images_get', method: 'get', path: '/1.0/images', summary: 'List images'},
      want: 'Use at least 3 words for GET /1.0/images: the action, the object and what sets it apart, not only "List images".',
    },
    {
      given: {operationId: 'ping', method: 'head', path: '/ping', summary: 'Ping'},
      want: 'Use at least 3 words for HEAD /ping: the action, the object and what sets it apart, not only "Ping".',
    },
    {
      given: {operationId: 'pet_delete', method: 'delete', path: '/pets/{id}', summary: '', description: 'Deletes one pet.\nIt cannot be undone.'},
      want: 'Add a one-line summary naming the action and the object of DELETE /pets/{id}, e.g. from its description: "Deletes one pet.".',
    },
    {
      given: {operationId: 'x', method: 'post', path: '/x', summary: '', description: ''},
      want: 'Add a one-line summary naming the action and the object of POST /x.',
    },
    {
      given: {operationId: 'instances_get', method: 'get', path: '/1.0/instances', summary: 'List all instances', tags: []},
      want: 'Add a tag naming the group of operations GET /1.0/instances belongs to, e.g. "instances" from its path.',
    },
    {
      given: {operationId: 'issues_list', method: 'get', path: '/api/v3/{owner}/issues', summary: 'List open issues', tags: []},
      want: 'Add a tag naming the group of operations GET /api/v3/{owner}/issues belongs to, e.g. "issues" from its path.',
    },
    {
      given: {operationId: 'root', method: 'get', path: '/{id}', summary: 'Get one thing', tags: []},
      want: 'Add a tag naming the group of operations GET /{id} belongs to.',
    },
    {
      given: {operationId: 'evil', method: 'get', path: '/e', summary: 'Say\u001b[31m'},
      want: 'Use at least 3 words for GET /e: the action, the object and what sets it apart, not only "Say\\u001b[31m".',
    },
  ])('the suggestion for $given.operationId', ({given, want}) => {
    it('names the operation', () => {
      expect(summaryFindings(operation(given))[0]?.suggestion).toBe(want)
    })
  })
})
