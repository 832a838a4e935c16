import {type Stats, accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readSync, statSync} from 'node:fs'
import {dirname} from 'node:path'

import {TamaError, isNoRoom, isTamaError, unwritableFailure} from '../errors/index.js'
import {createOperationTables} from '../search/index.js'
import {type SqliteDatabase, openDatabase} from '../sqlite/index.js'
import {type FileIdentity, fileIdentity, privateCopy} from './index-file.js'
import {refreshSearchRows} from './search-data.js'
import {ensureStampTable, flushWal, refuseForeignWal, stampWrites} from './wal-owner.js'

import {INDEX_APPLICATION_ID, isSqlite, recogniseFileHead, wrongKindOfFile} from '../files/index.js'

export {INDEX_APPLICATION_ID}
/**
 * Bumped whenever the index's tables or the rules every stored record was checked by
 * change, so an index never holds a record today's checks would refuse. A change of the
 * search rows alone needs no bump: each cassette's rows carry the search-data hash they were
 * derived with, and rows of another are derived again on open (search-data.ts). An index of an older version is recreated empty (its cassettes can be
 * imported again); one of a newer version is refused untouched, so an older tama-dex
 * never wipes a newer one's index.
 */
export const STORAGE_VERSION = 10

// SQLite's database header (application_id included); only a file that is not SQLite is read further, for a description's first lines.
const SQLITE_HEADER_BYTES = 100
const DESCRIPTION_HEAD_BYTES = 64 * 1024

const INDEX_TABLES = `
CREATE TABLE cassettes (
  name TEXT PRIMARY KEY,
  version TEXT NOT NULL,
  title TEXT NOT NULL,
  digest TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('copy', 'rebuild', 'load')),
  documents INTEGER NOT NULL,
  operations INTEGER NOT NULL,
  installed_at TEXT NOT NULL,
  search_data TEXT NOT NULL
) STRICT;
`

export interface StorageOptions {
  /**
   * Read only: nothing is created or written (no folder, no file, no schema, no journal
   * mode), but for one repair: search rows derived with other search data are derived again
   * when the file can be written, else the open is not_ready (search-data.ts).
   */
  readonly readonly?: boolean
  /** Fail instead of creating the file: for a connection to an index opened before. */
  readonly mustExist?: boolean
}

export interface OpenedStorage {
  readonly db: SqliteDatabase
  /** True when an index of an older storage version was found and recreated empty. */
  readonly recreated: boolean
  readonly previousVersion: number | null
  /** The file opened, to tell later whether the path still names it; null in memory. */
  readonly file: FileIdentity | null
}

/**
 * Opens (creating when absent, unless read-only or `mustExist`) the index at `path`. A
 * tama-dex index of an older storage version is recreated empty (read-only: not_ready); one
 * of a newer version, and anything that is not a tama-dex index — another program's SQLite
 * database, a cassette, a special file, any other file — is refused untouched. A file or
 * folder that cannot be written is `unwritable`, naming the path.
 */
export function openStorage(path: string, options: StorageOptions = {}): OpenedStorage {
  if (typeof path !== 'string' || path.trim() === '') throw new TamaError('usage', `The index path must be a file path, or ':memory:'; got ${JSON.stringify(path) ?? String(path)}.`)
  if (path === ':memory:') {
    if (options.readonly === true) throw new TamaError('usage', 'An in-memory index cannot be opened read-only: it would always be empty. Pass a file path.')
    return configure(openDatabase(path), path, options)
  }
  const exists = checkIndexFile(path, options)
  if (!exists) createFolder(path)
  else refuseForeignWal(path, openedFile(path))
  const {db, copied} = options.readonly === true ? openReadOnly(path) : {db: openReadWrite(path, options)}
  return configure(db, path, options, copied)
}

function configure(db: SqliteDatabase, path: string, options: StorageOptions, copied?: FileIdentity): OpenedStorage {
  try {
    db.pragma('busy_timeout = 10000')
    db.pragma('trusted_schema = OFF')
    if (options.readonly === true) {
      const checked = checkSchema(db, path)
      const file = copied ?? openedFile(path)
      if (!db.readonly) stampWrites(db, file)
      refreshSearchRows(db, path)
      return {...checked, file}
    }
    const opened = ensureSchema(db, path)
    if (path === ':memory:') return {...opened, file: null}
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    if (opened.recreated) flushWal(db)
    ensureStampTable(db)
    const file = openedFile(path)
    stampWrites(db, file)
    refreshSearchRows(db, path)
    return {...opened, file}
  } catch (error) {
    db.close()
    throw storageFailure(error, path)
  }
}

function openedFile(path: string): FileIdentity {
  const file = fileIdentity(path)
  if (file === null) throw indexMoved()
  return file
}

/**
 * Whether the index file exists, after refusing anything that is not a SQLite file. A
 * missing file is not_ready when reading and an error when it must exist.
 */
function checkIndexFile(path: string, options: StorageOptions): boolean {
  const stats = statOf(path)
  if (stats === undefined) {
    if (options.readonly === true) {
      throw new TamaError('not_ready', `There is no index at ${path} yet: nothing has been installed there.`, {remedy: {kind: 'install-first'}})
    }
    if (options.mustExist === true) throw indexMoved()
    return false
  }
  if (!stats.isFile()) throw unusable(path, 'it is not a regular file')
  let fd: number
  try {
    // Non-blocking, so a FIFO swapped in after the check cannot hold the open.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch {
    throw unusable(path, 'it cannot be read')
  }
  let head: Buffer
  try {
    const read = (size: number): Buffer => {
      const bytes = Buffer.alloc(size)
      return bytes.subarray(0, readSync(fd, bytes, 0, size, 0))
    }
    // Every open reads the header; the rest only when it is no index, to say what the file is.
    head = read(SQLITE_HEADER_BYTES)
    if (!isSqlite(head) && head.length === SQLITE_HEADER_BYTES) head = read(DESCRIPTION_HEAD_BYTES)
  } catch {
    throw unusable(path, 'it cannot be read')
  } finally {
    closeSync(fd)
  }
  // A cassette or a description given where the index belongs is named as such: the file is the user's, not in the way.
  const wrongKind = wrongKindOfFile(path, recogniseFileHead(head), 'a tama-dex index')
  if (wrongKind !== null && wrongKind.details.file_kind !== 'index') throw wrongKind
  if (head.length > 0 && !isSqlite(head)) throw unusable(path, 'it is not a SQLite database')
  return true
}

/** Why a path can name no file at all, by the errno stat answers. */
const IMPOSSIBLE_PATHS: ReadonlyMap<string, string> = new Map([
  ['ENOTDIR', 'a part of it is a file, not a folder'],
  ['ENAMETOOLONG', 'it is too long'],
  ['ELOOP', 'its symbolic links loop'],
  ['ERR_INVALID_ARG_VALUE', 'it holds a NUL character'],
])

/** The file at `path`, or undefined when there is none; a path that cannot name one is a usage error. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, {throwIfNoEntry: false})
  } catch (error) {
    const why = IMPOSSIBLE_PATHS.get((error as NodeJS.ErrnoException).code ?? '')
    if (why === undefined) throw unusable(path, 'it cannot be read')
    throw new TamaError('usage', `${path} cannot be an index: ${why}.`, {remedy: {kind: 'another-index'}})
  }
}

function createFolder(path: string): void {
  try {
    mkdirSync(dirname(path), {recursive: true})
  } catch (error) {
    throw storageFailure(writeAccessError(dirname(path)) ?? error, path)
  }
}

function openReadWrite(path: string, options: StorageOptions): SqliteDatabase {
  try {
    return openDatabase(path, {fileMustExist: options.mustExist === true})
  } catch (error) {
    throw storageFailure(error, path)
  }
}

/**
 * A connection for reading only: it never creates the file, and nothing is written through
 * it. SQLite reads a WAL index through its -wal and -shm files, creating them when missing,
 * and a read-only connection cannot remove them again; so an index we could write is read
 * through a connection that can (SQLite then removes them on close), and only one we cannot
 * write through a read-only one. Where SQLite cannot make them (a read-only or full file
 * system, a folder this user may not write) the index is read from a private copy in
 * memory, which nothing can write, unless its -wal holds changes the copy would miss.
 */
function openReadOnly(path: string): {db: SqliteDatabase; copied?: FileIdentity} {
  let db: SqliteDatabase | undefined
  try {
    db = openDatabase(path, {readonly: writeAccessError(path) !== undefined, fileMustExist: true})
    db.pragma('user_version')
    return {db}
  } catch (error) {
    db?.close()
    if (!cannotMakeWalFiles(error, path)) throw storageFailure(error, path)
    if ((statSync(`${path}-wal`, {throwIfNoEntry: false})?.size ?? 0) > 0) throw walUnreadable(error, path)
    const copy = privateCopy(path)
    return {db: copy.db, copied: copy.file}
  }
}

/** Whether SQLite refused to read the index only for want of writing its -shm or -wal beside it. */
function cannotMakeWalFiles(error: unknown, path: string): boolean {
  const code = (error as {code?: unknown} | null)?.code
  if (typeof code !== 'string') return false
  return code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR_SHM') || isNoRoom(code, path)
}

function walUnreadable(error: unknown, path: string): TamaError {
  const code = (error as {code: string}).code
  const fault = (why: string) => `Cannot read the index ${path}: ${why}, and SQLite must write ${path}-shm to read the changes in ${path}-wal.`
  if (isNoRoom(code, path)) return new TamaError('unwritable', `${fault('the disk is full')} Free some space.`, {details: {code}})
  return new TamaError('unwritable', fault('its folder cannot be written here'), {details: {code}, remedy: {kind: 'open-writable'}})
}

/**
 * The `unwritable` error for a failure to write the index at `path` (read-only, permission,
 * disk full), else `error` itself. SQLite says only "cannot open" for a folder it cannot
 * create files in; the folder's own write access says why.
 */
export function storageFailure(error: unknown, path: string): unknown {
  if (isTamaError(error)) return error
  const code = (error as {code?: unknown} | null)?.code
  const cause = code === 'SQLITE_CANTOPEN' && path !== ':memory:' ? (writeAccessError(dirname(path)) ?? writeAccessError(path) ?? error) : error
  return unwritableFailure(cause, path, 'the index') ?? error
}

/** Why `path`, or its nearest existing ancestor, cannot be written; undefined when it can. */
function writeAccessError(path: string): unknown {
  let at = path
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at)
  try {
    accessSync(at, constants.W_OK)
    return undefined
  } catch (error) {
    return error
  }
}

/** The error for an index whose file is no longer at its path, for a write that would go elsewhere. */
export function indexMoved(): TamaError {
  return new TamaError(
    'unwritable',
    'The index file was deleted or replaced after it was opened: a change now would go to another file than the one this handle reads. Nothing was changed; open the index again.',
    {details: {code: 'SQLITE_READONLY_DBMOVED'}},
  )
}

function unusable(path: string, why: string): TamaError {
  return new TamaError('incompatible_file', `${path} is not a tama-dex index (${why}); it was left untouched. Remove the file if it is yours to remove.`, {remedy: {kind: 'another-index'}})
}

/** What a read-only open accepts: only a current index; anything to create or recreate is not_ready. */
function checkSchema(db: SqliteDatabase, path: string): Omit<OpenedStorage, 'file'> {
  const seen = schemaIdentity(db)
  if (seen.applicationId === INDEX_APPLICATION_ID && seen.version === STORAGE_VERSION) return {db, recreated: false, previousVersion: null}
  refuseNewer(path, seen)
  const remedy = {kind: 'install-first'} as const
  if (seen.applicationId === 0 && seen.objects === 0) throw new TamaError('not_ready', `${path} holds no index yet.`, {remedy})
  if (seen.applicationId === INDEX_APPLICATION_ID) {
    throw new TamaError('not_ready', `${path} was written by an older tama-dex (storage version ${seen.version}) and must be recreated, which reading does not do; an import recreates it (then import its other cassettes again).`, {remedy})
  }
  throw unusable(path, 'it belongs to another program')
}

function schemaIdentity(db: SqliteDatabase): {applicationId: number; version: number; objects: number} {
  return {
    applicationId: db.pragma('application_id', {simple: true}) as number,
    version: db.pragma('user_version', {simple: true}) as number,
    objects: (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as {n: number}).n,
  }
}

function ensureSchema(db: SqliteDatabase, path: string): Omit<OpenedStorage, 'file'> {
  const seen = schemaIdentity(db)
  if (seen.applicationId === INDEX_APPLICATION_ID && seen.version === STORAGE_VERSION) return {db, recreated: false, previousVersion: null}
  if (!(seen.applicationId === INDEX_APPLICATION_ID || (seen.applicationId === 0 && seen.objects === 0))) {
    throw unusable(path, 'it belongs to another program')
  }
  refuseNewer(path, seen)
  // Create or recreate under the write lock, re-reading what another process may have done meanwhile.
  let result: Omit<OpenedStorage, 'file'> = {db, recreated: false, previousVersion: null}
  db.exec('BEGIN IMMEDIATE')
  try {
    const now = schemaIdentity(db)
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
    `${path} is a tama-dex index of storage version ${seen.version}, written by a newer tama-dex than this one (storage version ${STORAGE_VERSION}); it was left untouched. Upgrade tama-dex.`,
    {remedy: {kind: 'another-index'}},
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
