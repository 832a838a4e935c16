import {type BigIntStats, readFileSync, statSync} from 'node:fs'

import {TamaError} from '../errors/index.js'
import {type SqliteDatabase, openDatabase} from '../sqlite/index.js'

/**
 * Which file a path named when it was opened: its device, inode and birth time (0 where the
 * file system keeps none), which tells a new file apart from a deleted one whose inode it reuses.
 */
export interface FileIdentity {
  readonly dev: bigint
  readonly ino: bigint
  readonly born: bigint
  /** For an index read from a private copy: the file's change time then, since the copy misses any later write. */
  readonly copied?: bigint
}

export function fileIdentity(path: string): FileIdentity | null {
  const stats = statSync(path, {bigint: true, throwIfNoEntry: false})
  return stats === undefined ? null : {dev: stats.dev, ino: stats.ino, born: stats.birthtimeNs}
}

/** Whether `path` still names the file `opened` (not deleted, not replaced by another file, and not written since it was copied). */
export function stillNames(path: string, opened: FileIdentity): boolean {
  const now = statSync(path, {bigint: true, throwIfNoEntry: false})
  if (now === undefined || now.dev !== opened.dev || now.ino !== opened.ino || now.birthtimeNs !== opened.born) return false
  return opened.copied === undefined || now.ctimeNs === opened.copied
}

/**
 * A private read-only copy in memory of the index file alone, without its -wal: nothing can
 * write it, and it needs no file beside the index.
 */
export function privateCopy(path: string): {db: SqliteDatabase; file: FileIdentity} {
  const {bytes, stats} = steadyBytes(path)
  return {db: openDatabase(rollbackJournalCopy(bytes), {readonly: true}), file: {dev: stats.dev, ino: stats.ino, born: stats.birthtimeNs, copied: stats.ctimeNs}}
}

/** Times the file is read again when it changed while being read. */
const COPY_ATTEMPTS = 3

/** The file's bytes, read while nothing wrote it: its size and change time are the same before and after. */
function steadyBytes(path: string): {bytes: Buffer; stats: BigIntStats} {
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
    const before = statSync(path, {bigint: true})
    const bytes = readFileSync(path)
    const after = statSync(path, {bigint: true})
    if (before.ino === after.ino && before.size === after.size && before.ctimeNs === after.ctimeNs && BigInt(bytes.length) === after.size) return {bytes, stats: after}
  }
  throw new TamaError('not_ready', `The index ${path} was being written each time it was read. Try again once the install under way has finished.`)
}

/** The bytes of an index marked as not in WAL mode, which an in-memory database cannot read. */
function rollbackJournalCopy(bytes: Buffer): Buffer {
  // Header bytes 18 and 19 are the file format read and write versions: 2 is WAL, 1 legacy.
  if (bytes.length >= 100 && bytes[18] === 2) bytes[18] = bytes[19] = 1
  return bytes
}
