import type {OperationRecord} from '../profile/index.js'
import {openDatabase} from '../sqlite/index.js'
import {compactSearchIndex, insertOperations} from './operation-store.js'
import {createOperationTables} from './operation-tables.js'
import {searchOperations} from './search-operations.js'
import type {SearchOptions, SearchResponse} from './search-types.js'

export type RecordSearch = (query: string, options: SearchOptions) => SearchResponse

/**
 * Runs `use` with a search over `records` alone, as one cassette in a private in-memory
 * index built the way a host builds its own, then drops that index.
 */
export function withRecordSearch<T>(cassette: string, records: readonly OperationRecord[], use: (search: RecordSearch) => T): T {
  const db = openDatabase(':memory:')
  try {
    createOperationTables(db)
    db.transaction(() => {
      insertOperations(db, cassette, records)
      compactSearchIndex(db)
    })()
    return use((query, options) => searchOperations(db, query, options))
  } finally {
    db.close()
  }
}
