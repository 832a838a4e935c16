import {describe, expect, it} from 'vitest'

import {openRecordIndex, withRecordSearch} from '../../../src/core/search/index.js'
import {record} from './catalogue.js'

const PETS = [record({operationId: 'pets_list', summary: 'List the pets in the shop'}), record({operationId: 'pet_delete', method: 'delete', summary: 'Delete one pet'})]
const ORDERS = [record({operationId: 'orders_list', summary: 'List the orders of the shop'})]

describe('openRecordIndex', () => {
  it('holds every cassette given, each under its own name, compacted as an install leaves it', () => {
    const db = openRecordIndex([
      ['pets', PETS],
      ['orders', ORDERS],
    ])
    try {
      const rows = db.prepare('SELECT cassette, operation_id FROM operations ORDER BY cassette, operation_id').all()
      expect(rows).toEqual([
        {cassette: 'orders', operation_id: 'orders_list'},
        {cassette: 'pets', operation_id: 'pet_delete'},
        {cassette: 'pets', operation_id: 'pets_list'},
      ])
    } finally {
      db.close()
    }
  })

  it('refuses a cassette that holds one operation twice', () => {
    expect(() => openRecordIndex([['pets', [...PETS, PETS[0]!]]])).toThrow(expect.objectContaining({kind: 'usage', message: 'Operation id "pets_list" appears twice in cassette "pets"; operation ids must be unique within a cassette.'}))
  })
})

describe('withRecordSearch', () => {
  it('searches the records alone, as one cassette, and drops the index afterwards', () => {
    let kept: ((query: string) => unknown) | undefined
    const hits = withRecordSearch('pets', PETS, (search) => {
      kept = (query) => search(query, {scopes: []})
      return search('delete a pet', {scopes: []}).results.map((hit) => `${hit.cassette}:${hit.operation_id}`)
    })
    expect(hits[0]).toBe('pets:pet_delete')
    expect(() => kept!('pets')).toThrow(/not open|closed/i)
  })
})
