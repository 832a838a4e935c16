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
 * The `unwritable` TamaError for a failure to write `path` (a full disk, a read-only file
 * or folder), or undefined when `error` is some other failure. `what` names the file for
 * the user ("the index", "the cassette"); the message says what was left unchanged.
 */
export function unwritableFailure(error: unknown, path: string, what: string): TamaError | undefined {
  const code = (error as {code?: unknown} | null)?.code
  if (typeof code !== 'string') return undefined
  const reason = UNWRITABLE.get(code) ?? (code.startsWith('SQLITE_READONLY') ? UNWRITABLE.get('SQLITE_READONLY') : undefined)
  if (reason === undefined) return undefined
  return new TamaError('unwritable', `Cannot write ${what} ${path}: ${reason}. Nothing was changed.`, {details: {code}, cause: error})
}
