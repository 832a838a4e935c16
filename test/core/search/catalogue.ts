import {readFileSync} from 'node:fs'

import type {OperationRecord} from '../../../src/core/profile/operation-record.js'
import {createOperationTables, insertOperations} from '../../../src/core/search/index.js'
import type {SqliteDatabase} from '../../../src/core/sqlite/driver.js'
import {openDatabase} from '../../../src/core/sqlite/open-database.js'

/** A record with defaults for what search does not look at. */
export function record(partial: Partial<OperationRecord> & {operationId: string}): OperationRecord {
  return {
    method: 'get',
    path: `/${partial.operationId}`,
    summary: '',
    description: '',
    tags: [],
    keywords: [],
    examples: [],
    scopes: [],
    destructive: false,
    confirmation: null,
    inputSchema: {type: 'object', properties: {}},
    outputSchema: null,
    parameters: [],
    body: null,
    ...partial,
  }
}

/** test/fixtures/search/catalogue.json: cassette name -> partial records. */
export function fixtureCatalogue(): Map<string, OperationRecord[]> {
  const raw = JSON.parse(readFileSync(new URL('../../fixtures/search/catalogue.json', import.meta.url), 'utf8')) as Record<string, Array<Partial<OperationRecord> & {operationId: string}>>
  return new Map(Object.entries(raw).map(([cassette, records]) => [cassette, records.map(record)]))
}

/** A fresh in-memory index holding `catalogue`. */
export function indexWith(catalogue: ReadonlyMap<string, readonly OperationRecord[]> = fixtureCatalogue()): SqliteDatabase {
  const db = openDatabase(':memory:')
  createOperationTables(db)
  db.transaction(() => {
    for (const [cassette, records] of catalogue) insertOperations(db, cassette, records)
  })()
  return db
}

/** Every scope any fixture operation needs: a caller holding these sees everything. */
export const ALL_SCOPES = ['incus.read', 'incus.write', 'incus.admin', 'repo', 'delete_repo', 'read:user']
