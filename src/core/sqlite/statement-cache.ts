import type {SqliteDatabase, SqliteStatement} from './driver.js'

// Statements are compiled once per database connection and reused: preparing costs more
// than running most of these queries.
const caches = new WeakMap<SqliteDatabase, Map<string, SqliteStatement>>()

/** The prepared statement for `sql` on `db`, compiled on first use. */
export function statement<Row = unknown>(db: SqliteDatabase, sql: string): SqliteStatement<Row> {
  let cache = caches.get(db)
  if (cache === undefined) {
    cache = new Map()
    caches.set(db, cache)
  }
  let prepared = cache.get(sql)
  if (prepared === undefined) {
    prepared = db.prepare(sql)
    cache.set(sql, prepared)
  }
  return prepared as SqliteStatement<Row>
}
