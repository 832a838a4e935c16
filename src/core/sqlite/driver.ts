/**
 * The narrow slice of a synchronous SQLite driver that core code depends on.
 * better-sqlite3 satisfies it; core modules take this interface, not the driver's types.
 */
export interface SqliteStatement<Row = unknown> {
  run(...params: unknown[]): {changes: number; lastInsertRowid: number | bigint}
  get(...params: unknown[]): Row | undefined
  all(...params: unknown[]): Row[]
  iterate(...params: unknown[]): IterableIterator<Row>
}

export interface SqliteDatabase {
  prepare<Row = unknown>(sql: string): SqliteStatement<Row>
  exec(sql: string): unknown
  pragma(source: string, options?: {simple?: boolean}): unknown
  transaction<F extends (...args: never[]) => unknown>(fn: F): F
  serialize(): Buffer
  close(): unknown
  readonly inTransaction: boolean
  readonly open: boolean
  readonly readonly: boolean
}
