import {IN_ALLOWED_SETS} from '../search/index.js'
import {type SqliteDatabase, statement} from '../sqlite/index.js'

/** What the index knows about one installed cassette. */
export interface InstalledCassette {
  readonly name: string
  readonly version: string
  /** What it says it is: its documents' titles (`info.title`), each once, joined by "; ". */
  readonly title: string
  /** SHA-256 of the cassette file (import) or of the document's canonical JSON (load). */
  readonly digest: string
  readonly mode: 'copy' | 'rebuild' | 'load'
  readonly documents: number
  readonly operations: number
  /** ISO 8601 time of the commit that installed it. */
  readonly installed_at: string
}

export function listInstalled(db: SqliteDatabase): InstalledCassette[] {
  return db.prepare<InstalledCassette>('SELECT name, version, title, digest, mode, documents, operations, installed_at FROM cassettes ORDER BY name').all()
}

export function findInstalled(db: SqliteDatabase, name: string): InstalledCassette | undefined {
  return db.prepare<InstalledCassette>('SELECT name, version, title, digest, mode, documents, operations, installed_at FROM cassettes WHERE name = ?').get(name)
}

/**
 * The installed cassettes holding an operation of the scope sets `allowed` (a JSON array of
 * ids), each with its title, by name: what a search where nothing fits names (a CassetteLister).
 * One query stepping through the cassettes' own rows, which costs a third of finding each name
 * among the operations and then reading its title.
 */
export function visibleInstalled(db: SqliteDatabase, allowed: string): Array<{cassette: string; title: string}> {
  return statement<{cassette: string; title: string}>(db, VISIBLE_INSTALLED).all({allowed})
}
// Every operation is installed with its cassette's row and removed with it (commit-install.ts).
const VISIBLE_INSTALLED = `SELECT c.name AS cassette, c.title FROM cassettes c
WHERE EXISTS (SELECT 1 FROM operations o WHERE o.cassette = c.name AND ${IN_ALLOWED_SETS})
ORDER BY c.name`

export function countInstalled(db: SqliteDatabase): {cassettes: number; operations: number} {
  const row = db.prepare<{cassettes: number; operations: number | null}>('SELECT count(*) AS cassettes, sum(operations) AS operations FROM cassettes').get()
  return {cassettes: row?.cassettes ?? 0, operations: row?.operations ?? 0}
}
