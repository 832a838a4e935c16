import {TamaError} from '../errors/index.js'
import {SEARCH_DATA_HASH, compactSearchIndex, deleteOperations, insertOperations, storedRecords} from '../search/index.js'
import type {SqliteDatabase} from '../sqlite/index.js'
import {flushWal} from './wal-owner.js'

/** The installed cassettes whose search rows were derived with other search data than this tama-dex's. */
function staleCassettes(db: SqliteDatabase): string[] {
  return db
    .prepare<{name: string}>('SELECT name FROM cassettes WHERE search_data <> ? ORDER BY name')
    .all(SEARCH_DATA_HASH)
    .map((row) => row.name)
}

/**
 * Makes every installed cassette's search rows this tama-dex's: a cassette whose rows were
 * derived with other search data (another version's analyser, vocabulary or model) has them
 * derived again from its stored records, one cassette per transaction, so searches never rank
 * by rows today's search would not have written. A connection that cannot write (the file or
 * its folder is read-only) cannot do that: the index is not_ready, naming what to run.
 */
export function refreshSearchRows(db: SqliteDatabase, path: string): void {
  const stale = staleCassettes(db)
  if (stale.length === 0) return
  if (db.readonly) {
    throw new TamaError(
      'not_ready',
      `${path} holds search rows derived by another version of tama-dex's search (cassettes ${stale.join(', ')}), and this tama-dex cannot write the file to derive them again. Make it writable and open it once more, which derives them, or import those cassettes again.`,
    )
  }
  for (const name of stale) {
    db.exec('BEGIN IMMEDIATE')
    try {
      // Another process may have derived them meanwhile.
      const still = db.prepare('SELECT 1 FROM cassettes WHERE name = ? AND search_data <> ?').get(name, SEARCH_DATA_HASH)
      if (still !== undefined) {
        const records = storedRecords(db, name)
        deleteOperations(db, name)
        insertOperations(db, name, records)
        compactSearchIndex(db)
        db.prepare('UPDATE cassettes SET search_data = ? WHERE name = ?').run(SEARCH_DATA_HASH, name)
      }
      db.exec('COMMIT')
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK')
      throw error
    }
  }
  flushWal(db)
}
