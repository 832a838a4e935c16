import {compactSearchIndex, deleteOperations, insertOperations} from '../search/index.js'
import type {SqliteDatabase} from '../sqlite/driver.js'
import type {InstallPlan} from './install-plan.js'

export interface InstallResult {
  readonly cassette: string
  readonly version: string
  readonly mode: 'copy' | 'rebuild' | 'load'
  readonly operations: number
  /** False when the same cassette was already installed and nothing was written. */
  readonly changed: boolean
}

/**
 * Writes a plan in one transaction: the cassette's old rows go and its new rows come in
 * together, so readers see it wholly old or wholly new. `beforeCommit` runs last, under
 * the write lock; when it throws (the caller's time ran out) everything is rolled back.
 */
export function commitInstall(db: SqliteDatabase, plan: InstallPlan, beforeCommit: () => void = () => {}): InstallResult {
  const result = {cassette: plan.cassette, version: plan.version, mode: plan.mode, operations: plan.operations}
  if (plan.records === null) return {...result, changed: false}
  db.exec('BEGIN IMMEDIATE')
  try {
    deleteOperations(db, plan.cassette)
    insertOperations(db, plan.cassette, plan.records)
    compactSearchIndex(db)
    db.prepare(
      `INSERT INTO cassettes (name, version, digest, mode, documents, operations, installed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, digest = excluded.digest, mode = excluded.mode,
         documents = excluded.documents, operations = excluded.operations, installed_at = excluded.installed_at`,
    ).run(plan.cassette, plan.version, plan.digest, plan.mode, plan.documents, plan.operations, new Date().toISOString())
    beforeCommit()
    db.exec('COMMIT')
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw error
  }
  return {...result, changed: true}
}

/** Removes one cassette and its operations in one transaction. */
export function removeCassette(db: SqliteDatabase, name: string): boolean {
  db.exec('BEGIN IMMEDIATE')
  try {
    const {changes} = db.prepare('DELETE FROM cassettes WHERE name = ?').run(name)
    if (changes > 0) {
      deleteOperations(db, name)
      compactSearchIndex(db)
    }
    db.exec('COMMIT')
    return changes > 0
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw error
  }
}
