import {closeSync, mkdirSync, openSync, readSync} from 'node:fs'
import {dirname} from 'node:path'

import {TamaError} from '../errors/tama-error.js'
import {createOperationTables} from '../search/index.js'
import {openDatabase} from '../sqlite/open-database.js'
import type {SqliteDatabase} from '../sqlite/driver.js'

/** `PRAGMA application_id` of a host index: "TDIX". Files with any other id are never touched. */
export const INDEX_APPLICATION_ID = 0x54444958
/**
 * Bumped whenever the index's tables, or the terms search stores in them, change. An index
 * of an older version is recreated empty (its cassettes can be imported again); one of a
 * newer version is refused untouched, so an older tama-dex never wipes a newer one's index.
 */
export const STORAGE_VERSION = 7

const SQLITE_MAGIC = 'SQLite format 3\u0000'

const INDEX_TABLES = `
CREATE TABLE cassettes (
  name TEXT PRIMARY KEY,
  version TEXT NOT NULL,
  digest TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('copy', 'rebuild', 'load')),
  documents INTEGER NOT NULL,
  operations INTEGER NOT NULL,
  installed_at TEXT NOT NULL
) STRICT;
`

export interface OpenedStorage {
  readonly db: SqliteDatabase
  /** True when an index of an older storage version was found and recreated empty. */
  readonly recreated: boolean
  readonly previousVersion: number | null
}

/**
 * Opens (creating when absent) the index at `path`. A tama-dex index of an older storage
 * version is recreated empty; one of a newer version, and anything that is not a tama-dex
 * index — another program's SQLite database, a cassette, any other file — is refused untouched.
 */
export function openStorage(path: string): OpenedStorage {
  const inMemory = path === ':memory:'
  if (!inMemory) refuseNonSqlite(path)
  const db = openDatabase(path)
  try {
    db.pragma('busy_timeout = 10000')
    db.pragma('trusted_schema = OFF')
    const opened = ensureSchema(db, path)
    if (!inMemory) db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    return opened
  } catch (error) {
    db.close()
    throw error
  }
}

function refuseNonSqlite(path: string): void {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw unusable(path, 'it cannot be read')
    mkdirSync(dirname(path), {recursive: true})
    return
  }
  try {
    const header = Buffer.alloc(16)
    const read = readSync(fd, header, 0, 16, 0)
    if (read > 0 && header.toString('latin1', 0, read) !== SQLITE_MAGIC) throw unusable(path, 'it is not a SQLite database')
  } finally {
    closeSync(fd)
  }
}

function unusable(path: string, why: string): TamaError {
  return new TamaError('incompatible_file', `${path} is not a tama-dex index (${why}); it was left untouched. Pass --index with a new file name, or remove the file if it is yours to remove.`)
}

function ensureSchema(db: SqliteDatabase, path: string): OpenedStorage {
  const identity = () => ({
    applicationId: db.pragma('application_id', {simple: true}) as number,
    version: db.pragma('user_version', {simple: true}) as number,
    objects: (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as {n: number}).n,
  })
  const seen = identity()
  if (seen.applicationId === INDEX_APPLICATION_ID && seen.version === STORAGE_VERSION) return {db, recreated: false, previousVersion: null}
  if (!(seen.applicationId === INDEX_APPLICATION_ID || (seen.applicationId === 0 && seen.objects === 0))) {
    throw unusable(path, 'it belongs to another program')
  }
  refuseNewer(path, seen)
  // Create or recreate under the write lock, re-reading what another process may have done meanwhile.
  let result: OpenedStorage = {db, recreated: false, previousVersion: null}
  db.exec('BEGIN IMMEDIATE')
  try {
    const now = identity()
    if (now.applicationId === INDEX_APPLICATION_ID && now.version === STORAGE_VERSION) {
      db.exec('COMMIT')
      return result
    }
    refuseNewer(path, now)
    if (now.applicationId === INDEX_APPLICATION_ID) {
      // Tables of an older version may reference each other; check keys at commit only.
      db.pragma('defer_foreign_keys = ON')
      dropEverything(db)
      result = {db, recreated: true, previousVersion: now.version}
    } else if (now.objects !== 0) {
      throw unusable(path, 'it belongs to another program')
    }
    db.exec(INDEX_TABLES)
    createOperationTables(db)
    db.pragma(`application_id = ${INDEX_APPLICATION_ID}`)
    db.pragma(`user_version = ${STORAGE_VERSION}`)
    db.exec('COMMIT')
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw error
  }
  return result
}

function refuseNewer(path: string, seen: {applicationId: number; version: number}): void {
  if (seen.applicationId !== INDEX_APPLICATION_ID || seen.version <= STORAGE_VERSION) return
  throw new TamaError(
    'incompatible_file',
    `${path} is a tama-dex index of storage version ${seen.version}, written by a newer tama-dex than this one (storage version ${STORAGE_VERSION}); it was left untouched. Upgrade tama-dex, or pass --index with another file.`,
  )
}

function dropEverything(db: SqliteDatabase): void {
  const objects = db.prepare("SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY sql LIKE 'CREATE VIRTUAL TABLE%' DESC").all() as Array<{type: string; name: string}>
  // Virtual tables first: they drop their own shadow tables, which are then skipped.
  for (const {type, name} of objects) {
    const exists = db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(name)
    if (exists !== undefined) db.exec(`DROP ${type.toUpperCase()} IF EXISTS "${name.replaceAll('"', '""')}"`)
  }
}
