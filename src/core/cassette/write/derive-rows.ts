import type {Problem} from '../../errors/index.js'
import {type OperationRecord, type ValidatedDocument, checkDocument, checkMeasuredDocument, requestPath} from '../../profile/index.js'
import {isObject, pointerOf} from '../../json/index.js'
import {compareCodeUnits} from '../../text/index.js'
import {type OperationRow, operationRow} from '../format/index.js'

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
    pointer: `${operationPointer(second)}/operationId`,
    message: `operationId "${second.record.operationId}" is also used by ${first.document.source} at ${operationPointer(first)}: operation ids must be unique across all documents of a cassette. Rename one of them.`,
  }
}

/**
 * RFC 6901 pointer to an operation object in its document: under the path key whose
 * request path is the record's and whose operation has its id (a key may add a `#fragment`).
 */
function operationPointer({document, record}: SourcedOperation): string {
  const paths = isObject(document.value) && isObject(document.value.paths) ? document.value.paths : {}
  const key = Object.keys(paths).find((key) => {
    const item = paths[key]
    const operation = isObject(item) ? item[record.method] : undefined
    return requestPath(key) === record.path && isObject(operation) && operation.operationId === record.operationId
  })
  return pointerOf(['paths', key ?? record.path, record.method])
}
