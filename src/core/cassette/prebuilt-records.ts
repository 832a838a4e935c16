import {Ajv, type ValidateFunction} from 'ajv'

import type {OperationRecord} from '../profile/operation-record.js'
import {CheckFailure} from './check-failure.js'
import {differingColumn, operationRow} from './operation-row.js'
import {count, quote} from './text.js'
import {listed, type StoredCassette} from './stored-cassette.js'

const TEXT = {type: 'string'}
const TEXTS = {type: 'array', items: TEXT}
const SCHEMA = {type: ['object', 'boolean']}

/** The shape of an OperationRecord (src/core/profile/operation-record.ts) as JSON Schema. */
const OPERATION_RECORD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['operationId', 'method', 'path', 'summary', 'description', 'tags', 'scopes', 'destructive', 'confirmation', 'inputSchema', 'outputSchema', 'parameters', 'body'],
  properties: {
    operationId: TEXT,
    method: TEXT,
    path: TEXT,
    summary: TEXT,
    description: TEXT,
    tags: TEXTS,
    scopes: TEXTS,
    destructive: {type: 'boolean'},
    confirmation: {
      anyOf: [
        {type: 'null'},
        {
          type: 'object',
          additionalProperties: false,
          required: ['when', 'echo', 'message'],
          properties: {when: {anyOf: [{const: 'always'}, SCHEMA]}, echo: {type: ['string', 'null']}, message: TEXT},
        },
      ],
    },
    inputSchema: SCHEMA,
    outputSchema: {type: ['object', 'boolean', 'null']},
    parameters: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'in', 'required'],
        properties: {name: TEXT, in: {enum: ['path', 'query', 'header']}, required: {type: 'boolean'}},
      },
    },
    body: {
      anyOf: [
        {type: 'null'},
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'contentType', 'required'],
          properties: {mode: {enum: ['input', 'property']}, contentType: TEXT, required: {type: 'boolean'}},
        },
      ],
    },
  },
} as const

let isOperationRecord: ValidateFunction<OperationRecord> | undefined

/**
 * Parses the prebuilt records of a cassette and checks each row against its own record:
 * the record is an OperationRecord in canonical JSON, and every other column is what the
 * record says. It does not re-validate the embedded documents (see derivation).
 */
export function checkPrebuiltRecords(stored: StoredCassette): {value: OperationRecord[]; detail: string} {
  isOperationRecord ??= new Ajv({allowUnionTypes: true}).compile<OperationRecord>(OPERATION_RECORD_SCHEMA)
  const findings: string[] = []
  const records: OperationRecord[] = []
  for (const row of stored.operations) {
    const where = `operation row ${row.id} (${quote(row.operationId)})`
    let record: unknown
    try {
      record = JSON.parse(row.record)
    } catch {
      findings.push(`${where}: the record is not JSON`)
      continue
    }
    if (!isOperationRecord(record)) {
      findings.push(`${where}: the record is not an operation record (${isOperationRecord.errors?.[0]?.instancePath || '/'} ${isOperationRecord.errors?.[0]?.message ?? ''})`)
      continue
    }
    const column = differingColumn(row, operationRow(row.id, row.documentId, record))
    if (column !== null) findings.push(`${where}: ${column} does not match the record${column === 'record' ? ' (not canonical JSON)' : ''}`)
    else records.push(record)
  }
  if (findings.length > 0) throw new CheckFailure(`${findings.length} of ${stored.operations.length} operation rows disagree with their own record: ${listed(findings)}.`)
  return {value: records, detail: `${count(records.length, 'operation record')}, each an OperationRecord in canonical JSON matching its row.`}
}
