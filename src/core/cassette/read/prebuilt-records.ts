import {Ajv, type ValidateFunction} from 'ajv'

import {findNonJson} from '../../json/index.js'
import {RefResolver} from '../../openapi/index.js'
import {type JsonSchema, LIMITS, type OperationRecord, SchemaObjectChecker, subschemaLimitProblem} from '../../profile/index.js'
import {type StoredRecord, readStoredRecord} from '../../profile/stored-record.js'
import {type OperationRow, differingColumn, operationRow} from '../format/index.js'
import {count, quote} from '../../text/index.js'
import {CheckFailure, OPERATION_RECORD_SCHEMA, listed} from '../check/index.js'

let isOperationRecord: ValidateFunction<StoredRecord> | undefined

/**
 * Parses the prebuilt records of a cassette and checks each row against its own record:
 * the record is an OperationRecord in canonical JSON, and every other column is what the
 * record says. It does not re-validate the embedded documents (see derivation), but holds
 * each record to what any document must respect: the document limits (size, nesting
 * depth, string length), checked before anything walks the record, and the profile's
 * rules for each of its schemas (SchemaObjectChecker), so no pinned row can install a
 * schema that a document could not have given it.
 */
export function checkPrebuiltRecords(operations: readonly OperationRow[]): {value: OperationRecord[]; detail: string} {
  isOperationRecord ??= new Ajv({allowUnionTypes: true}).compile<StoredRecord>(OPERATION_RECORD_SCHEMA)
  const findings: string[] = []
  const records: OperationRecord[] = []
  for (const row of operations) {
    const where = `operation row ${row.id} (${quote(row.operationId)})`
    if (row.record.length > LIMITS.documentBytes) {
      findings.push(`${where}: the record is ${row.record.length} characters, more than a whole document may be (${LIMITS.documentBytes})`)
      continue
    }
    let record: unknown
    try {
      record = JSON.parse(row.record)
    } catch {
      findings.push(`${where}: the record is not JSON`)
      continue
    }
    const beyond = findNonJson(record, {maxStringLength: LIMITS.stringLength})
    if (beyond !== null) {
      findings.push(`${where}: at ${beyond.pointer} the record ${beyond.reason}, past the limits every document keeps (docs/profile.md#limits)`)
      continue
    }
    if (!isOperationRecord(record)) {
      findings.push(`${where}: the record is not an operation record (${isOperationRecord.errors?.[0]?.instancePath || '/'} ${isOperationRecord.errors?.[0]?.message ?? ''})`)
      continue
    }
    const complete: OperationRecord = readStoredRecord(record)
    const schemaProblem = recordSchemaProblem(complete)
    if (schemaProblem !== null) {
      findings.push(`${where}: ${schemaProblem}`)
      continue
    }
    const column = differingColumn(row, operationRow(row.id, row.documentId, complete))
    if (column !== null) findings.push(`${where}: ${column} does not match the record${column === 'record' ? ' (not canonical JSON)' : ''}`)
    else records.push(complete)
  }
  if (findings.length > 0) throw new CheckFailure(`${findings.length} of ${operations.length} operation rows disagree with their own record: ${listed(findings)}.`)
  return {value: records, detail: `${count(records.length, 'operation record')}, each an OperationRecord in canonical JSON matching its row.`}
}

/** The first way one of the record's schemas breaks the profile's rules for Schema Objects, or null. */
function recordSchemaProblem(record: OperationRecord): string | null {
  const schemas: Array<[string, JsonSchema | null]> = [
    ['/inputSchema', record.inputSchema],
    ['/outputSchema', record.outputSchema],
    ['/confirmation/when', record.confirmation === null || record.confirmation.when === 'always' ? null : record.confirmation.when],
  ]
  for (const [at, schema] of schemas) {
    if (schema === null) continue
    // Execute compiles the input and `when` schemas whole; the output schema only describes.
    const tooLarge = at === '/outputSchema' ? null : subschemaLimitProblem(at, schema)
    if (tooLarge !== null) return tooLarge
    let first: string | null = null
    // Each schema stands alone: its `$ref`s point into its own `$defs`.
    new SchemaObjectChecker(new RefResolver(schema), (pointer, message) => {
      first ??= `at ${at}${pointer}: ${message}`
    }).check(schema, '')
    if (first !== null) return first
  }
  return null
}
