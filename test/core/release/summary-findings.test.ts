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
})
