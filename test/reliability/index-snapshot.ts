import Database from 'better-sqlite3'

import type {TamaIndex} from '../../src/core/host-index/index.js'

/** Scopes that see every operation of the documents the suite installs. */
export const ALL_SCOPES = ['runtime.read', 'runtime.operate', 'pets.read', 'pets.write', 'store.read', 'incus.read', 'incus.write', 'admin']

/**
 * What callers can observe of an index: its cassettes (but when each was installed) and
 * what each query answers each caller, given by its scopes.
 */
export function observe(index: TamaIndex, queries: readonly string[] = ['list pets', 'runtime health', 'delete'], callers: ReadonlyArray<readonly string[]> = [ALL_SCOPES]): unknown {
  return {
    cassettes: index.cassettes().map(({installed_at: _, ...rest}) => rest),
    searches: queries.flatMap((query) => callers.map((scopes) => index.search(query, {scopes, limit: 50}))),
  }
}

/**
 * Everything that must hold of an index file after any crash or race: SQLite's and FTS5's
 * integrity checks pass, and every cassette row agrees with the operations stored for it
 * (so each cassette is wholly one install). Returns the problems found, [] when none.
 */
export function indexFileProblems(path: string): string[] {
  const db = new Database(path)
  try {
    const problems: string[] = []
    const integrity = db.pragma('integrity_check', {simple: true})
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`)
    try {
      db.exec("INSERT INTO operations_fts (operations_fts) VALUES ('integrity-check')")
    } catch (error) {
      problems.push(`FTS5 integrity-check: ${(error as Error).message}`)
    }
    const mismatched = db
      .prepare(
        `SELECT c.name, c.operations AS declared,
           (SELECT count(*) FROM operations o WHERE o.cassette = c.name) AS stored,
           (SELECT count(*) FROM operation_records r JOIN operations o ON o.id = r.id WHERE o.cassette = c.name) AS records,
           (SELECT count(*) FROM operation_text t JOIN operations o ON o.id = t.id WHERE o.cassette = c.name) AS texts
         FROM cassettes c`,
      )
      .all() as Array<{name: string; declared: number; stored: number; records: number; texts: number}>
    for (const row of mismatched) {
      if (row.stored !== row.declared || row.records !== row.declared || row.texts !== row.declared) problems.push(`cassette ${row.name}: ${JSON.stringify(row)}`)
    }
    const orphans = db.prepare('SELECT count(*) AS n FROM operations WHERE cassette NOT IN (SELECT name FROM cassettes)').get() as {n: number}
    if (orphans.n > 0) problems.push(`${orphans.n} operations belong to no cassette`)
    return problems
  } finally {
    db.close()
  }
}
