import {existsSync, statfsSync} from 'node:fs'
import {dirname} from 'node:path'

import {TamaError} from './tama-error.js'

/** errno and SQLite result codes that mean "cannot be written here", and what to tell the user. */
const UNWRITABLE: ReadonlyMap<string, string> = new Map([
  ['ENOSPC', 'the disk is full: free some space'],
  ['EDQUOT', 'the disk quota is used up: free some space'],
  ['SQLITE_FULL', 'the disk is full: free some space'],
  ['EROFS', 'it is on a read-only file system: choose a writable location'],
  ['SQLITE_READONLY', 'it is read-only: make it and its folder writable, or choose another location'],
  ['SQLITE_READONLY_DIRECTORY', 'its folder is read-only: make the folder writable, or choose another location'],
  ['SQLITE_READONLY_DBMOVED', 'it was moved or deleted while open: open it again'],
  ['EACCES', 'permission is denied: make it and its folder writable, or choose another location'],
  ['EPERM', 'permission is denied: make it and its folder writable, or choose another location'],
])

/**
 * Below this many free bytes a file system counts as full. SQLite reports a write it has no
 * room for as a bare I/O error when it is not a page of the database (its 32 KiB -shm, say).
 */
const FULL_DISK_BYTES = 1024 * 1024

/**
 * The `unwritable` TamaError for a failure to write `path` (a full disk, a read-only file
 * or folder), or undefined when `error` is some other failure. `what` names the file for
 * the user ("the index", "the cassette"); the message says what was left unchanged.
 */
export function unwritableFailure(error: unknown, path: string, what: string): TamaError | undefined {
  const code = (error as {code?: unknown} | null)?.code
  if (typeof code !== 'string') return undefined
  const reason = UNWRITABLE.get(code) ?? (code.startsWith('SQLITE_READONLY') ? UNWRITABLE.get('SQLITE_READONLY') : undefined) ?? (isNoRoom(code, path) ? UNWRITABLE.get('ENOSPC') : undefined)
  if (reason === undefined) return undefined
  return new TamaError('unwritable', `Cannot write ${what} ${path}: ${reason}. Nothing was changed.`, {details: {code}, cause: error})
}

/** Whether an I/O error at `path` is the file system having no room left. */
export function isNoRoom(code: string, path: string): boolean {
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return true
  if (!code.startsWith('SQLITE_IOERR') || path === ':memory:') return false
  let at = path
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at)
  try {
    const {bavail, bsize} = statfsSync(at)
    return bavail * bsize < FULL_DISK_BYTES
  } catch {
    return false
  }
}
