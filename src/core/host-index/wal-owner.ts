import {statSync} from 'node:fs'

import {TamaError} from '../errors/index.js'
import {type SqliteDatabase, openDatabase} from '../sqlite/index.js'
import {type FileIdentity, privateCopy} from './index-file.js'

/*
 * SQLite keeps an index's latest commits in PATH-wal and replays that file into whatever
 * file is at PATH when it next opens it: after `mv new PATH` while a host held the old
 * file, the old file's commits would be read, and then written, into the new one. Two
 * rules keep each file's -wal its own. Every write folds its commit into the file and
 * empties the -wal (flushWal), so nothing committed lives only beside the file. And every
 * change of the installed cassettes stamps, in the same commit, which file it was written
 * to (stampWrites), so an open that finds a -wal whose last commit went to another file
 * refuses it (refuseForeignWal) before any connection that could write it opens.
 */

/**
 * The one-row table of the stamp. An index without it (written by an older tama-dex of
 * the same storage version, which reads past it) gets it on its next writing open, so the
 * storage version stays.
 */
const STAMP_TABLE = `
CREATE TABLE IF NOT EXISTS index_file (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  file TEXT NOT NULL,
  writes INTEGER NOT NULL
) STRICT;
INSERT OR IGNORE INTO index_file VALUES (1, '', 0);
`

/** A -wal this long holds its header only: no commit to replay. */
const WAL_HEADER_BYTES = 32

/** Adds the stamp's table to an index that lacks it, in a transaction of its own. */
export function ensureStampTable(db: SqliteDatabase): void {
  if (hasStampTable(db)) return
  db.exec('BEGIN IMMEDIATE')
  try {
    db.exec(STAMP_TABLE)
    db.exec('COMMIT')
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw error
  }
  flushWal(db)
}

/**
 * Makes every change of the installed cassettes through `db` also stamp `file` (the file
 * this connection opened) and count one more write: the count changes the stamp's page
 * even when the file is the same, so every such commit's pages in the -wal carry it.
 */
export function stampWrites(db: SqliteDatabase, file: FileIdentity): void {
  if (!hasStampTable(db)) return
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    db.exec(`CREATE TEMP TRIGGER stamp_${event.toLowerCase()} AFTER ${event} ON main.cassettes BEGIN
      UPDATE main.index_file SET file = '${stampOf(file)}', writes = writes + 1 WHERE id = 1;
    END`)
  }
}

/**
 * Folds every commit in the -wal into the index file and empties the -wal. A reader still
 * reading an older commit can keep it from finishing (a connection that does not wait
 * gives up at once), and so can a full disk: those commits then stay in the -wal,
 * committed and stamped, until the next write or the last connection's close folds them
 * in. So it never fails the write it follows, which is committed already.
 */
export function flushWal(db: SqliteDatabase): void {
  if (db.readonly) return
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
  } catch {
    // Left in the -wal: see above.
  }
}

/**
 * Refuses the index at `path` (the file `file`) when the -wal beside it holds commits that
 * were written to another file. The stamp read through the -wal is compared with the file
 * opened; when they differ (a file copied from elsewhere has another's stamp) it is
 * compared with the stamp the file holds alone, which a foreign -wal's commits hide.
 * Read through read-only connections only: a connection that can write may fold the -wal
 * into the file when it closes.
 */
export function refuseForeignWal(path: string, file: FileIdentity): void {
  if ((statSync(`${path}-wal`, {throwIfNoEntry: false})?.size ?? 0) <= WAL_HEADER_BYTES) return
  let throughWal: string | undefined
  try {
    throughWal = readStamp(openDatabase(path, {readonly: true, fileMustExist: true}))
  } catch {
    // Unreadable here (a folder SQLite cannot create the -shm in): the open itself says why.
    return
  }
  if (throughWal === undefined || throughWal === stampOf(file)) return
  if (throughWal === readStamp(privateCopy(path).db)) return
  throw new TamaError(
    'incompatible_file',
    `${path}-wal, beside the index ${path}, holds changes that were written to another file: the index was replaced or moved without its -wal while a process had the old one open. Reading it would mix two indexes, so nothing was read or changed. To keep those changes, put the old index back at ${path}; else remove ${path}-wal and ${path}-shm. Move an index only together with its -wal and -shm.`,
    {details: {code: 'FOREIGN_WAL'}},
  )
}

/**
 * The stamp `db` reads, or undefined when the index has none, or none that can be read (its
 * open then finds what else is wrong with it); closes `db`.
 */
function readStamp(db: SqliteDatabase): string | undefined {
  try {
    if (!hasStampTable(db)) return undefined
    // An index not yet written since it got its table has no stamp to compare.
    const row = db.prepare<{file: unknown}>("SELECT file FROM index_file WHERE id = 1 AND file <> ''").get()
    return typeof row?.file === 'string' ? row.file : undefined
  } catch {
    return undefined
  } finally {
    db.close()
  }
}

function hasStampTable(db: SqliteDatabase): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'index_file'").get() !== undefined
}

function stampOf(file: FileIdentity): string {
  return `${file.dev}:${file.ino}:${file.born}`
}
