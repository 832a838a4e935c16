import {execFileSync} from 'node:child_process'
import {closeSync, mkdirSync, openSync, readFileSync, ftruncateSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import Database from 'better-sqlite3'

import {canonicalJson} from '../../src/core/cassette/format/canonical-json.js'
import {MAX_CASSETTE_BYTES} from '../../src/core/cassette/index.js'
import type {ErrorKind} from '../../src/core/errors/tama-error.js'
import type {SqliteDatabase} from '../../src/core/sqlite/driver.js'
import {HOSTILE_CASSETTES, patch, withSql} from '../core/cassette/cassette-kit.js'

/** Text that only running something from a hostile file could put anywhere. */
export const MARKER = 'hostile-marker-5f0c9d'

/** How an import must take a hostile cassette: refused like verification, or installed from where the mode says. */
type ImportOutcome = 'refused' | 'installs the prebuilt rows' | 'installs what the documents say' | 'installs its intact rows'

export interface HostileCassette {
  readonly name: string
  /** The hostile bytes, made from a good cassette; or, for a file that is not a plain file, its path. */
  readonly make: (good: Uint8Array, dir: string) => Uint8Array | {readonly path: string}
  /** The check that must fail first, and the reason it must give ('read': refused before any check). */
  readonly check: string
  readonly reason: RegExp
  /** A pinned import (of the file's own digest unless `pin` says otherwise) and an unpinned one. */
  readonly pinned: ImportOutcome
  readonly unpinned: ImportOutcome | 'not applicable'
  /** The digest the host pins, when it is not the file's own. */
  readonly pin?: string
  /** The kind of a refused import, when not verification_failed (digest_mismatch for a digest). */
  readonly kind?: ErrorKind
  /** The reason a refused pinned import gives, when not `reason`: a copy checks the rows against the records in SQL. */
  readonly pinnedReason?: RegExp
}

/** What a pinned copy says of rows that do not say what their record says (docs/cassette-format.md#reading-a-cassette-safely). */
const ROWS_DISAGREE = /operation row \d+: its columns or search rows disagree with its record/

/** Kit cases whose rows agree with their records but not with the documents: verify finds them at `derivation`, a pinned copy at `search_rows`. */
const LYING_ROWS = new Set(['rows that disagree with the embedded documents'])

/** Edits a copy of the cassette file in place with schema writes allowed, as an attacker with SQLite would. */
function inPlace(good: Uint8Array, dir: string, change: (db: Database.Database) => void): Uint8Array {
  const path = join(dir, `in-place-${Math.random().toString(16).slice(2)}.sqlite`)
  writeFileSync(path, good)
  const db = new Database(path)
  try {
    db.unsafeMode(true)
    db.pragma('writable_schema = ON')
    change(db)
  } finally {
    db.close()
  }
  return readFileSync(path)
}

function rootPage(db: Database.Database, name: string): number {
  return (db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(name) as {rootpage: number}).rootpage
}

/** Rewrites the record of `operationId` (and, when `columns`, the columns it implies), keeping the file otherwise valid. */
function rewriteRecord(db: SqliteDatabase, operationId: string, edit: (record: Record<string, unknown>) => Record<string, unknown>, columns: boolean): void {
  const row = db.prepare('SELECT record FROM operations WHERE operation_id = ?').get(operationId) as {record: string}
  const record = edit(JSON.parse(row.record) as Record<string, unknown>)
  if (columns) db.prepare('UPDATE operations SET record = ?, scopes = ?, destructive = ? WHERE operation_id = ?').run(canonicalJson(record), canonicalJson(record.scopes), record.destructive === true ? 1 : 0, operationId)
  else db.prepare('UPDATE operations SET record = ? WHERE operation_id = ?').run(canonicalJson(record), operationId)
}

const fromKit: HostileCassette[] = HOSTILE_CASSETTES.map(({given, want}) => ({
  name: `kit: ${given.name}`,
  make: given.mutate,
  check: want.check,
  reason: want.reason,
  // Copy mode checks each row and search row against its own record; rebuild mode ignores the rows.
  // A copy reads no embedded document (it installs none; the pin covers their bytes).
  pinned: want.check === 'derivation' && !LYING_ROWS.has(given.name) ? 'installs the prebuilt rows' : want.check === 'documents' ? 'installs its intact rows' : 'refused',
  ...(LYING_ROWS.has(given.name) ? {pinnedReason: ROWS_DISAGREE} : {}),
  unpinned: want.check === 'records' || want.check === 'derivation' ? 'installs what the documents say' : 'refused',
}))

/**
 * Hostile and damaged cassettes beyond the cassette kit's: objects that would run code or
 * forge rows, schema records that lie about where tables are, header fields out of range,
 * rows that lie consistently or not, and files that are not plain files.
 */
export const HOSTILE: readonly HostileCassette[] = [
  ...fromKit,
  {
    name: 'a view forging operation rows',
    make: (good, dir) => withSql(good, dir, (db) => db.exec(`DROP TABLE operations; CREATE VIEW operations AS SELECT 1 AS id, '${MARKER}' AS operation_id`)),
    check: 'schema',
    reason: /unexpected view "operations"/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a trigger that would write into the file',
    make: (good, dir) => withSql(good, dir, (db) => db.exec(`CREATE TRIGGER forge AFTER UPDATE ON documents BEGIN INSERT INTO meta (key, value) VALUES ('${MARKER}', 'fired'); END`)),
    check: 'schema',
    reason: /unexpected trigger "forge"/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'an FTS5 table and its shadow tables',
    make: (good, dir) => withSql(good, dir, (db) => db.exec(`CREATE VIRTUAL TABLE f USING fts5 (x); INSERT INTO f VALUES ('${MARKER}')`)),
    check: 'schema',
    reason: /unexpected table "f_data";[^]*unexpected table "f"\./,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a virtual table of a module that does not exist',
    make: (good, dir) => inPlace(good, dir, (db) => db.exec("INSERT INTO sqlite_schema VALUES ('table', 'v', 'v', 0, 'CREATE VIRTUAL TABLE v USING no_such_module (x)')")),
    check: 'schema',
    reason: /unexpected table "v"/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'statistics tables from ANALYZE',
    make: (good, dir) => withSql(good, dir, (db) => db.exec('ANALYZE')),
    check: 'schema',
    reason: /unexpected table "sqlite_stat1"/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'an AUTOINCREMENT table and sqlite_sequence',
    make: (good, dir) => withSql(good, dir, (db) => db.exec('CREATE TABLE counter (id INTEGER PRIMARY KEY AUTOINCREMENT); INSERT INTO counter DEFAULT VALUES')),
    check: 'schema',
    reason: /unexpected table "counter"/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a table default that calls a function',
    make: (good, dir) =>
      inPlace(good, dir, (db) => db.exec("UPDATE sqlite_schema SET sql = 'CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL DEFAULT (load_extension(''x''))) STRICT, WITHOUT ROWID' WHERE name = 'meta'")),
    check: 'schema',
    reason: /table "meta" is not defined as the spec says/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'schema SQL that does not parse',
    make: (good, dir) => inPlace(good, dir, (db) => db.exec("UPDATE sqlite_schema SET sql = 'CREATE TABLE meta (' WHERE name = 'meta'")),
    check: 'schema',
    reason: /malformed database schema/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'the operations table pointed at the documents b-tree',
    make: (good, dir) => inPlace(good, dir, (db) => db.prepare("UPDATE sqlite_schema SET rootpage = ? WHERE name = 'operations'").run(rootPage(db, 'documents'))),
    check: 'integrity',
    reason: /2nd reference to page/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a table whose root page is far beyond the file',
    make: (good, dir) => inPlace(good, dir, (db) => db.exec("UPDATE sqlite_schema SET rootpage = 2147483647 WHERE name = 'operations'")),
    check: 'schema',
    reason: /invalid rootpage/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {name: 'a huge declared page count', make: (good) => patch(good, 28, [0xff, 0xff, 0xff, 0xff]), check: 'header', reason: /header says 4294967295 pages/, pinned: 'refused', unpinned: 'refused'},
  {name: 'only the 100-byte header', make: (good) => good.subarray(0, 100), check: 'header', reason: /truncated or padded/, pinned: 'refused', unpinned: 'refused'},
  {name: 'a page padded onto the end', make: (good) => Buffer.concat([good, Buffer.alloc(4096)]), check: 'header', reason: /truncated or padded/, pinned: 'refused', unpinned: 'refused'},
  {name: 'a 512-byte page size', make: (good) => patch(good, 16, [0x02, 0x00]), check: 'header', reason: /page size is 512/, pinned: 'refused', unpinned: 'refused'},
  {name: 'WAL mode in the header', make: (good) => patch(good, 18, [2, 2]), check: 'header', reason: /WAL mode/, pinned: 'refused', unpinned: 'refused'},
  {name: 'reserved bytes at the end of each page', make: (good) => patch(good, 20, [8]), check: 'header', reason: /8 bytes are reserved/, pinned: 'refused', unpinned: 'refused'},
  {name: 'a UTF-16 text encoding', make: (good) => patch(good, 56, [0, 0, 0, 2]), check: 'header', reason: /not UTF-8/, pinned: 'refused', unpinned: 'refused'},
  {name: 'a stale page count', make: (good) => patch(good, 92, [0x7f, 0, 0, 0]), check: 'header', reason: /page count is stale/, pinned: 'refused', unpinned: 'refused'},
  {name: 'free pages declared', make: (good) => patch(good, 36, [0, 0, 0, 1]), check: 'header', reason: /1 free pages/, pinned: 'refused', unpinned: 'refused'},
  // Read from a file, an index is recognised and named before verification starts.
  {
    name: 'a host index passed off as a cassette',
    make: (good) => patch(good, 68, [0x54, 0x44, 0x49, 0x58]),
    check: 'header',
    reason: /application_id is 0x54444958|is a tama-dex index, not a cassette/,
    kind: 'usage',
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a meta name that is SQL',
    make: (good, dir) => withSql(good, dir, (db) => db.exec("UPDATE meta SET value = 'x''; DROP TABLE cassettes; --' WHERE key = 'name'")),
    check: 'meta',
    reason: /meta name is "x'; DROP TABLE cassettes; --"; it must be a cassette name/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'an extra meta key',
    make: (good, dir) => withSql(good, dir, (db) => db.exec("INSERT INTO meta VALUES ('owner', 'someone')")),
    check: 'meta',
    reason: /meta has the keys/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'two operation rows with one operationId',
    make: (good, dir) => withSql(good, dir, (db) => db.exec("UPDATE operations SET operation_id = 'orders_get' WHERE operation_id = 'orders_list'")),
    check: 'operations',
    reason: /not in operationId order or repeats an id/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a document row out of order',
    make: (good, dir) => withSql(good, dir, (db) => db.exec('PRAGMA foreign_keys = OFF; UPDATE documents SET id = 9 WHERE id = 2')),
    check: 'documents',
    reason: /has id 9: ids must be 1..2 in order/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a record that says destructive where its column does not',
    make: (good, dir) => withSql(good, dir, (db) => rewriteRecord(db, 'pets_list', (record) => ({...record, destructive: true}), false)),
    check: 'records',
    reason: /operation row \d+ \("pets_list"\): destructive does not match the record/,
    pinned: 'refused',
    unpinned: 'installs what the documents say',
  },
  {
    name: 'a record whose text is not UTF-8',
    make: (good, dir) =>
      withSql(good, dir, (db) => {
        const at = `instr(record, '"summary":"') + 10`
        db.exec(`UPDATE operations SET record = CAST(substr(CAST(record AS BLOB), 1, ${at}) || X'FF' || substr(CAST(record AS BLOB), ${at} + 1) AS TEXT) WHERE operation_id = 'pets_list'`)
      }),
    check: 'derivation',
    reason: /operation row \d+ \("pets_list"\)/,
    pinned: 'refused',
    pinnedReason: /operation row \d+ \("pets_list"\): the record is not UTF-8 text/,
    unpinned: 'installs what the documents say',
  },
  {
    name: 'rows that consistently drop the scopes an operation needs',
    make: (good, dir) => withSql(good, dir, (db) => rewriteRecord(db, 'pets_delete', (record) => ({...record, scopes: []}), true)),
    check: 'derivation',
    reason: /operation row \d+ \("pets_delete"\): scopes differs/,
    // The search rows keep the scopes the documents give: a copy refuses records that drop them.
    pinned: 'refused',
    pinnedReason: ROWS_DISAGREE,
    unpinned: 'installs what the documents say',
  },
  ...[
    {name: 'search rows that hide a confirmation rule', confirmation: null},
    {name: 'search rows whose confirmation search cannot parse', confirmation: 'not JSON'},
    {name: 'search rows whose confirmation says more than the rule', confirmation: JSON.stringify({when: 'always', echo: 'name', message: 'Removing a pet cannot be undone.', marker: MARKER})},
  ].map(({name, confirmation}): HostileCassette => ({
    name,
    make: (good, dir) => withSql(good, dir, (db) => db.prepare("UPDATE search_operations SET confirmation = ? WHERE operation_id = 'pets_delete'").run(confirmation)),
    check: 'search_rows',
    reason: /search_operations row \d+: confirmation differs/,
    // What results show of a confirmation rule must be the record's, which execute enforces.
    pinned: 'refused',
    pinnedReason: ROWS_DISAGREE,
    unpinned: 'refused',
  })),
  {
    name: 'a digest that is not the pinned one',
    make: (good) => good,
    pin: 'e'.repeat(64),
    check: 'digest',
    reason: /not the pinned e{64}/,
    kind: 'digest_mismatch',
    pinned: 'refused',
    unpinned: 'not applicable',
  },
  {
    name: 'a FIFO no one writes to',
    make: (_good, dir) => {
      const path = join(dir, `fifo-${Math.random().toString(16).slice(2)}`)
      execFileSync('mkfifo', [path])
      return {path}
    },
    check: 'read',
    reason: /Not a regular file \(a FIFO\)/,
    kind: 'usage',
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a file larger than any cassette may be',
    make: (_good, dir) => {
      // Sparse: the size is claimed without the disk space.
      const path = join(dir, `oversized-${Math.random().toString(16).slice(2)}.tama-cassette`)
      const fd = openSync(path, 'w')
      ftruncateSync(fd, MAX_CASSETTE_BYTES + 1)
      closeSync(fd)
      return {path}
    },
    check: 'read',
    reason: /more than a cassette may be/,
    pinned: 'refused',
    unpinned: 'refused',
  },
  {
    name: 'a directory',
    make: (_good, dir) => {
      const path = join(dir, `directory-${Math.random().toString(16).slice(2)}.tama-cassette`)
      mkdirSync(path)
      return {path}
    },
    check: 'read',
    reason: /Not a regular file \(a directory\)/,
    kind: 'usage',
    pinned: 'refused',
    unpinned: 'refused',
  },
]
