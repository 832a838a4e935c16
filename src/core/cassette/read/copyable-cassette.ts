import {webcrypto} from 'node:crypto'

import {Checklist, type RecordSplit, checkPinnedDigest, readStoredCassette} from '../check/index.js'

/** A pinned cassette whose search rows are this host's and passed their checks: a host copies them with SQL. */
export interface CopyableCassette {
  readonly name: string
  readonly version: string
  /** The embedded documents' titles, in their order. */
  readonly titles: readonly string[]
  /** SHA-256 (hex) of the bytes: the pinned digest. */
  readonly sha256: string
  readonly documents: number
  readonly operations: number
  /** The bytes that were hashed and checked, to copy from. */
  readonly bytes: Uint8Array
  /** Where each record's input schema is cut out of it, for the index that stores the two apart. */
  readonly recordSplits: readonly RecordSplit[]
}

/**
 * Opens a pinned cassette to copy its search rows: checks the digest (TamaError
 * 'digest_mismatch'), the structure, the documents and operations rows, the search rows in
 * SQL, and each record against the document limits and the shape of an operation record
 * (TamaError 'verification_failed'; see checkCopiedRecords); no record is analysed for
 * search. Undefined when the cassette carries no search rows of this host's search data:
 * then open it with openCassette and derive. Loads none of the profile's document
 * validation, nor Ajv.
 */
export async function openCopyableCassette(bytes: Uint8Array, options: {readonly source: string; readonly sha256: string}): Promise<CopyableCassette | undefined> {
  // Hashed on another thread while the structure is checked, as hostile as any unpinned
  // file; the outcome of those checks counts only once the digest matched.
  const digest = webcrypto.subtle.digest('SHA-256', bytes)
  const checklist = new Checklist(options.source)
  const stored = readStoredCassette(bytes, checklist, {copy: true})
  const sha256 = Buffer.from(await digest).toString('hex')
  const pinned = new Checklist(options.source)
  checkPinnedDigest(pinned, sha256, options.sha256)
  pinned.assertPassed()
  checklist.assertPassed()
  if (!stored!.copyable) return undefined
  const {meta} = stored!
  return {name: meta.name, version: meta.version, titles: stored!.documents.map((row) => row.title), sha256, documents: meta.documents, operations: meta.operations, bytes, recordSplits: stored!.recordSplits}
}
