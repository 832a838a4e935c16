import type {OperationRecord} from '../profile/index.js'
import {type SqliteDatabase, openDatabase} from '../sqlite/index.js'
import {compactSearchIndex, insertOperations} from './operation-store.js'
import {createOperationTables} from './operation-tables.js'
import {searchOperations} from './search-operations.js'
import type {SearchOptions, SearchResponse} from './search-types.js'

export type RecordSearch = (query: string, options: SearchOptions) => SearchResponse

/**
 * A private in-memory search index holding each cassette's records, built and compacted
 * the way an install leaves a host index. The caller closes it.
 */
export function openRecordIndex(cassettes: Iterable<readonly [string, readonly OperationRecord[]]>): SqliteDatabase {
  const db = openDatabase(':memory:')
  try {
    createOperationTables(db)
    db.transaction(() => {
      for (const [cassette, records] of cassettes) insertOperations(db, cassette, records)
      compactSearchIndex(db)
    })()
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** Runs `use` with a search over `records` alone, as one cassette in openRecordIndex's index, then drops that index. */
export function withRecordSearch<T>(cassette: string, records: readonly OperationRecord[], use: (search: RecordSearch) => T): T {
  const db = openRecordIndex([[cassette, records]])
  try {
    return use((query, options) => searchOperations(db, query, options))
  } finally {
    db.close()
  }
}
