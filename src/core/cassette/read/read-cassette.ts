import type {OperationRecord} from '../../profile/index.js'
import type {CassetteMeta} from '../format/index.js'
import {CheckFailure, Checklist} from '../check/index.js'
import {openCassette} from './opened-cassette.js'

export interface CassetteDocument {
  readonly id: number
  readonly sha256: string
  readonly title: string
  readonly version: string
  /** The document, parsed from its canonical JSON. */
  readonly document: unknown
}

export interface CassetteContents {
  readonly sha256: string
  readonly bytes: number
  readonly meta: CassetteMeta
  readonly documents: readonly CassetteDocument[]
  /** The prebuilt operation records, in operationId order. */
  readonly operations: readonly OperationRecord[]
}

/**
 * Reads a cassette from its bytes (never from its path again) after the structural
 * checks and the per-row record checks; throws TamaError('verification_failed') when any
 * fails. The embedded documents are not re-validated: use verifyCassette for that.
 */
export function readCassette(bytes: Uint8Array, options: {readonly source: string}): CassetteContents {
  const cassette = openCassette(bytes, {source: options.source})
  const operations = cassette.prebuiltRecords()
  const checklist = new Checklist(options.source)
  const documents = checklist.run('documents', () => ({
    value: cassette.documentRows.map(({json, ...row}) => ({...row, document: parseEmbedded(json, row.id)})),
    detail: 'every embedded document is JSON.',
  }))
  checklist.assertPassed()
  return {sha256: cassette.sha256, bytes: cassette.bytes, meta: cassette.meta, documents: documents!, operations}
}

function parseEmbedded(json: string, id: number): unknown {
  try {
    return JSON.parse(json)
  } catch {
    throw new CheckFailure(`embedded document ${id} is not JSON.`)
  }
}
