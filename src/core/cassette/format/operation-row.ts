import type {OperationRecord} from '../../profile/index.js'
import {storedRecord} from '../../profile/stored-record.js'
import {canonicalJson} from './canonical-json.js'

/**
 * One row of a cassette's `operations` table. Every column but `id` and `documentId` is
 * a function of the record, so a row can always be re-derived and compared byte for byte.
 */
export interface OperationRow {
  /** 1..n in operationId order. */
  readonly id: number
  readonly operationId: string
  /** The `documents.id` of the document the operation comes from. */
  readonly documentId: number
  readonly method: string
  readonly path: string
  /** Canonical JSON array of the scopes. */
  readonly scopes: string
  /** 1 when destructive, else 0. */
  readonly destructive: number
  /** Canonical JSON (RFC 8785) of the OperationRecord. */
  readonly record: string
}

/** The columns of OperationRow in table order, for SQL and for comparing rows. */
export const OPERATION_COLUMNS = Object.freeze([
  ['id', 'id'],
  ['operationId', 'operation_id'],
  ['documentId', 'document_id'],
  ['method', 'method'],
  ['path', 'path'],
  ['scopes', 'scopes'],
  ['destructive', 'destructive'],
  ['record', 'record'],
] as const satisfies ReadonlyArray<readonly [keyof OperationRow, string]>)

/** The row a record is stored as. */
export function operationRow(id: number, documentId: number, record: OperationRecord): OperationRow {
  return {...operationColumns(id, documentId, record), record: canonicalJson(storedRecord(record))}
}

/** The row a record is stored as, but for the record itself. */
export function operationColumns(id: number, documentId: number, record: Omit<OperationRecord, 'inputSchema' | 'outputSchema'>): Omit<OperationRow, 'record'> {
  return {
    id,
    operationId: record.operationId,
    documentId,
    method: record.method,
    path: record.path,
    scopes: canonicalJson(record.scopes),
    destructive: record.destructive ? 1 : 0,
  }
}

/** The first column in which two rows differ, or null when they are identical. */
export function differingColumn(stored: OperationRow, derived: OperationRow): string | null {
  for (const [key, column] of OPERATION_COLUMNS) if (stored[key] !== derived[key]) return column
  return null
}
