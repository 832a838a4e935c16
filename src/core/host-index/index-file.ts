import {readFileSync, statSync} from 'node:fs'

import {TamaError} from '../errors/index.js'
import {type SqliteDatabase, openDatabase} from '../sqlite/index.js'

/** Which file a path named when it was opened: its device and inode. */
export interface FileIdentity {
  readonly dev: number
  readonly ino: number
}

export function fileIdentity(path: string): FileIdentity | null {
  const stats = statSync(path, {throwIfNoEntry: false})
  return stats === undefined ? null : {dev: stats.dev, ino: stats.ino}
}

/** Whether `path` still names the file `opened` (not deleted, not replaced by another file). */
export function stillNames(path: string, opened: FileIdentity): boolean {
  const now = statSync(path, {throwIfNoEntry: false})
  return now !== undefined && now.dev === opened.dev && now.ino === opened.ino
}

/**
 * A private read-only copy in memory of the index file alone, without its -wal: nothing can
 * write it, and it needs no file beside the index.
 */
export function privateCopy(path: string): SqliteDatabase {
  return openDatabase(rollbackJournalCopy(steadyBytes(path)), {readonly: true})
}

/** Times the file is read again when it changed while being read. */
const COPY_ATTEMPTS = 3

/** The file's bytes, read while nothing wrote it: its size and change time are the same before and after. */
function steadyBytes(path: string): Buffer {
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
    const before = statSync(path, {bigint: true})
    const bytes = readFileSync(path)
    const after = statSync(path, {bigint: true})
    if (before.ino === after.ino && before.size === after.size && before.ctimeNs === after.ctimeNs && BigInt(bytes.length) === after.size) return bytes
  }
  throw new TamaError('not_ready', `The index ${path} was being written each time it was read. Try again once the install under way has finished.`)
}

/** The bytes of an index marked as not in WAL mode, which an in-memory database cannot read. */
function rollbackJournalCopy(bytes: Buffer): Buffer {
  // Header bytes 18 and 19 are the file format read and write versions: 2 is WAL, 1 legacy.
  if (bytes.length >= 100 && bytes[18] === 2) bytes[18] = bytes[19] = 1
  return bytes
}
