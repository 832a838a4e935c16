// The limits alone, so a copying install does not load the profile's validation.
import {LIMITS, PROFILE} from '../../profile/limits.js'
import {type SqliteDatabase, openDatabase} from '../../sqlite/index.js'
import {CASSETTE_FORMAT, CASSETTE_TABLES, type CassetteMeta, META_KEYS, type MetaKey, OPERATION_COLUMNS, OPTIONAL_META_KEYS, type OperationRow, SEARCH_TABLE_SQL, SEMVER_PATTERN, checkHeader, isCassetteName, isCassetteVersion, sha256Hex} from '../format/index.js'
import {SEARCH_DATA_HASH, SEARCH_TABLE_PREFIX, type SearchRows, readSearchRows, searchRowsProblems} from '../../search/index.js'
import {CheckFailure, listed} from './check-failure.js'
import type {Checklist} from './checklist.js'
import {type RecordSaying, type RecordSplit, checkCopiedRecords} from './copied-records.js'
import type {DocumentRow} from '../write/index.js'
import {compareCodeUnits, count, quote} from '../../text/index.js'

/** The rows of a cassette whose structure has been checked; nothing in them is trusted yet. */
export interface StoredCassette {
  readonly meta: CassetteMeta
  readonly documents: readonly DocumentRow[]
  readonly operations: readonly OperationRow[]
  /**
   * The search rows, read only when tagged with this host's search data: as stored, or what
   * keeps them from being copied; null when the cassette has none for this host.
   */
  readonly searchRows: {readonly rows: SearchRows} | {readonly problems: readonly string[]} | null
  /**
   * True when the caller asked for a copy and the search rows can be copied with SQL: the
   * documents' JSON and the records' schemas were then not read into JavaScript, and
   * `searchRows` holds no rows, only their bounds were read.
   */
  readonly copyable: boolean
  /** For a copyable cassette, where each record's input schema is cut out of it (checkCopiedRecords); else empty. */
  readonly recordSplits: readonly RecordSplit[]
}

export interface ReadStoredOptions {
  /** The caller pinned the file and copies its search rows when they are this host's: read nothing else. */
  readonly copy?: boolean
}


const MIB = 1024 * 1024
const DECIMAL_COUNT = /^(0|[1-9][0-9]{0,8})$/
const SHA256_HEX = /^[0-9a-f]{64}$/

/**
 * Reads a cassette from its bytes through the structural checks, in an order that never
 * lets the file run code: the header is checked before SQLite sees the bytes; the
 * in-memory copy is opened read-only and hardened before anything but `sqlite_schema` is
 * read; the schema must be exactly the spec's three tables and plain search-rows tables
 * (no view, trigger, index or other object can exist, so none is ever touched) before
 * `quick_check` and before any row is read. With `copy`, a cassette whose search rows are
 * this host's reads no document's JSON, bounds each record in one scan of its text and
 * parses it without its schemas (checkCopiedRecords), and has its search rows checked in
 * SQL (their bounds, and that they say what each row and record says). Returns undefined
 * when a check failed (see the checklist).
 */
export function readStoredCassette(bytes: Uint8Array, checklist: Checklist, options: ReadStoredOptions = {}): StoredCassette | undefined {
  const header = checklist.run('header', () => {
    const result = checkHeader(bytes)
    if ('reason' in result) throw new CheckFailure(result.reason)
    return {value: result, detail: `SQLite 3, application_id "TAMA", format version ${result.formatVersion}, ${count(result.pages, 'page')} of 4096 bytes, UTF-8.`}
  })
  if (header === undefined) return undefined
  const db = checklist.run('schema', () => openChecked(bytes))
  if (db === undefined) return undefined
  try {
    if (checklist.run('integrity', () => checkIntegrity(db)) === undefined) return undefined
    const meta = checklist.run('meta', () => readMeta(db))
    if (meta === undefined) return undefined
    const copying = options.copy === true && meta.searchData === SEARCH_DATA_HASH
    const documents = checklist.run('documents', () => readDocuments(db, meta, !copying))
    const operations = checklist.run('operations', () => readOperations(db, meta, !copying))
    if (documents === undefined || operations === undefined) return undefined
    if (copying) {
      // Pinned is not unbounded: each record is held to the document limits and the shape of
      // a record first, in SQL and one scan of its text (docs/cassette-format.md, check 8).
      const records = checklist.run('records', () => checkCopiedRecords(db, operations))
      if (records === undefined) return undefined
      const searchRows = readSearchRowsOf(db, meta, records.sayings)
      const copyable = checklist.run('search_rows', () => {
        if ('problems' in searchRows) throw new CheckFailure(`the search rows cannot be copied: ${listed(searchRows.problems)}.`)
        return {value: true, detail: `search rows of search data ${meta.searchData}, this tama-dex's: ${count(meta.operations, 'operation')}, within the profile's limits, copied as they are.`}
      })
      if (copyable === undefined) return undefined
      return {meta, documents, operations, searchRows, copyable: true, recordSplits: records.splits}
    }
    const searchRows = meta.searchData === SEARCH_DATA_HASH ? readSearchRowsOf(db, meta, null) : null
    return {meta, documents, operations, searchRows, copyable: false, recordSplits: []}
  } finally {
    db.close()
  }
}

function openChecked(bytes: Uint8Array): {value: SqliteDatabase; detail: string} {
  const db = openDatabase(bytes, {readonly: true})
  try {
    // Before anything else: functions with side effects are refused in schema code,
    // page cells are bounds-checked, and the connection cannot write.
    db.pragma('trusted_schema = OFF')
    db.pragma('cell_size_check = ON')
    db.pragma('query_only = ON')
    checkSchema(db)
    return {value: db, detail: `exactly the tables ${CASSETTE_TABLES.map((table) => table.name).join(', ')} as ${CASSETTE_FORMAT} defines them, and plain search-rows tables; nothing else.`}
  } catch (error) {
    db.close()
    throw error
  }
}

function checkSchema(db: SqliteDatabase): void {
  const entries = db.prepare<{type: string; name: string; tableName: string; sql: string | null}>('SELECT type, name, tbl_name AS tableName, sql FROM sqlite_schema').all()
  const findings: string[] = []
  for (const entry of entries) {
    const expected = CASSETTE_TABLES.find((table) => table.name === entry.name)
    if (entry.type === 'table' && entry.name.startsWith(SEARCH_TABLE_PREFIX) && entry.tableName === entry.name && SEARCH_TABLE_SQL.test(entry.sql ?? '')) continue
    if (expected === undefined || entry.type !== 'table') findings.push(`unexpected ${entry.type} ${quote(entry.name)}`)
    else if (entry.tableName !== expected.name || entry.sql !== expected.sql) findings.push(`table ${quote(entry.name)} is not defined as the spec says`)
  }
  for (const table of CASSETTE_TABLES) {
    if (!entries.some((entry) => entry.name === table.name)) findings.push(`table ${quote(table.name)} is missing`)
  }
  if (findings.length > 0) throw new CheckFailure(`the schema is not ${CASSETTE_FORMAT}'s: ${listed(findings)}. Nothing else in the file was read, and nothing in it was run.`)
}

/**
 * The search rows' bounds (searchRowsProblems), then, unless only copied, the rows
 * themselves. For a copy (`sayings`: what its checked records say), nothing but counts,
 * lengths, summaries and confirmation columns reaches JavaScript.
 */
function readSearchRowsOf(db: SqliteDatabase, meta: CassetteMeta, sayings: readonly RecordSaying[] | null): NonNullable<StoredCassette['searchRows']> {
  try {
    return checkedSearchRows(db, meta, sayings)
  } catch (error) {
    // A hostile file can make SQLite itself refuse a row (malformed JSON): that is a finding too.
    return {problems: [`they cannot be checked: ${error instanceof Error ? error.message : String(error)}`]}
  }
}

function checkedSearchRows(db: SqliteDatabase, meta: CassetteMeta, sayings: readonly RecordSaying[] | null): NonNullable<StoredCassette['searchRows']> {
  const sql = new Map(db.prepare<{name: string; sql: string}>("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").all().map((row) => [row.name, row.sql]))
  const problems = meta.operations > LIMITS.operations ? [`the cassette says it has ${meta.operations} operations, more than a document may have (${LIMITS.operations})`] : searchRowsProblems(db, sql, meta.operations, LIMITS.documentBytes)
  if (problems.length > 0) return {problems}
  if (sayings === null) return {rows: readSearchRows(db)}
  // The rows a copy takes must say what each record says where it decides who sees and what
  // runs: the operation, whether it is destructive, its scopes (the operations columns, which
  // the records check found to be the record's), and what results show of it: its summary and
  // its confirmation rule, which search parses.
  // (Only for a copy: otherwise the rows and records are derived again and compared.)
  const disagreeing = db.prepare<{id: number}>(ROWS_DISAGREEING).get()?.id ?? sayingDisagreeing(db, sayings)
  if (disagreeing !== undefined) problems.push(`operation row ${disagreeing}: its columns or search rows disagree with its record (operation id, destructive, scopes, summary or confirmation)`)
  return problems.length > 0 ? {problems} : {rows: new Map()}
}

/** The first operation whose search row's summary or confirmation is not its record's. */
function sayingDisagreeing(db: SqliteDatabase, recorded: readonly RecordSaying[]): number | undefined {
  const rows = db.prepare<{id: number; summary: unknown; confirmation: unknown}>(`SELECT id, summary, confirmation FROM ${SEARCH_TABLE_PREFIX}operations ORDER BY id`).all()
  return rows.find((row, index) => row.id !== index + 1 || row.summary !== recorded[index]!.summary || row.confirmation !== recorded[index]!.confirmation)?.id
}

function checkIntegrity(db: SqliteDatabase): {value: true; detail: string} {
  const results = (db.pragma('quick_check') as Array<{quick_check: string}>).map((row) => row.quick_check)
  if (results.length !== 1 || results[0] !== 'ok') throw new CheckFailure(`SQLite quick_check found damage: ${listed(results.map(quote))}.`)
  return {value: true, detail: 'SQLite quick_check: ok.'}
}

function readMeta(db: SqliteDatabase): {value: CassetteMeta; detail: string} {
  const rows = db.prepare<{key: unknown; value: unknown}>('SELECT key, value FROM meta ORDER BY key').all()
  const values = new Map<string, string>()
  for (const {key, value} of rows) {
    if (typeof key !== 'string' || typeof value !== 'string') throw new CheckFailure('a meta row is not text.')
    values.set(key, value)
  }
  const keys = [...values.keys()]
  const required = META_KEYS.filter((key) => !OPTIONAL_META_KEYS.has(key))
  const exactly = (wanted: readonly string[]) => keys.length === wanted.length && keys.every((key, index) => key === wanted[index])
  if (!exactly(META_KEYS) && !exactly(required)) {
    throw new CheckFailure(`meta has the keys ${listed(keys.map(quote))}; ${CASSETTE_FORMAT} requires exactly ${META_KEYS.join(', ')} (${[...OPTIONAL_META_KEYS].join(', ')} only in a cassette with search rows).`)
  }
  const get = (key: MetaKey) => values.get(key)!
  const expect = (key: MetaKey, ok: boolean, want: string) => {
    if (!ok) throw new CheckFailure(`meta ${key} is ${quote(get(key))}; it must be ${want}.`)
  }
  expect('format', get('format') === CASSETTE_FORMAT, quote(CASSETTE_FORMAT))
  expect('name', isCassetteName(get('name')), 'a cassette name (lower-case letters, digits and _)')
  expect('version', isCassetteVersion(get('version')), 'a semantic version')
  expect('profile', get('profile') === PROFILE, quote(PROFILE))
  expect('tama_dex_version', isCassetteVersion(get('tama_dex_version')), 'a semantic version')
  expect('sqlite_version', SEMVER_PATTERN.test(get('sqlite_version')), 'a SQLite version such as 3.53.0')
  const searchData = values.get('search_data') ?? null
  if (searchData !== null) expect('search_data', SHA256_HEX.test(searchData), '64 lower-case hex digits')
  expect('documents', DECIMAL_COUNT.test(get('documents')), 'a count')
  expect('operations', DECIMAL_COUNT.test(get('operations')), 'a count')
  const meta: CassetteMeta = {
    format: get('format'),
    name: get('name'),
    version: get('version'),
    profile: get('profile'),
    tamaDexVersion: get('tama_dex_version'),
    sqliteVersion: get('sqlite_version'),
    documents: Number(get('documents')),
    operations: Number(get('operations')),
    searchData,
  }
  return {value: meta, detail: `${meta.format} ${meta.name} ${meta.version}, built by tama-dex ${meta.tamaDexVersion} with SQLite ${meta.sqliteVersion}.`}
}

/**
 * The documents rows, each document's JSON hashed against its recorded SHA-256. A copy
 * (`read` false) installs no document and its pinned digest covers their bytes: it checks
 * the rows but reads no JSON (each `json` is then empty).
 */
function readDocuments(db: SqliteDatabase, meta: CassetteMeta, read: boolean): {value: DocumentRow[]; detail: string} {
  refuseOversized(db, 'documents', 'json', oversizedDocument)
  const json = read ? 'json' : "CASE typeof(json) WHEN 'text' THEN '' END AS json"
  const rows = db.prepare<Record<keyof DocumentRow, unknown>>(`SELECT id, sha256, title, version, ${json} FROM documents ORDER BY id`).all()
  if (rows.length === 0) throw new CheckFailure('the cassette has no documents.')
  if (rows.length !== meta.documents) throw new CheckFailure(`meta says ${count(meta.documents, 'document')} but the table has ${rows.length}.`)
  const documents: DocumentRow[] = []
  for (const [index, row] of rows.entries()) {
    const {id, sha256, title, version, json} = row
    const where = `document row ${index + 1}`
    if (id !== index + 1) throw new CheckFailure(`${where} has id ${String(id)}: ids must be 1..${rows.length} in order.`)
    if (typeof sha256 !== 'string' || !SHA256_HEX.test(sha256)) throw new CheckFailure(`${where}: sha256 is not 64 lower-case hex digits.`)
    if (typeof title !== 'string' || typeof version !== 'string' || typeof json !== 'string') throw new CheckFailure(`${where}: title, version and json must be text.`)
    const previous = documents[index - 1]
    if (previous !== undefined && compareCodeUnits(previous.sha256, sha256) >= 0) throw new CheckFailure(`${where} is not in SHA-256 order or repeats a document.`)
    const actual = read ? sha256Hex(json) : undefined
    if (actual !== undefined && actual !== sha256) throw new CheckFailure(`${where}: its JSON hashes to ${actual}, not to its recorded sha256 ${sha256}. The document was changed.`)
    documents.push({id, sha256, title, version, json})
  }
  if (!read) return {value: documents, detail: `${count(documents.length, 'embedded document')}, not read: a copy installs none, and the pinned digest covers their bytes.`}
  return {value: documents, detail: `${count(documents.length, 'embedded document')}, each matching its recorded SHA-256.`}
}

/**
 * The operations rows. A copy (`read` false) reads each record's text only in its records
 * check (checkCopiedRecords): `record` is then empty here, once found to be text.
 */
function readOperations(db: SqliteDatabase, meta: CassetteMeta, read: boolean): {value: OperationRow[]; detail: string} {
  refuseOversized(db, 'operations', 'record', oversizedRecord)
  const select = OPERATION_COLUMNS.map(([key, column]) => (key === 'record' && !read ? "CASE typeof(record) WHEN 'text' THEN '' END AS record" : key === column ? column : `${column} AS ${key}`)).join(', ')
  const rows = db.prepare<Record<keyof OperationRow, unknown>>(`SELECT ${select} FROM operations ORDER BY id`).all()
  if (rows.length !== meta.operations) throw new CheckFailure(`meta says ${count(meta.operations, 'operation')} but the table has ${rows.length}.`)
  const operations: OperationRow[] = []
  for (const [index, row] of rows.entries()) {
    const where = `operation row ${index + 1}`
    if (row.id !== index + 1) throw new CheckFailure(`${where} has id ${String(row.id)}: ids must be 1..${rows.length} in order.`)
    if (!isOperationRow(row)) throw new CheckFailure(`${where}: a column has the wrong type.`)
    if (!Number.isInteger(row.documentId) || row.documentId < 1 || row.documentId > meta.documents) {
      throw new CheckFailure(`${where} names document ${row.documentId}, which does not exist.`)
    }
    if (row.destructive !== 0 && row.destructive !== 1) throw new CheckFailure(`${where}: destructive must be 0 or 1.`)
    const previous = operations[index - 1]
    if (previous !== undefined && compareCodeUnits(previous.operationId, row.operationId) >= 0) {
      throw new CheckFailure(`${where} (${quote(row.operationId)}) is not in operationId order or repeats an id.`)
    }
    operations.push(row)
  }
  return {value: operations, detail: `${count(operations.length, 'operation row')}, numbered and ordered by unique operationId.`}
}

/**
 * Throws when a JSON column of some row is larger than a document may be, measured by
 * SQLite before the text is read: such a value is never read, let alone parsed.
 */
function refuseOversized(db: SqliteDatabase, table: 'documents' | 'operations', column: 'json' | 'record', message: (row: number, size: string) => string): void {
  const first = db.prepare<{id: number; bytes: number}>(`SELECT id, octet_length(${column}) AS bytes FROM ${table} WHERE octet_length(${column}) > ? ORDER BY id LIMIT 1`).get(LIMITS.documentBytes)
  if (first !== undefined) throw new CheckFailure(message(first.id, `${(first.bytes / MIB).toFixed(1)} MiB`))
}

/** The first operation whose search rows say otherwise than its row, in SQL. */
const ROWS_DISAGREEING = `
SELECT o.id FROM operations o
JOIN search_operations s ON s.id = o.id
JOIN search_operation_scope_sets ss ON ss.id = s.scope_set
WHERE s.operation_id IS NOT o.operation_id OR s.destructive IS NOT o.destructive
  OR ss.scopes IS NOT (SELECT json_group_array(value) FROM (SELECT DISTINCT value FROM json_each(o.scopes) ORDER BY value))
ORDER BY o.id LIMIT 1`

function oversizedDocument(row: number, size: string): string {
  return `document row ${row} is ${size} of JSON; a document may be at most ${LIMITS.documentBytes / MIB} MiB (docs/profile.md#limits). It was not parsed.`
}

function oversizedRecord(row: number, size: string): string {
  return `operation row ${row}'s record is ${size} of JSON; no record can be larger than a document (${LIMITS.documentBytes / MIB} MiB). It was not parsed.`
}

function isOperationRow(row: Record<keyof OperationRow, unknown>): row is OperationRow {
  return OPERATION_COLUMNS.every(([key]) => typeof row[key] === (key === 'id' || key === 'documentId' || key === 'destructive' ? 'number' : 'string'))
}
