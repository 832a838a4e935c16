import type {OperationRecord} from '../profile/index.js'
import {addedOperationRisk, classifyChange} from './classify-change.js'
import type {AddedOperation, CassetteDiff, ChangedOperation, RemovedOperation} from './diff-types.js'
import {operationChanges} from './operation-changes.js'
import {compareCodeUnits} from '../text/index.js'

/**
 * What changed between two releases' operations, matched by operationId (the
 * cassette-independent name callers use): operations added, removed (always breaking)
 * and changed, each change classified. Pure: records in, report out.
 */
export function diffOperations(before: readonly OperationRecord[], after: readonly OperationRecord[]): CassetteDiff {
  const old = byId(before)
  const current = byId(after)
  const added: AddedOperation[] = []
  const removed: RemovedOperation[] = []
  const changed: ChangedOperation[] = []
  for (const id of [...new Set([...old.keys(), ...current.keys()])].sort(compareCodeUnits)) {
    const a = old.get(id)
    const b = current.get(id)
    if (a === undefined) {
      const risk = addedOperationRisk(b!)
      added.push({...brief(b!), breaking: false, security: risk.security, detail: risk.detail})
    } else if (b === undefined) {
      removed.push({...brief(a), breaking: true, security: false, detail: 'operation removed: callers and saved calls that use it fail'})
    } else {
      const changes = operationChanges(a, b).map(classifyChange)
      if (changes.length > 0) {
        changed.push({operation_id: id, breaking: changes.some((c) => c.breaking), security: changes.some((c) => c.security), changes})
      }
    }
  }
  const changes = changed.flatMap((operation) => operation.changes)
  return {
    identical: added.length === 0 && removed.length === 0 && changed.length === 0,
    added,
    removed,
    changed,
    summary: {
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      breaking: removed.length + changes.filter((c) => c.breaking).length,
      security: added.filter((operation) => operation.security).length + changes.filter((c) => c.security).length,
    },
  }
}

function byId(records: readonly OperationRecord[]): Map<string, OperationRecord> {
  return new Map(records.map((record) => [record.operationId, record]))
}

function brief(record: OperationRecord): {operation_id: string; summary: string; scopes: readonly string[]; destructive: boolean} {
  return {operation_id: record.operationId, summary: record.summary, scopes: record.scopes, destructive: record.destructive}
}
