import {describe, expect, it} from 'vitest'

import {suggestOperations} from '../../../src/core/search/index.js'
import {ALL_SCOPES, indexWith} from './catalogue.js'

const db = indexWith()
const ids = (suggestions: Array<{cassette: string; operation_id: string}>) => suggestions.map((s) => `${s.cassette}:${s.operation_id}`)

describe('suggestOperations', () => {
  it.each([
    {given: {cassette: 'incus', id: 'instance_delte'}, want: 'incus:instance_delete'},
    {given: {cassette: 'incus', id: 'Instances_Get'}, want: 'incus:instances_get'},
    {given: {cassette: null, id: 'issues/craete'}, want: 'github:issues/create'},
    {given: {cassette: 'incus', id: 'storagePools'}, want: 'incus:storage_pools_get'},
  ])('suggests a close id first: $given', ({given, want}) => {
    expect(ids(suggestOperations(db, given.cassette, given.id, ALL_SCOPES))[0]).toBe(want)
  })

  it.each([
    {given: {scopes: ['incus.read'], id: 'cluster_member_delet'}, forbidden: 'incus:cluster_member_delete'},
    {given: {scopes: ['incus.admin'], id: 'secrets_gets'}, forbidden: 'incus:secrets_get'},
    {given: {scopes: [], id: 'repos/delet'}, forbidden: 'github:repos/delete'},
  ])('never suggests an operation the caller may not see: $given', ({given, forbidden}) => {
    const suggested = ids(suggestOperations(db, null, given.id, given.scopes, 10))
    expect(suggested).not.toContain(forbidden)
  })

  it.each([
    {given: {max: 1}, want: 1},
    {given: {max: 3}, want: 3},
    {given: {max: 0}, want: 0},
  ])('returns at most max suggestions: $given', ({given, want}) => {
    expect(suggestOperations(db, 'incus', 'instance', ALL_SCOPES, given.max)).toHaveLength(want)
  })

  it.each(['', '???', '"*^'])('has nothing to say for an id without words: %j', (id) => {
    expect(suggestOperations(db, 'incus', id, ALL_SCOPES)).toEqual([])
  })

  it('stays inside the cassette it is given', () => {
    const suggested = ids(suggestOperations(db, 'github', 'instance_delete', ALL_SCOPES, 5))
    expect(suggested.length).toBeGreaterThan(0)
    expect(suggested.every((id) => id.startsWith('github:'))).toBe(true)
  })
})
