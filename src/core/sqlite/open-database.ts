import Database from 'better-sqlite3'

import type {SqliteDatabase} from './driver.js'

export interface OpenDatabaseOptions {
  /** Open read-only (for a buffer: deserialize it read-only). */
  readonly readonly?: boolean
  /** Fail instead of creating the file when it does not exist. */
  readonly fileMustExist?: boolean
}

/**
 * The one place a better-sqlite3 connection is constructed. A path (or ':memory:') opens
 * a file; bytes are deserialized into a private in-memory database, so the file they came
 * from is never opened again.
 */
export function openDatabase(pathOrBytes: string | Uint8Array, options: OpenDatabaseOptions = {}): SqliteDatabase {
  const target = typeof pathOrBytes === 'string' ? pathOrBytes : asBuffer(pathOrBytes)
  const db = new Database(target, {readonly: options.readonly ?? false, fileMustExist: options.fileMustExist ?? false})
  // better-sqlite3's Transaction<F> is F plus the deferred/immediate/exclusive variants, so
  // it satisfies the narrow interface at run time; its typing just cannot express that.
  return db as unknown as SqliteDatabase
}

let libraryVersion: string | undefined

/** The version of the SQLite library linked into better-sqlite3, e.g. "3.53.0". */
export function sqliteLibraryVersion(): string {
  if (libraryVersion === undefined) {
    const db = openDatabase(':memory:')
    try {
      libraryVersion = db.prepare<{version: string}>('SELECT sqlite_version() AS version').get()!.version
    } finally {
      db.close()
    }
  }
  return libraryVersion
}

// better-sqlite3 only deserializes a Buffer; view the same memory instead of copying it.
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
