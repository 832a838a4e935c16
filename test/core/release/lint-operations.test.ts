import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {type SearchFunction, lintOperations} from '../../../src/core/release/index.js'
import type {SearchHit} from '../../../src/core/search/index.js'
import {operation} from './release-fixture.js'

const RECORDS = [
  operation({operationId: 'alpha_get', summary: 'Get one alpha widget'}),
  operation({operationId: 'beta_get', summary: 'Get one beta widget', scopes: ['x.read']}),
]

function hit(id: string): SearchHit {
  return {cassette: 'lint', operation_id: id, summary: '', score: 1, confidence: 0.5, destructive: false, confirmation: null}
}

/** A search that answers every query with the same ids, and records what it was asked. */
function fakeSearch(ids: readonly string[] | 'usage'): SearchFunction & {calls: Array<[string, readonly string[]]>} {
  const calls: Array<[string, readonly string[]]> = []
  const search = (query: string, options: {scopes: readonly string[]}) => {
    calls.push([query, options.scopes])
    if (ids === 'usage') throw new TamaError('usage', 'The query has no words to search for.')
    return {match: 'possible' as const, results: ids.map(hit)}
  }
  return Object.assign(search, {calls})
}

describe('lintOperations', () => {
  it.each([
    {given: 'alpha ranked first', results: ['alpha_get', 'beta_get'], want: {rank: 1, first: 'alpha_get', findings: [], score: 100}},
    {given: 'alpha ranked third', results: ['beta_get', 'x', 'alpha_get'], want: {rank: 3, first: 'beta_get', findings: ['not_first'], score: 70}},
    {given: 'alpha not returned', results: ['beta_get'], want: {rank: null, first: 'beta_get', findings: ['not_found'], score: 50}},
    {given: 'nothing returned', results: [], want: {rank: null, first: null, findings: ['not_found'], score: 50}},
    {given: 'a query search refuses', results: 'usage' as const, want: {rank: null, first: null, findings: ['not_found'], score: 50}},
  ])('reports $given', ({results, want}) => {
    const report = lintOperations(RECORDS, fakeSearch(results))
    const alpha = report.results.find((result) => result.operation_id === 'alpha_get')!
    expect({rank: alpha.rank, first: alpha.first, findings: alpha.findings.map((finding) => finding.kind), score: alpha.score}).toEqual(want)
  })

  it('searches each summary holding every scope the catalogue uses', () => {
    const search = fakeSearch([])
    lintOperations(RECORDS, search)
    expect(search.calls).toEqual([
      ['Get one alpha widget', ['x.read']],
      ['Get one beta widget', ['x.read']],
    ])
  })

  it('searches with the first line of the description when there is no summary', () => {
    const search = fakeSearch([])
    lintOperations([operation({operationId: 'gamma', summary: '', description: 'Export a gamma.\nMore text.'})], search)
    expect(search.calls[0]![0]).toBe('Export a gamma.')
  })

  it('takes off every finding\'s penalty, never going below 0', () => {
    const worst = operation({operationId: 'getallgammasnow', summary: '', tags: [], description: 'Get all gammas now'})
    const report = lintOperations([worst, operation({operationId: 'twin', summary: '', description: 'Get all gammas now'})], fakeSearch([]))
    const result = report.results.find((entry) => entry.operation_id === 'getallgammasnow')!
    expect(result.findings.map((finding) => finding.kind)).toEqual(['not_found', 'missing_summary', 'no_tags', 'unsplit_id'])
    // docs/release.md#the-score: not found 50, no summary 25, no tags 5, unsplit id 15.
    expect(result.score).toBe(5)
    expect(report.counts).toMatchObject({found_first: 0, not_found: 2, missing_summary: 2, no_tags: 1, unsplit_id: 1, indistinguishable: 0})
  })

  it('scores an empty catalogue 100', () => {
    expect(lintOperations([], fakeSearch([]))).toMatchObject({score: 100, results: [], worst: [], indistinguishable: []})
  })
})
