import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {TamaError} from '../errors/index.js'
import {SEARCH_DATA_HASH, compactSearchIndex, copySearchRows, deleteOperations, insertOperations} from '../search/index.js'
import type {SqliteDatabase} from '../sqlite/index.js'
import {type InstalledCassette, findInstalled} from './installed-cassettes.js'
import type {InstallPlan} from './install-plan.js'
import {compareVersions} from './version-precedence.js'

export interface InstallResult {
  readonly cassette: string
  readonly version: string
  /** SHA-256 of the cassette file (import) or of the document's canonical JSON (load). */
  readonly digest: string
  readonly mode: 'copy' | 'rebuild' | 'load'
  readonly operations: number
  /** False when the same cassette was already installed and nothing was written. */
  readonly changed: boolean
  /**
   * The cassette this install replaced under the same name — whoever made it, at whatever
   * version — or null when none was installed or nothing changed.
   */
  readonly replaced: ReplacedCassette | null
}

export type ReplacedCassette = Pick<InstalledCassette, 'version' | 'digest' | 'mode'>

/** What a host may refuse when an install would replace an installed cassette. */
export interface ReplaceRules {
  /** Refuse a lower version than the installed one (Semantic Versioning precedence), or one that cannot be compared. */
  readonly refuseDowngrade?: boolean
}

/**
 * Writes a plan in one transaction: the cassette's old rows go and its new rows come in
 * together, so readers see it wholly old or wholly new. `beforeCommit` runs last, under
 * the write lock; when it throws (the caller's time ran out) everything is rolled back.
 */
export function commitInstall(db: SqliteDatabase, plan: InstallPlan, beforeCommit: () => void = () => {}, rules: ReplaceRules = {}): InstallResult {
  const result = {cassette: plan.cassette, version: plan.version, digest: plan.digest, mode: plan.mode, operations: plan.operations}
  if (plan.records === null) return {...result, changed: false, replaced: null}
  let previous: InstalledCassette | undefined
  const copy = plan.copyFrom === undefined ? undefined : attachCassette(db, plan.copyFrom)
  try {
    db.exec('BEGIN IMMEDIATE')
    try {
      // Read under the write lock: what is installed now, not when the install was planned.
      previous = findInstalled(db, plan.cassette)
      if (previous !== undefined && rules.refuseDowngrade === true) refuseDowngrade(plan, previous)
      deleteOperations(db, plan.cassette)
      if (copy === undefined) insertOperations(db, plan.cassette, plan.records)
      else copySearchRows(db, copy.schema, plan.cassette, copy.splits)
      compactSearchIndex(db)
      db.prepare(
        `INSERT INTO cassettes (name, version, title, digest, mode, documents, operations, installed_at, search_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, title = excluded.title, digest = excluded.digest, mode = excluded.mode,
           documents = excluded.documents, operations = excluded.operations, installed_at = excluded.installed_at, search_data = excluded.search_data`,
      ).run(plan.cassette, plan.version, plan.title, plan.digest, plan.mode, plan.documents, plan.operations, new Date().toISOString(), SEARCH_DATA_HASH)
      beforeCommit()
      db.exec('COMMIT')
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK')
      throw error
    }
  } finally {
    copy?.detach()
  }
  return {...result, changed: true, replaced: previous === undefined ? null : {version: previous.version, digest: previous.digest, mode: previous.mode}}
}

/**
 * Attaches the bytes of a checked, pinned cassette for copying: written to a private folder
 * (mode 0400), since SQLite attaches files, not bytes, and nothing ever writes to it. The file holds exactly the bytes that were hashed and checked, so nothing can
 * change between the checks and the copy; the connection's trusted_schema is off, and the
 * file's schema was checked to hold tables only. Beside it, `splits` names a temporary
 * table of where the records' input schemas are cut out of them (checkCopiedRecords), for
 * the copy to join, so that no record is parsed again; detach drops both.
 */
function attachCassette(db: SqliteDatabase, {bytes, recordSplits}: NonNullable<InstallPlan['copyFrom']>): {schema: string; splits: string; detach: () => void} {
  const folder = mkdtempSync(join(tmpdir(), 'tama-dex-copy-'))
  const file = join(folder, 'copy.tama-cassette')
  const schema = 'copied_cassette'
  try {
    writeFileSync(file, bytes, {mode: 0o400})
    db.prepare('ATTACH DATABASE ? AS copied_cassette').run(file)
  } catch (error) {
    rmSync(folder, {recursive: true, force: true})
    throw error
  }
  // SQLite reads through the descriptor it holds: removed now, the copy leaves nothing behind
  // even when the process is killed. Where an open file cannot be removed, detach removes it.
  try {
    rmSync(folder, {recursive: true, force: true})
  } catch {
    // Removed on detach.
  }
  try {
    db.exec(`CREATE TABLE ${RECORD_SPLITS} (id INTEGER PRIMARY KEY, cut INTEGER NOT NULL, start INTEGER NOT NULL, stop INTEGER NOT NULL) STRICT`)
    const rows = JSON.stringify(recordSplits.map(({id, cut, start, stop}) => [id, cut, start, stop]))
    db.prepare(`INSERT INTO ${RECORD_SPLITS} SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?)`).run(rows)
  } catch (error) {
    detach()
    throw error
  }
  return {schema, splits: RECORD_SPLITS, detach}

  function detach(): void {
    try {
      db.exec(`DROP TABLE IF EXISTS ${RECORD_SPLITS}; DETACH DATABASE ${schema}`)
    } finally {
      rmSync(folder, {recursive: true, force: true})
    }
  }
}

const RECORD_SPLITS = 'temp.copied_record_splits'

function refuseDowngrade(plan: InstallPlan, installed: InstalledCassette): void {
  const order = compareVersions(plan.version, installed.version)
  if (order !== undefined && order >= 0) return
  const details = {cassette: plan.cassette, version: plan.version, installed_version: installed.version, installed_digest: installed.digest}
  const why =
    order === undefined
      ? `Cannot tell whether ${plan.cassette} ${plan.version} is a downgrade of the installed ${installed.version}: both must be semantic versions`
      : `${plan.cassette} ${plan.version} is lower than the installed ${installed.version}`
  throw new TamaError(
    'downgrade_refused',
    `${why}, and downgrades are refused; nothing was changed. The installed one has digest ${installed.digest}. Install it without refusing downgrades if replacing it is intended.`,
    {details},
  )
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
