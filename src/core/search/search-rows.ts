import type {OperationRecord} from '../profile/index.js'
import {type SqliteDatabase, openDatabase} from '../sqlite/index.js'
import {deriveSharedRows, insertOperations} from './operation-store.js'
import {createOperationTables} from './operation-tables.js'

/**
 * The search rows of one cassette, as a cassette carries them (docs/cassette-format.md#search-rows):
 * every table createOperationTables makes, but the FTS5 index (filled from `operation_text`
 * when rows are copied in), holding what insertOperations derives for that cassette alone.
 * Nothing here names a search column: tables and columns are read from the created tables
 * themselves, and each table's part in a copy from its foreign keys, so a table or column
 * search adds is carried and copied as it is.
 */

/** A cassette's copy of index table `name` is called SEARCH_TABLE_PREFIX + name. */
export const SEARCH_TABLE_PREFIX = 'search_'

/**
 * How a table's rows enter an index that holds other cassettes. Only rows of the cassette's
 * own operations are copied; what cassettes share is derived by the host (deriveSharedRows),
 * so a cassette, even a pinned one, cannot change another's authorisation or statistics:
 * - operation: rows of one operation (`operations`, and tables whose key refers to it): copied, ids moved past the index's;
 * - shared: rows several cassettes share, found by their unique key (scope sets): the keys the cassette's operations use are added when missing (the copy's check found each to be its operations' scopes);
 * - member: rows of a shared table's row (scope set members): never copied, derived from the shared row's key;
 * - count: counts over the cassette's operations by key (term document counts): never copied, counted from the copied rows.
 */
type SearchTableRole = 'operation' | 'shared' | 'member' | 'count'

interface SearchColumn {
  readonly name: string
  /** The declared type: INTEGER, TEXT, REAL, BLOB, or ANY when none. */
  readonly type: string
  readonly notNull: boolean
  /** Position in the primary key, 0 when not part of it. */
  readonly key: number
  /** The table this column refers to, when it is a foreign key. */
  readonly refersTo: string | null
}

export interface SearchTable {
  readonly name: string
  readonly role: SearchTableRole
  readonly columns: readonly SearchColumn[]
  /** The column a shared table's rows are found by. */
  readonly uniqueKey: string | null
  /** The DDL of the cassette's table, exactly as written to and expected in a cassette; null when not carried (fromRecords). */
  readonly cassetteSql: string | null
  /** For a table a cassette does not carry, each column as SQL over the cassette's `operations` row. */
  readonly fromRecords: Readonly<Record<string, string>> | null
}

/** Rows of each search table, in the order a cassette stores them (see searchRowsOf). */
export type SearchRows = ReadonlyMap<string, ReadonlyArray<readonly unknown[]>>

const OPERATIONS = 'operations'

/**
 * Index tables a cassette does not carry a second time: its own `operations.record` holds
 * every record (canonical JSON), so a copy splits it in SQL, column by column, and the file
 * stays half the size. The split is by the byte offsets the copy's check of the records
 * found (a table `s` of id, cut, start, stop): no JSON is parsed, and the text is what
 * insertOperations stores.
 */
const FROM_RECORDS: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map([
  ['operation_records', {id: 'id', record: 'substr(CAST(record AS BLOB), 1, s.cut) || substr(CAST(record AS BLOB), s.stop + 1)', input_schema: 'CAST(substr(CAST(record AS BLOB), s.start + 1, s.stop - s.start) AS TEXT)'}],
])
/** What searchRowsOf leaves empty, as a cassette does not carry it: the FTS5 index (its trigger in operation-tables.ts). The FROM_RECORDS tables are left empty by not storing records. */
const NOT_CARRIED = 'DROP TRIGGER operation_text_insert;'
/** The column of `operations` naming the cassette: a copy gives it the installing cassette's name. */
const CASSETTE_COLUMN = 'cassette'

let described: readonly SearchTable[] | undefined

/** The search tables, in the order they are copied (each after the tables it refers to). */
export function searchTables(): readonly SearchTable[] {
  described ??= describeTables()
  return described
}

/** The search tables a cassette carries, with their cassetteSql. */
export function carriedTables(): ReadonlyArray<SearchTable & {readonly cassetteSql: string}> {
  return searchTables().filter((table): table is SearchTable & {cassetteSql: string} => table.cassetteSql !== null)
}

function describeTables(): readonly SearchTable[] {
  const db = openDatabase(':memory:')
  try {
    createOperationTables(db)
    const names = db
      .prepare<{name: string}>("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all()
      .map((row) => row.name)
    const tables = names.map((name) => describeTable(db, name))
    const shared = new Set(tables.filter((table) => table.role === 'operation').flatMap((table) => table.columns.map((column) => column.refersTo).filter((to) => to !== null && to !== OPERATIONS)))
    const roles: SearchTable[] = tables.map((table) => {
      if (table.role === 'operation') return table
      if (shared.has(table.name)) return {...table, role: 'shared', uniqueKey: uniqueKeyOf(db, table.name)}
      return {...table, role: table.columns.some((column) => column.refersTo !== null) ? 'member' : 'count'}
    })
    const order: SearchTableRole[] = ['shared', 'member', 'operation', 'count']
    return Object.freeze(roles.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role) || (a.name === OPERATIONS ? -1 : b.name === OPERATIONS ? 1 : 0)))
  } finally {
    db.close()
  }
}

function describeTable(db: SqliteDatabase, name: string): SearchTable {
  const references = new Map(
    db
      .prepare<{from: string; table: string}>('SELECT "from", "table" FROM pragma_foreign_key_list(?)')
      .all(name)
      .map((row) => [row.from, row.table]),
  )
  const columns = db
    .prepare<{name: string; type: string; notnull: number; pk: number}>('SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid')
    .all(name)
    .map((column): SearchColumn => ({name: column.name, type: column.type === '' ? 'ANY' : column.type.toUpperCase(), notNull: column.notnull === 1, key: column.pk, refersTo: references.get(column.name) ?? null}))
  const role: SearchTableRole = name === OPERATIONS || columns.some((column) => column.refersTo === OPERATIONS) ? 'operation' : 'count'
  const fromRecords = FROM_RECORDS.get(name) ?? null
  if (fromRecords !== null && columns.map((column) => column.name).join() !== Object.keys(fromRecords).join()) {
    throw new Error(`search table ${name} no longer has the columns ${Object.keys(fromRecords).join(', ')} it is split into from a cassette's records: update FROM_RECORDS`)
  }
  return {name, role, columns, uniqueKey: null, cassetteSql: fromRecords === null ? cassetteSqlOf(name, columns) : null, fromRecords}
}

// A single-column UNIQUE constraint: what rows of a shared table are told apart by.
function uniqueKeyOf(db: SqliteDatabase, table: string): string {
  const unique = db.prepare<{name: string}>("SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1 AND origin = 'u'").all(table)
  for (const {name} of unique) {
    const columns = db.prepare<{name: string}>('SELECT name FROM pragma_index_info(?)').all(name)
    if (columns.length === 1) return columns[0]!.name
  }
  throw new Error(`search table ${table} is shared between cassettes but has no single-column unique key to find its rows by`)
}

/**
 * The cassette's table: the same columns and types, STRICT; an INTEGER primary key stays
 * the rowid, other keys are dropped (the rows are written once, in key order).
 */
function cassetteSqlOf(name: string, columns: readonly SearchColumn[]): string {
  const rowid = columns.filter((column) => column.key > 0).length === 1 ? columns.find((column) => column.key === 1 && column.type === 'INTEGER') : undefined
  const lines = columns.map((column) => `  ${column.name} ${column.type}${column === rowid ? ' PRIMARY KEY' : ''}${column.notNull || column === rowid ? ' NOT NULL' : ''}`)
  return `CREATE TABLE ${SEARCH_TABLE_PREFIX}${name} (\n${lines.join(',\n')}\n) STRICT`
}

function orderOf(table: SearchTable): string {
  const keys = table.columns.filter((column) => column.key > 0).sort((a, b) => a.key - b.key)
  return (keys.length > 0 ? keys : table.columns).map((column) => quoted(column.name)).join(', ')
}

function columnList(table: SearchTable, prefix = ''): string {
  return table.columns.map((column) => `${prefix}${quoted(column.name)}`).join(', ')
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * The search rows the index derives for `records` as cassette `cassette`, the way an
 * index alone holding it would store them: derived by insertOperations into a fresh
 * in-memory index, and read back table by table in key order.
 */
export function searchRowsOf(cassette: string, records: readonly OperationRecord[]): SearchRows {
  const db = openDatabase(':memory:')
  try {
    createOperationTables(db)
    db.exec(NOT_CARRIED)
    db.transaction(() => insertOperations(db, cassette, records, {storeRecords: false}))()
    return new Map(carriedTables().map((table) => [table.name, rowsOf(db, table, `SELECT ${columnList(table)} FROM main.${quoted(table.name)} ORDER BY ${orderOf(table)}`)]))
  } finally {
    db.close()
  }
}

/** Creates the search tables in a cassette being written and fills them with `rows`. */
export function writeSearchRows(db: SqliteDatabase, rows: SearchRows): void {
  for (const table of carriedTables()) {
    db.exec(table.cassetteSql)
    const insert = db.prepare(`INSERT INTO ${quoted(SEARCH_TABLE_PREFIX + table.name)} (${columnList(table)}) VALUES (${table.columns.map(() => '?').join(', ')})`)
    for (const row of rows.get(table.name) ?? []) insert.run(...row)
  }
}

/** Reads a cassette's search rows as stored, in the order they were written. */
export function readSearchRows(db: SqliteDatabase): SearchRows {
  return new Map(carriedTables().map((table) => [table.name, rowsOf(db, table, `SELECT ${columnList(table)} FROM ${quoted(SEARCH_TABLE_PREFIX + table.name)} ORDER BY rowid`)]))
}

function rowsOf(db: SqliteDatabase, table: SearchTable, sql: string): unknown[][] {
  return db
    .prepare<Record<string, unknown>>(sql)
    .all()
    .map((row) => table.columns.map((column) => row[column.name]))
}

/**
 * Copies a cassette's search rows from the attached database `schema` into the index, as
 * cassette `cassette`, in SQL: operation ids are moved past the index's largest, shared
 * rows are matched by their unique key, and member and count rows are derived by the host
 * from what was copied (deriveSharedRows), never taken from the cassette. The FTS5 index is
 * filled by the index's own triggers as `operation_text` rows come in. The caller deleted the
 * cassette's old rows and holds the write transaction. `splits` names a table of where each
 * record's input schema lies in its bytes, to split records by (FROM_RECORDS).
 */
export function copySearchRows(db: SqliteDatabase, schema: string, cassette: string, splits: string): void {
  const offset = db.prepare<{top: number}>(`SELECT coalesce(max(id), 0) AS top FROM main.${OPERATIONS}`).get()!.top
  const shared = new Map(searchTables().filter((table) => table.role === 'shared').map((table) => [table.name, table]))
  const from = (name: string) => `${quoted(schema)}.${quoted(SEARCH_TABLE_PREFIX + name)}`
  for (const table of searchTables()) {
    if (table.fromRecords !== null) {
      const {fromRecords} = table
      const split = table.columns.map((column) => (column.refersTo === OPERATIONS || column.key === 1 ? `t.${quoted(column.name)} + ${offset}` : fromRecords[column.name]))
      db.prepare(`INSERT INTO main.${quoted(table.name)} (${columnList(table)}) SELECT ${split.join(', ')} FROM ${quoted(schema)}.${OPERATIONS} t JOIN ${splits} s ON s.id = t.id ORDER BY t.id`).run()
      continue
    }
    const joins: string[] = []
    const values = table.columns.map((column) => {
      const value = `t.${quoted(column.name)}`
      if (table.role === 'shared') return value
      if (column.refersTo === OPERATIONS || (table.name === OPERATIONS && column.key === 1)) return `${value} + ${offset}`
      if (table.name === OPERATIONS && column.name === CASSETTE_COLUMN) return '$cassette'
      const target = column.refersTo === null ? undefined : shared.get(column.refersTo)
      if (target === undefined) return value
      const alias = `j${joins.length}`
      const key = quoted(target.uniqueKey!)
      const id = quoted(target.columns.find((candidate) => candidate.key === 1)!.name)
      joins.push(`JOIN ${from(target.name)} ${alias}s ON ${alias}s.${id} = ${value} JOIN main.${quoted(target.name)} ${alias}m ON ${alias}m.${key} = ${alias}s.${key}`)
      return `${alias}m.${id}`
    })
    const source = `SELECT ${values.join(', ')} FROM ${from(table.name)} t ${joins.join(' ')} WHERE true ORDER BY t.rowid`
    const target = `INSERT INTO main.${quoted(table.name)}`
    if (table.role === 'shared') {
      const columns = table.columns.filter((column) => column.key === 0)
      const list = columns.map((column) => quoted(column.name)).join(', ')
      const id = quoted(table.columns.find((column) => column.key === 1)!.name)
      const used = searchTables()
        .filter((referrer) => referrer.role === 'operation')
        .flatMap((referrer) => referrer.columns.filter((column) => column.refersTo === table.name).map((column) => `SELECT ${quoted(column.name)} FROM ${from(referrer.name)}`))
      db.prepare(`${target} (${list}) SELECT ${columns.map((column) => `t.${quoted(column.name)}`).join(', ')} FROM ${from(table.name)} t WHERE t.${id} IN (${used.join(' UNION ')}) ORDER BY t.rowid ON CONFLICT (${quoted(table.uniqueKey!)}) DO NOTHING`).run()
    } else if (table.role === 'operation') {
      const insert = db.prepare(`${target} (${columnList(table)}) ${source}`)
      if (table.name === OPERATIONS) insert.run({cassette})
      else insert.run()
    }
  }
  deriveSharedRows(db, cassette)
}

/** Most rows any search table of a cassette may hold per operation (name keys, distinct terms): a bound on what a copy adds. */
const MAX_SEARCH_ROWS_PER_OPERATION = 1024

/**
 * What is wrong with a cassette's search rows as a copy would take them, read with SQL only
 * (no row reaches JavaScript): each table's DDL is this host's (`sql` maps a table name to
 * the DDL the file has), `search_operations` holds exactly the cassette's operations by id
 * and operation id, every reference resolves, no key repeats, no text is longer than a
 * document may be (`maxText`), counts lie between 1 and the operation count, and no table
 * holds more than MAX_SEARCH_ROWS_PER_OPERATION rows per operation. Empty when the rows can
 * be copied.
 */
export function searchRowsProblems(db: SqliteDatabase, sql: ReadonlyMap<string, string>, operations: number, maxText: number): string[] {
  const problems: string[] = []
  for (const table of carriedTables()) {
    const name = SEARCH_TABLE_PREFIX + table.name
    if (sql.get(name) !== table.cassetteSql) problems.push(sql.has(name) ? `table ${name} is not defined as this tama-dex writes it` : `table ${name} is missing`)
  }
  if (problems.length > 0) return problems
  const scalar = (query: string): number => db.prepare<{n: number}>(query).get()!.n
  const from = (name: string) => quoted(SEARCH_TABLE_PREFIX + name)
  const rows = scalar(`SELECT count(*) AS n FROM ${from(OPERATIONS)}`)
  const matching = scalar(`SELECT count(*) AS n FROM ${from(OPERATIONS)} s JOIN operations o ON o.id = s.id AND o.operation_id = s.operation_id`)
  if (rows !== operations || matching !== operations) problems.push(`${from(OPERATIONS)} holds ${rows} rows, ${matching} of them the cassette's operations by id and operation id; it must hold exactly its ${operations}`)
  for (const table of carriedTables()) {
    const name = from(table.name)
    // One pass over the table: its row count, then one figure per column check.
    const checks: Array<{sql: string; fails: (value: number) => boolean; problem: string}> = [
      {sql: 'count(*)', fails: (value) => value > Math.max(1, operations) * MAX_SEARCH_ROWS_PER_OPERATION, problem: `${name} holds more than ${MAX_SEARCH_ROWS_PER_OPERATION} rows per operation`},
    ]
    for (const column of table.columns) {
      const at = `${name}.${quoted(column.name)}`
      const value = quoted(column.name)
      if (column.type === 'TEXT' || column.type === 'BLOB' || column.type === 'ANY') {
        checks.push({sql: `coalesce(max(octet_length(${value})), 0)`, fails: (length) => length > maxText, problem: `${at} holds a value longer than a document may be (${maxText} bytes)`})
      }
      if (column.refersTo !== null) {
        const target = searchTables().find((candidate) => candidate.name === column.refersTo)!
        const id = quoted(target.columns.find((candidate) => candidate.key === 1)!.name)
        checks.push({sql: `count(*) FILTER (WHERE ${value} NOT IN (SELECT ${id} FROM ${from(target.name)}))`, fails: (n) => n > 0, problem: `${at} refers to a row ${from(target.name)} does not hold`})
      }
      if (table.role === 'count' && column.key === 0 && column.type === 'INTEGER') {
        checks.push({sql: `count(*) FILTER (WHERE ${value} NOT BETWEEN 1 AND ${operations})`, fails: (n) => n > 0, problem: `${at} holds a count outside 1..${operations}`})
      }
    }
    const figures = db.prepare<Record<string, number>>(`SELECT ${checks.map((check, index) => `${check.sql} AS c${index}`).join(', ')} FROM ${name}`).get()!
    for (const [index, check] of checks.entries()) if (check.fails(figures[`c${index}`]!)) problems.push(check.problem)
    const keys = table.columns.filter((column) => column.key > 0).map((column) => quoted(column.name))
    // A key the cassette's table does not keep as its rowid could repeat there, and a copy would then fail on the index's.
    if (keys.length > 0 && !table.cassetteSql.includes(' PRIMARY KEY')) {
      if (scalar(`SELECT count(*) AS n FROM (SELECT 1 FROM ${name} GROUP BY ${keys.join(', ')} HAVING count(*) > 1)`) > 0) problems.push(`${name} repeats a key`)
    }
  }
  return problems
}
