import type {OperationRecord} from '../profile/index.js'
import {type StoredRecord, readStoredRecord} from '../profile/stored-record.js'
import type {SqliteDatabase} from '../sqlite/index.js'
import {count, quote} from '../text/index.js'
import {CheckFailure, listed} from './check-failure.js'
import {OPERATION_RECORD_SCHEMA} from './operation-record-schema.js'
import {OPERATION_COLUMNS, type OperationRow, operationColumns} from './operation-row.js'
import {compileShape} from './record-shape.js'
import {scanRecordText} from './record-text-bounds.js'

/** A record as a copy checks it: its schemas stand in as the smallest value of their type. */
export type CopiedRecord = Omit<OperationRecord, 'inputSchema' | 'outputSchema'>

/** The record's members that hold a schema and whose shape is only their type: a copy checks the type, never parses them. */
const OPAQUE: ReadonlySet<string> = new Set(['inputSchema', 'outputSchema'] satisfies ReadonlyArray<keyof OperationRecord>)
const recordShapeProblem = compileShape(OPERATION_RECORD_SCHEMA)

/**
 * The `records` check of a pinned copy, which never parses a record's schemas: each record
 * is JSON (RFC 8259, json_valid), keeps the document limits and is in canonical key order
 * (one scan of its text, scanRecordText), has the shape of an operation record
 * (OPERATION_RECORD_SCHEMA) and says what its row's columns say. What it does not check is
 * the profile's rules for Schema Objects: execute checks each schema against them before
 * compiling it (SchemaValidator), and nothing else compiles a stored schema.
 */
export function checkCopiedRecords(db: SqliteDatabase, operations: readonly OperationRow[]): {value: CopiedRecord[]; detail: string} {
  // SQLite refuses JSON nested past 1,000 levels as not JSON: the scan says why first.
  const texts = db.prepare<{id: number; valid: number; text: string}>('SELECT id, json_valid(record) AS valid, record AS text FROM operations ORDER BY id').iterate()
  const findings: string[] = []
  const records: CopiedRecord[] = []
  for (const {id, valid, text} of texts) {
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
    const column = OPERATION_COLUMNS.find(([key]) => key !== 'record' && row[key] !== derived[key])
    if (column !== undefined) findings.push(`${where()}: ${column[1]} does not match the record`)
    else records.push(record)
  }
  if (findings.length > 0) throw new CheckFailure(`${findings.length} of ${operations.length} operation rows disagree with their own record: ${listed(findings)}.`)
  return {value: records, detail: `${count(records.length, 'operation record')}, each JSON within the document limits, an OperationRecord in canonical key order, matching its row.`}
}
