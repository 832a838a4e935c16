import {fileURLToPath} from 'node:url'

import type {OperationRecord} from '../../../src/core/profile/operation-record.js'
import {readReleaseInput} from '../../../src/core/release/index.js'

/** test/fixtures/release/, where every release fixture lives. */
export const FIXTURES = fileURLToPath(new URL('../../fixtures/release/', import.meta.url))

/** The validated operations of test/fixtures/release/`name`. */
export async function fixtureOperations(name: string): Promise<readonly OperationRecord[]> {
  return (await readReleaseInput(`${FIXTURES}${name}`)).operations
}

/** A minimal valid operation record, for unit tables that vary one field. */
export function operation(overrides: Partial<OperationRecord> & {operationId: string}): OperationRecord {
  return {
    method: 'get',
    path: `/${overrides.operationId}`,
    summary: `Run ${overrides.operationId}`,
    description: '',
    tags: ['things'],
    keywords: [],
    examples: [],
    scopes: [],
    destructive: false,
    confirmation: null,
    inputSchema: {type: 'object', properties: {}, additionalProperties: false},
    outputSchema: null,
    parameters: [],
    body: null,
    ...overrides,
  }
}
