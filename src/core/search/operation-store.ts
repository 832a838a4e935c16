import {TamaError} from '../errors/index.js'
import {unescapeToken} from '../json/index.js'
import type {JsonSchema, OperationRecord} from '../profile/index.js'
import {type StoredRecord, readStoredRecord, storedRecord} from '../profile/stored-record.js'
import {type SqliteDatabase, statement} from '../sqlite/index.js'
import {nameKeys, nameWordCounts} from './name-words.js'
import {RANKING_MODEL} from './ranking-model.js'
import {ALLOWED_SCOPE_SETS, scopesParameter} from './scope-filter.js'
import {sayingOf} from './search-query.js'
import type {SearchConfirmation} from './search-types.js'
import {operationVerb, stem, terms, words} from './text-analysis.js'

const CASSETTE_NAME = /^[a-z][a-z0-9_]{0,63}$/
const TERM_COLUMNS = ['name_terms', 'summary_terms', 'tag_terms', 'description_terms', 'field_terms', 'keyword_terms', 'example_terms'] as const
// Only a description's first terms are indexed (ranking-model.ts, TermLimits).
const DESCRIPTION_TERMS = RANKING_MODEL.terms.descriptionTerms

// Stands between two items (tags, field names, keywords, examples) of a stored column: FTS5
// skips it, and the features never read two items' words (`created`, `customer`) as a pair.
export const ITEM_BREAK = ','

const INSERT_OPERATION = `INSERT INTO operations (cassette, operation_id, scope_set, verb, summary, destructive, confirmation)
  VALUES (?, ?, ?, ?, ?, ?, ?)`
const INSERT_TEXT = `INSERT INTO operation_text (id, ${TERM_COLUMNS.join(', ')}, name_counts, summary_saying) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
const INSERT_RECORD = 'INSERT INTO operation_records (id, record, input_schema) VALUES (?, ?, ?)'
const INSERT_NAME_KEY = 'INSERT INTO operation_name_keys (key, id, bare) VALUES (?, ?, ?)'
const OF_CASSETTE = 'id IN (SELECT id FROM operations WHERE cassette = ?)'

/** What search derives from one operation and stores (see operation-tables.ts). */
interface OperationSearchRows {
  readonly verb: string | null
  /** Terms by column, in TERM_COLUMNS order. */
  readonly columns: ReadonlyArray<readonly string[]>
  readonly nameCounts: string
  readonly summarySaying: string
  readonly nameKeys: {readonly keys: readonly string[]; readonly bare: boolean}
}

/** What search derives of a cassette as a whole: its operation count and how many of its operation ids hold each id term. */
interface CatalogueStatistics {
  readonly size: number
  readonly idsHolding: (term: string) => number
}

/** The statistics of a cassette of `records`. */
function catalogueStatistics(records: readonly OperationRecord[]): CatalogueStatistics {
  const counts = new Map<string, number>()
  for (const record of records) for (const term of new Set(terms(record.operationId))) counts.set(term, (counts.get(term) ?? 0) + 1)
  return {size: records.length, idsHolding: (term) => counts.get(term) ?? 0}
}

/**
 * Every search row of one operation, from the record and its cassette's statistics: the
 * only place search data is derived. `nameCounts` is the cassette's operation count, then,
 * for each id term, how many of the cassette's operation ids hold it, or 0 when it is not a
 * name word (nameWordCounts); the same counts make its name keys (name-words.ts).
 */
function searchRows(record: OperationRecord, statistics: CatalogueStatistics): OperationSearchRows {
  const idWords = words(record.operationId)
  const nameTerms = idWords.map(stem)
  return {
    verb: operationVerb(idWords, record.method),
    columns: [
      nameTerms,
      terms(record.summary),
      itemTerms(record.tags),
      terms(record.description).slice(0, DESCRIPTION_TERMS),
      itemTerms(inputFieldNames(record.inputSchema)),
      itemTerms(record.keywords ?? []),
      itemTerms(record.examples ?? []),
    ],
    nameCounts: [statistics.size, ...nameWordCounts(nameTerms, statistics.idsHolding)].join(' '),
    summarySaying: sayingOf(record.summary),
    nameKeys: nameKeys(nameTerms, statistics.idsHolding, statistics.size),
  }
}

/**
 * Adds one cassette's operations and their search rows (the caller already deleted the
 * old ones, inside the same transaction), and counts their terms. `storeRecords: false`
 * leaves `operation_records` empty, for rows that are read back without the records.
 */
export function insertOperations(db: SqliteDatabase, cassette: string, records: readonly OperationRecord[], {storeRecords = true} = {}): void {
  checkCassette(cassette)
  const insert = statement(db, INSERT_OPERATION)
  const insertText = statement(db, INSERT_TEXT)
  const insertRecord = statement(db, INSERT_RECORD)
  const insertNameKey = statement(db, INSERT_NAME_KEY)
  const scopeSets = new Map<string, number>()
  const counts = new Map<string, number>()
  const statistics = catalogueStatistics(records)
  const seen = new Set<string>()
  for (const record of records) {
    if (seen.has(record.operationId)) {
      throw new TamaError('usage', `Operation id "${record.operationId}" appears twice in cassette "${cassette}"; operation ids must be unique within a cassette.`)
    }
    seen.add(record.operationId)
    const scopes = JSON.stringify([...new Set(record.scopes)].sort())
    let scopeSet = scopeSets.get(scopes)
    if (scopeSet === undefined) {
      scopeSet = scopeSetId(db, scopes)
      scopeSets.set(scopes, scopeSet)
    }
    const rows = searchRows(record, statistics)
    countTerms(counts, rows.columns)
    const id = insert.run(
      cassette,
      record.operationId,
      scopeSet,
      rows.verb,
      record.summary,
      record.destructive ? 1 : 0,
      searchConfirmationText(record),
    ).lastInsertRowid
    insertText.run(id, ...rows.columns.map((column) => column.join(' ')), rows.nameCounts, rows.summarySaying)
    if (storeRecords) {
      const {inputSchema, ...rest} = storedRecord(record)
      insertRecord.run(id, JSON.stringify(rest), JSON.stringify(inputSchema))
    }
    for (const key of rows.nameKeys.keys) insertNameKey.run(key, id, rows.nameKeys.bare ? 1 : 0)
  }
  addTermCounts(db, counts)
  deriveScopeMembers(db)
}

/**
 * Derives what the index shares between cassettes for rows copied in as `cassette`
 * (copySearchRows), inside the caller's transaction: the members of every scope set, from
 * the set's own scopes text, and the term counts, from the copied terms. A cassette's own
 * member and count rows are never taken, so nothing it carries decides how another
 * cassette's operations are authorised or counted.
 */
export function deriveSharedRows(db: SqliteDatabase, cassette: string): void {
  addTermCounts(db, storedTermCounts(db, cassette))
  deriveScopeMembers(db)
}

/** Removes every operation of `cassette`, its term counts, and scope sets no operation uses any more. */
export function deleteOperations(db: SqliteDatabase, cassette: string): void {
  checkCassette(cassette)
  const subtract = statement(db, 'UPDATE operation_terms SET docs = docs - ? WHERE term = ?')
  for (const [term, docs] of storedTermCounts(db, cassette)) subtract.run(docs, term)
  statement(db, 'DELETE FROM operation_terms WHERE docs <= 0').run()
  statement(db, `DELETE FROM operation_text WHERE ${OF_CASSETTE}`).run(cassette)
  statement(db, `DELETE FROM operation_records WHERE ${OF_CASSETTE}`).run(cassette)
  statement(db, `DELETE FROM operation_name_keys WHERE ${OF_CASSETTE}`).run(cassette)
  statement(db, 'DELETE FROM operations WHERE cassette = ?').run(cassette)
  deriveScopeMembers(db)
}

/**
 * Drops the scope sets no operation uses and writes the members of the others again from
 * the set's scopes text, the one thing about a set that installs check: search and execute
 * decide visibility by the members, so they are never kept from an earlier write or taken
 * from a cassette. A host holds a handful of sets, so this costs well under a millisecond.
 */
function deriveScopeMembers(db: SqliteDatabase): void {
  statement(db, 'DELETE FROM operation_scope_members').run()
  statement(db, 'DELETE FROM operation_scope_sets WHERE NOT EXISTS (SELECT 1 FROM operations o WHERE o.scope_set = operation_scope_sets.id)').run()
  statement(db, 'INSERT INTO operation_scope_members (set_id, scope) SELECT s.id, j.value FROM operation_scope_sets s, json_each(s.scopes) j ORDER BY s.id, j.value ON CONFLICT DO NOTHING').run()
}

/** How many of `cassette`'s operations hold each term, read from its stored terms: what its install added to operation_terms and its removal takes away. */
function storedTermCounts(db: SqliteDatabase, cassette: string): Map<string, number> {
  const counts = new Map<string, number>()
  const rows = statement<Record<(typeof TERM_COLUMNS)[number], string>>(db, `SELECT ${TERM_COLUMNS.join(', ')} FROM operation_text WHERE ${OF_CASSETTE}`)
  for (const row of rows.iterate(cassette)) countTerms(counts, TERM_COLUMNS.map((column) => (row[column] === '' ? [] : row[column].split(' '))))
  return counts
}

function addTermCounts(db: SqliteDatabase, counts: ReadonlyMap<string, number>): void {
  const add = statement(db, 'INSERT INTO operation_terms (term, docs) VALUES (?, ?) ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs')
  for (const [term, docs] of counts) add.run(term, docs)
}

/**
 * Merges the FTS5 index into a single segment, inside the caller's transaction. Each write
 * adds segments (and deletions add tombstones), and a search reads every segment's
 * posting list for each term: after a merge it reads one, which makes matching two to
 * three times faster, for a few milliseconds per thousand operations at install time.
 */
export function compactSearchIndex(db: SqliteDatabase): void {
  statement(db, "INSERT INTO operations_fts (operations_fts) VALUES ('optimize')").run()
}

/**
 * The operation, or undefined when it does not exist or the caller's scopes do not allow
 * it: the two are indistinguishable on purpose.
 */
export function getOperation(db: SqliteDatabase, cassette: string, operationId: string, scopes: readonly string[]): OperationRecord | undefined {
  const row = statement<{record: string; input_schema: string}>(
    db,
    `${ALLOWED_SCOPE_SETS}
    SELECT r.record, r.input_schema FROM operations o JOIN operation_records r ON r.id = o.id
    WHERE o.cassette = :cassette AND o.operation_id = :operationId AND o.scope_set IN (SELECT id FROM allowed)`,
  ).get({cassette, operationId, scopes: scopesParameter(scopes)})
  if (row === undefined) return undefined
  return recordOf(row)
}

/**
 * Every stored record of `cassette`, in the order its operations were inserted: what its
 * search rows are derived from again when the search data changes.
 */
export function storedRecords(db: SqliteDatabase, cassette: string): OperationRecord[] {
  const rows = statement<{record: string; input_schema: string}>(db, 'SELECT r.record, r.input_schema FROM operations o JOIN operation_records r ON r.id = o.id WHERE o.cassette = ? ORDER BY o.id')
  return rows.all(cassette).map(recordOf)
}

/** The stored input schema of operation row `id`, for inlining in search results. */
export function inputSchemaOf(db: SqliteDatabase, id: number): JsonSchema {
  const row = statement<{input_schema: string}>(db, 'SELECT input_schema FROM operation_records WHERE id = ?').get(id)
  return JSON.parse(row!.input_schema) as JsonSchema
}

/** The stored terms of separate items (tags, input field names): each item's terms, ITEM_BREAK between items. */
function itemTerms(items: readonly string[]): string[] {
  return items
    .map(terms)
    .filter((item) => item.length > 0)
    .flatMap((item, index) => (index === 0 ? item : [ITEM_BREAK, ...item]))
}

// Each operation counts once per distinct term, like FTS5's document frequency.
function countTerms(counts: Map<string, number>, columns: ReadonlyArray<readonly string[]>): void {
  for (const term of new Set(columns.flat())) if (term !== ITEM_BREAK) counts.set(term, (counts.get(term) ?? 0) + 1)
}

function checkCassette(cassette: string): void {
  if (typeof cassette !== 'string' || !CASSETTE_NAME.test(cassette)) {
    throw new TamaError('usage', `"${String(cassette).slice(0, 80)}" is not a cassette name; use 1-64 of a-z, 0-9 and _, starting with a letter.`)
  }
}

function scopeSetId(db: SqliteDatabase, scopes: string): number {
  const found = statement<{id: number}>(db, 'SELECT id FROM operation_scope_sets WHERE scopes = ?').get(scopes)
  if (found !== undefined) return found.id
  return Number(statement(db, 'INSERT INTO operation_scope_sets (scopes) VALUES (?)').run(scopes).lastInsertRowid)
}

/**
 * The `confirmation` column of an operation's search row: what search results say about its
 * confirmation rule. A JSON Schema `when` becomes 'conditional': results say whether to
 * expect a confirmation, execute decides it against the real input.
 */
export function searchConfirmationText(record: OperationRecord): string | null {
  const rule = record.confirmation
  if (rule === null) return null
  return JSON.stringify({when: rule.when === 'always' ? 'always' : 'conditional', echo: rule.echo, message: rule.message} satisfies SearchConfirmation)
}

/** Top-level input property names, and those of a `body` property (docs/profile.md#the-input-object). */
export function inputFieldNames(schema: JsonSchema): string[] {
  const root = objectSchema(schema, schema)
  const names = Object.keys(root?.properties ?? {})
  const body = objectSchema(root?.properties?.body, schema)
  return body === undefined ? names : [...names, ...Object.keys(body.properties ?? {})]
}

interface ObjectSchema {
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly $ref?: string
}

// Follows local `#/$defs/...` references (schemas are self-contained), at most a few hops.
function objectSchema(schema: unknown, root: JsonSchema): ObjectSchema | undefined {
  let current = schema
  for (let hop = 0; hop < 8; hop++) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined
    const ref = (current as ObjectSchema).$ref
    if (typeof ref !== 'string') {
      const properties = (current as ObjectSchema).properties
      return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? (current as ObjectSchema) : {}
    }
    if (!ref.startsWith('#/$defs/') || typeof root !== 'object') return undefined
    current = (root.$defs as Record<string, unknown> | undefined)?.[unescapeToken(ref.slice(8))]
  }
  return undefined
}

function recordOf(row: {record: string; input_schema: string}): OperationRecord {
  return readStoredRecord<OperationRecord>({...(JSON.parse(row.record) as StoredRecord<Omit<OperationRecord, 'inputSchema'>>), inputSchema: JSON.parse(row.input_schema) as JsonSchema})
}
