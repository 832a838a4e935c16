import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {canonicalJson, sha256Hex} from '../../../src/core/cassette/format/canonical-json.js'
import {TamaError} from '../../../src/core/errors/tama-error.js'
import {parseDocumentText} from '../../../src/core/profile/index.js'
import {openDatabase} from '../../../src/core/sqlite/open-database.js'

/** Test documents, shared by the library and the CLI tests. */
const FIXTURES = fileURLToPath(new URL('../../fixtures/cassette/', import.meta.url))

export function fixture(name: string): string {
  return join(FIXTURES, name)
}

/** Parses fixture documents with the profile's parser, as the CLI does, each named by its file name. */
export function fixtureDocuments(...names: string[]): Array<{source: string; document: unknown}> {
  return names.map((name) => ({source: name, document: parseDocumentText(readFileSync(fixture(name)), name)}))
}

/** The TamaError `run` throws; fails the test when it throws nothing or something else. */
export function tamaError(run: () => unknown): TamaError {
  try {
    run()
  } catch (error) {
    if (error instanceof TamaError) return error
    throw error
  }
  throw new Error('expected a TamaError, but nothing was thrown')
}

/** A fresh temporary directory, removed by the returned function. */
export function temporaryDirectory(): {path: string; remove: () => void} {
  const path = mkdtempSync(join(tmpdir(), 'tama-cassette-'))
  return {path, remove: () => rmSync(path, {recursive: true, force: true})}
}

/** A way to turn a good cassette into a hostile or damaged one, deterministically. */
export interface Mutation {
  readonly name: string
  readonly mutate: (good: Uint8Array, dir: string) => Uint8Array
}

/** Runs SQL on an in-memory copy of the cassette and writes it out as a clean SQLite file. */
export function withSql(good: Uint8Array, dir: string, change: (db: ReturnType<typeof openDatabase>) => void): Uint8Array {
  const db = openDatabase(good)
  const out = join(dir, `mutated-${Math.random().toString(16).slice(2)}.sqlite`)
  try {
    change(db)
    db.prepare('VACUUM INTO ?').run(out)
  } finally {
    db.close()
  }
  const bytes = readFileSync(out)
  rmSync(out)
  return bytes
}

/** Overwrites bytes at an offset, e.g. a header field. */
export function patch(good: Uint8Array, offset: number, bytes: readonly number[]): Uint8Array {
  const copy = Buffer.from(good)
  copy.set(bytes, offset)
  return copy
}

/** Flips the lowest bit of the first byte of `target`, which must occur exactly once in the file. */
function flipByteOf(good: Uint8Array, target: string): Uint8Array {
  const copy = Buffer.from(good)
  const needle = Buffer.from(target, 'utf8')
  const at = copy.indexOf(needle)
  if (at < 0 || copy.indexOf(needle, at + 1) >= 0) throw new Error(`${target} must occur exactly once in the cassette`)
  copy[at] = copy[at]! ^ 1
  return copy
}

/**
 * Marks pets_delete as not destructive everywhere the prebuilt rows say it — the record
 * and the column — so that only re-deriving the rows from the documents can notice.
 */
export function hideDestructive(db: ReturnType<typeof openDatabase>): void {
  const row = db.prepare<{record: string}>("SELECT record FROM operations WHERE operation_id = 'pets_delete'").get()!
  const record = {...JSON.parse(row.record), destructive: false, confirmation: null}
  db.prepare("UPDATE operations SET destructive = 0, record = ? WHERE operation_id = 'pets_delete'").run(canonicalJson(record))
}

/**
 * Rewrites one embedded document with a correct SHA-256, renumbering the documents so
 * they stay in SHA-256 order: a consistent forgery only re-validation can notice.
 */
export function rewriteDocument(db: ReturnType<typeof openDatabase>, title: string, edit: (json: string) => string): void {
  const rows = db.prepare<{id: number; sha256: string; title: string; version: string; json: string}>('SELECT * FROM documents').all()
  const edited = rows.map((row) => (row.title === title ? {...row, json: edit(row.json), sha256: sha256Hex(edit(row.json))} : row))
  edited.sort((a, b) => (a.sha256 < b.sha256 ? -1 : 1))
  db.pragma('foreign_keys = OFF')
  db.exec('DELETE FROM documents')
  const renumber = db.prepare('UPDATE operations SET document_id = ? WHERE document_id = ?')
  // Through negative ids, so that no two documents share an id midway.
  for (const [index, row] of edited.entries()) renumber.run(-(index + 1), row.id)
  for (const [index, row] of edited.entries()) {
    renumber.run(index + 1, -(index + 1))
    db.prepare('INSERT INTO documents (id, sha256, title, version, json) VALUES (?, ?, ?, ?, ?)').run(index + 1, row.sha256, row.title, row.version, row.json)
  }
}

/**
 * Every hostile or damaged cassette a reader must refuse, with the reason it must give.
 * Built from a good cassette of pets.yaml and store.json.
 */
export const HOSTILE_CASSETTES: ReadonlyArray<{given: Mutation; want: {check: string; reason: RegExp}}> = [
  {
    given: {name: 'a view added', mutate: (good, dir) => withSql(good, dir, (db) => db.exec("CREATE VIEW v AS SELECT load_extension('/tmp/evil.so') AS x"))},
    want: {check: 'schema', reason: /unexpected view "v"/},
  },
  {
    given: {
      name: 'a trigger calling a function',
      mutate: (good, dir) => withSql(good, dir, (db) => db.exec("CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT load_extension('/tmp/evil.so'); END")),
    },
    want: {check: 'schema', reason: /unexpected trigger "t"/},
  },
  {
    given: {name: 'an extra table', mutate: (good, dir) => withSql(good, dir, (db) => db.exec('CREATE TABLE extra (x TEXT)'))},
    want: {check: 'schema', reason: /unexpected table "extra"/},
  },
  {
    given: {name: 'an index added', mutate: (good, dir) => withSql(good, dir, (db) => db.exec('CREATE INDEX by_path ON operations (path)'))},
    want: {check: 'schema', reason: /unexpected index "by_path"/},
  },
  {
    given: {
      name: 'the operations table replaced by a view',
      mutate: (good, dir) => withSql(good, dir, (db) => db.exec("DROP TABLE operations; CREATE VIEW operations AS SELECT load_extension('/tmp/evil.so') AS id")),
    },
    want: {check: 'schema', reason: /unexpected view "operations"/},
  },
  {
    given: {
      name: 'a table with a changed definition',
      mutate: (good, dir) => withSql(good, dir, (db) => db.exec('ALTER TABLE meta ADD COLUMN note TEXT')),
    },
    want: {check: 'schema', reason: /table "meta" is not defined as the spec says/},
  },
  {
    given: {name: 'one flipped byte in a stored record', mutate: (good) => flipByteOf(good, 'delete","operationId":"pets_delete"')},
    want: {check: 'records', reason: /operation row \d+ \("pets_delete"\): method does not match the record/},
  },
  {
    given: {
      name: 'a form part whose media type would add a header',
      mutate: (good, dir) =>
        withSql(good, dir, (db) => {
          const row = db.prepare<{record: string}>("SELECT record FROM operations WHERE operation_id = 'pets_create'").get()!
          const record = JSON.parse(row.record)
          const field = {style: 'form', explode: true, contentType: 'image/png\r\nX-Injected: 1', binary: true}
          record.body = {...record.body, contentType: 'multipart/form-data', encoding: {photo: field}}
          db.prepare("UPDATE operations SET record = ? WHERE operation_id = 'pets_create'").run(canonicalJson(record))
        }),
    },
    want: {check: 'records', reason: /operation row \d+ \("pets_create"\): the record is not an operation record \(\/body /},
  },
  {
    given: {name: 'one flipped byte in an embedded document', mutate: (good) => flipByteOf(good, 'Pets","version":"1.2.0"')},
    want: {check: 'documents', reason: /its JSON hashes to [0-9a-f]{64}, not to its recorded sha256/},
  },
  {
    given: {name: 'rows that disagree with the embedded documents', mutate: (good, dir) => withSql(good, dir, hideDestructive)},
    want: {check: 'derivation', reason: /the rows derived from the embedded documents differ from the stored rows in 1 row: operation row \d+ \("pets_delete"\): destructive differs/},
  },
  {
    given: {name: 'a meta count that lies', mutate: (good, dir) => withSql(good, dir, (db) => db.exec("UPDATE meta SET value = '4' WHERE key = 'operations'"))},
    want: {check: 'operations', reason: /meta says 4 operations but the table has 5\./},
  },
  {
    given: {name: 'a truncated file', mutate: (good) => good.subarray(0, good.length - 4096)},
    want: {check: 'header', reason: /truncated or padded/},
  },
  {given: {name: 'an empty file', mutate: () => new Uint8Array(0)}, want: {check: 'header', reason: /the file is empty/}},
  {
    // Not an API description either: that is recognised before verification (test/commands/wrong-file.test.ts).
    given: {name: 'a non-SQLite file', mutate: () => Buffer.from('plain text, not a cassette\n'.repeat(8))},
    want: {check: 'header', reason: /not a SQLite database/},
  },
  {
    given: {name: 'a wrong application_id', mutate: (good) => patch(good, 68, [0x00, 0x00, 0x00, 0x01])},
    want: {check: 'header', reason: /application_id is 0x00000001, not 0x54414d41/},
  },
  {
    given: {name: 'a newer format version', mutate: (good) => patch(good, 60, [0, 0, 0, 2])},
    want: {check: 'header', reason: /format version 2 is newer than this tama-dex reads \(1\): upgrade tama-dex/},
  },
  {
    given: {name: 'a damaged b-tree page', mutate: (good) => patch(good, good.length - 4096, [0xff, 0xff, 0xff, 0xff])},
    want: {check: 'integrity', reason: /quick_check found damage|malformed/},
  },
]
