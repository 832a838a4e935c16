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

/** The titles of the installed cassettes among `names`, in one query: a search where nothing fits names every cassette the caller may search. */
export function installedTitles(db: SqliteDatabase, names: readonly string[]): Map<string, string> {
  const rows = statement<{name: string; title: string}>(db, 'SELECT name, title FROM cassettes WHERE name IN (SELECT value FROM json_each(?))').all(JSON.stringify(names))
  return new Map(rows.map(({name, title}) => [name, title]))
}

export function countInstalled(db: SqliteDatabase): {cassettes: number; operations: number} {
  const row = db.prepare<{cassettes: number; operations: number | null}>('SELECT count(*) AS cassettes, sum(operations) AS operations FROM cassettes').get()
  return {cassettes: row?.cassettes ?? 0, operations: row?.operations ?? 0}
}
