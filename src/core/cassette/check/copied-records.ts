import {isUtf8} from 'node:buffer'

import type {OperationRecord} from '../../profile/index.js'
import {searchConfirmationText} from '../../search/index.js'
import {type StoredRecord, readStoredRecord} from '../../profile/stored-record.js'
import type {SqliteDatabase} from '../../sqlite/index.js'
import {count, quote} from '../../text/index.js'
import {CheckFailure, listed} from './check-failure.js'
import {OPERATION_RECORD_SCHEMA} from './operation-record-schema.js'
import {type OperationRow, differingColumn, operationColumns} from '../format/index.js'
import {compileShape} from './record-shape.js'
import {type MemberSpan, scanRecordText} from './record-text-bounds.js'

/** The record's members that hold a schema and whose shape is only their type: a copy checks the type, never parses them. */
const OPAQUE: ReadonlySet<string> = new Set(['inputSchema', 'outputSchema'] satisfies ReadonlyArray<keyof OperationRecord>)
const recordShapeProblem = compileShape(OPERATION_RECORD_SCHEMA)
/** The member an index stores apart from the rest of its record. */
const STORED_APART = 'inputSchema' satisfies keyof OperationRecord

/**
 * Where a copy cuts a record's input schema out of its text, in bytes (0-based, end
 * exclusive): the record is its bytes but `cut`..`stop` (the comma before the member and the
 * member), the schema its bytes `start`..`stop`.
 */
export interface RecordSplit {
  readonly id: number
  readonly cut: number
  readonly start: number
  readonly stop: number
}

/** What the search row of a checked record must say where search shows it: its summary and its confirmation column (searchConfirmationText). */
export interface RecordSaying {
  readonly summary: string
  readonly confirmation: string | null
}

/** What the records a copy checked say (their search rows are compared with it), and where each is split for the index. */
export interface CopiedRecords {
  readonly sayings: RecordSaying[]
  readonly splits: RecordSplit[]
}

/**
 * The `records` check of a pinned copy, which never parses a record's schemas: each record
 * is JSON (RFC 8259, json_valid), keeps the document limits and is in canonical key order
 * (one scan of its text, scanRecordText), has the shape of an operation record
 * (OPERATION_RECORD_SCHEMA) and says what its row's columns say. What it does not check is
 * the profile's rules for Schema Objects: execute checks each schema against them before
 * compiling it (SchemaValidator), and nothing else compiles a stored schema. Each record's
 * text must be UTF-8 as stored, so where the scan found its input schema is where it lies
 * in the stored bytes too (RecordSplit).
 */
export function checkCopiedRecords(db: SqliteDatabase, operations: readonly OperationRow[]): {value: CopiedRecords; detail: string} {
  // SQLite refuses JSON nested past 1,000 levels as not JSON: the scan says why first.
  const texts = db.prepare<{id: number; valid: number; bytes: number; text: string}>('SELECT id, json_valid(record) AS valid, octet_length(record) AS bytes, record AS text FROM operations ORDER BY id').iterate()
  const storedBytes = db.prepare<{bytes: Uint8Array}>('SELECT CAST(record AS BLOB) AS bytes FROM operations WHERE id = ?')
  const findings: string[] = []
  const sayings: RecordSaying[] = []
  const splits: RecordSplit[] = []
  for (const {id, valid, bytes, text} of texts) {
    const row = operations[id - 1]!
    const where = () => `operation row ${row.id} (${quote(row.operationId)})`
    const scan = scanRecordText(text, OPAQUE)
    if ('problem' in scan || valid !== 1) {
      findings.push(`${where()}: the record ${'problem' in scan ? scan.problem : 'is not JSON'}`)
      continue
    }
    const standIn: unknown = JSON.parse(scan.standIn)
    const misshapen = recordShapeProblem(standIn)
    if (misshapen !== null) {
      findings.push(`${where()}: the record is not an operation record (${misshapen || '/'} is not what an operation record holds)`)
      continue
    }
    const record: OperationRecord = readStoredRecord(standIn as StoredRecord)
    const derived = operationColumns(row.id, row.documentId, record)
    // The record's own text is what was just checked; the other columns must be what it says.
    const column = differingColumn(row, {...derived, record: row.record})
    if (column !== null) {
      findings.push(`${where()}: ${column} does not match the record`)
      continue
    }
    // Decoding replaces bytes that are not UTF-8 (with U+FFFD), and the text's offsets would then not be the bytes'.
    if (text.includes('\uFFFD') && !isUtf8(storedBytes.get(id)!.bytes)) {
      findings.push(`${where()}: the record is not UTF-8 text`)
      continue
    }
    // The shape puts members before the input schema (canonical order, required keys), so a comma precedes it.
    const span = scan.spans.get(STORED_APART)!
    splits.push(bytes === text.length ? {id, cut: span.from, start: span.start, stop: span.end} : byteSpan(id, text, span))
    sayings.push({summary: record.summary, confirmation: searchConfirmationText(record)})
  }
  if (findings.length > 0) throw new CheckFailure(`${findings.length} of ${operations.length} operation rows disagree with their own record: ${listed(findings)}.`)
  return {value: {sayings, splits}, detail: `${count(sayings.length, 'operation record')}, each JSON within the document limits, an OperationRecord in canonical key order, matching its row.`}
}

/** A span of a record's text in bytes of its UTF-8 (the text is not ASCII: offsets differ). */
function byteSpan(id: number, text: string, span: MemberSpan): RecordSplit {
  const cut = Buffer.byteLength(text.slice(0, span.from))
  const start = cut + Buffer.byteLength(text.slice(span.from, span.start))
  return {id, cut, start, stop: start + Buffer.byteLength(text.slice(span.start, span.end))}
}
