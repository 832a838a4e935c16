import {readFileSync} from 'node:fs'

import type {OperationCatalog} from '../../../src/core/execute/index.js'
import type {OperationRecord} from '../../../src/core/profile/operation-record.js'

/** The operations of test/fixtures/execute/catalog.json, by cassette. */
export function fixtureOperations(): Record<string, OperationRecord[]> {
  return JSON.parse(readFileSync(new URL('../../fixtures/execute/catalog.json', import.meta.url), 'utf8')) as Record<string, OperationRecord[]>
}

/**
 * An in-memory catalog with the store's rules: an operation is visible when the caller
 * holds all its scopes; suggestions come from visible operations only. Records are
 * deep-copied on every lookup, as rows read from SQLite are.
 */
export class FakeCatalog implements OperationCatalog {
  constructor(
    private readonly operations: Record<string, OperationRecord[]> = fixtureOperations(),
    private readonly ready = true,
  ) {}

  isReady(): boolean {
    return this.ready
  }

  getOperation(cassette: string, operationId: string, scopes: readonly string[]): OperationRecord | undefined {
    const found = this.visible(scopes).find((v) => v.cassette === cassette && v.operation.operationId === operationId)
    return found === undefined ? undefined : structuredClone(found.operation)
  }

  suggestOperations(cassette: string, operationId: string, scopes: readonly string[], max: number): Array<{cassette: string; operation_id: string}> {
    return this.visible(scopes)
      .filter((v) => v.operation.operationId.startsWith(operationId.slice(0, 5)))
      .map((v) => ({cassette: v.cassette, operation_id: v.operation.operationId}))
      .slice(0, max)
  }

  private visible(scopes: readonly string[]): Array<{cassette: string; operation: OperationRecord}> {
    return Object.entries(this.operations).flatMap(([cassette, operations]) =>
      operations.filter((operation) => operation.scopes.every((scope) => scopes.includes(scope))).map((operation) => ({cassette, operation})),
    )
  }
}
