import {sha256Hex} from './canonical-json.js'
import {Checklist} from './checklist.js'
import {checkPinnedDigest} from './pinned-digest.js'
import {readStoredCassette} from './stored-cassette.js'

/** A pinned cassette whose search rows are this host's and passed their checks: a host copies them with SQL. */
export interface CopyableCassette {
  readonly name: string
  readonly version: string
  /** SHA-256 (hex) of the bytes: the pinned digest. */
  readonly sha256: string
  readonly documents: number
  readonly operations: number
  /** The bytes that were hashed and checked, to copy from. */
  readonly bytes: Uint8Array
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
export function openCopyableCassette(bytes: Uint8Array, options: {readonly source: string; readonly sha256: string}): CopyableCassette | undefined {
  const sha256 = sha256Hex(bytes)
  const checklist = new Checklist(options.source)
  checkPinnedDigest(checklist, sha256, options.sha256)
  checklist.assertPassed()
  const stored = readStoredCassette(bytes, checklist, {copy: true})
  checklist.assertPassed()
  if (!stored!.copyable) return undefined
  const {meta} = stored!
  return {name: meta.name, version: meta.version, sha256, documents: meta.documents, operations: meta.operations, bytes}
}
