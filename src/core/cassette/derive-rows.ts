import type {Problem} from '../errors/index.js'
import {type OperationRecord, type ValidatedDocument, checkDocument, checkMeasuredDocument} from '../profile/index.js'
import {pointerOf} from '../json/index.js'
import {compareCodeUnits} from '../text/index.js'
import {operationRow, type OperationRow} from './operation-row.js'

/** A document of a cassette, as parsed from its canonical JSON. */
export interface DocumentToDerive {
  /** Its `documents.id`: 1..n in SHA-256 order. */
  readonly id: number
  /** How problems name it. */
  readonly source: string
  readonly value: unknown
  /** Found plain JSON data within the profile's data limits (see checkMeasuredDocument). */
  readonly withinDataLimits?: boolean
}

export interface DerivedRows {
  /** By position in the input; null for a document with problems. */
  readonly documents: ReadonlyArray<ValidatedDocument | null>
  /** In operationId order, numbered 1..n. */
  readonly rows: OperationRow[]
  /** The records of `rows`, in the same order. */
  readonly records: OperationRecord[]
  readonly problems: Problem[]
}

interface SourcedOperation {
  readonly document: DocumentToDerive
  readonly record: OperationRecord
}

/**
 * Validates every document and derives the cassette's operation rows from them: the one
 * derivation both building and verifying use, so a verified cassette is exactly what a
 * build of its embedded documents writes. Collects every problem of every document, and
 * an operationId used twice across documents.
 */
export function deriveRows(documents: readonly DocumentToDerive[]): DerivedRows {
  const problems: Problem[] = []
  const operations: SourcedOperation[] = []
  const validated = documents.map((document) => {
    const result = (document.withinDataLimits === true ? checkMeasuredDocument : checkDocument)(document.value, {source: document.source})
    problems.push(...result.problems)
    for (const record of result.document?.operations ?? []) operations.push({document, record})
    return result.document
  })
  operations.sort((a, b) => compareCodeUnits(a.record.operationId, b.record.operationId) || a.document.id - b.document.id)
  const rows: OperationRow[] = []
  const records: OperationRecord[] = []
  for (const [index, operation] of operations.entries()) {
    const previous = operations[index - 1]
    if (previous?.record.operationId === operation.record.operationId) {
      problems.push(collision(previous, operation))
      continue
    }
    rows.push(operationRow(rows.length + 1, operation.document.id, operation.record))
    records.push(operation.record)
  }
  return {documents: validated, rows, records, problems}
}

function collision(first: SourcedOperation, second: SourcedOperation): Problem {
  return {
    source: second.document.source,
    pointer: `${operationPointer(second.record)}/operationId`,
    message: `operationId "${second.record.operationId}" is also used by ${first.document.source} at ${operationPointer(first.record)}: operation ids must be unique across all documents of a cassette. Rename one of them.`,
  }
}

/** RFC 6901 pointer to an operation object in its document. */
function operationPointer(record: OperationRecord): string {
  return pointerOf(['paths', record.path, record.method])
}
