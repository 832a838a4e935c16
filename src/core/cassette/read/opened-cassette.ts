import {TamaError} from '../../errors/index.js'
import type {OperationRecord} from '../../profile/index.js'
import {type CassetteMeta, sha256Hex} from '../format/index.js'
import {Checklist, type StoredCassette, checkPinnedDigest, readStoredCassette} from '../check/index.js'
import {checkPrebuiltRecords} from './prebuilt-records.js'
import {rederiveRows} from './rederive-rows.js'
import {quote} from '../../text/index.js'
import {compareSearchRows} from './search-rows-check.js'

/**
 * How a host turns a cassette into operations. 'copy': take the prebuilt rows after
 * structural checks, only allowed when the caller pinned the file's SHA-256 and it
 * matched. 'rebuild': re-validate the embedded documents and derive the rows, ignoring
 * the prebuilt ones.
 */
export type LoadMode = 'copy' | 'rebuild'

export interface OpenCassetteOptions {
  /** How the file is named in messages (the path as the caller gave it). */
  readonly source: string
  /** The SHA-256 (hex) the caller pinned; the bytes must hash to it. */
  readonly sha256?: string
}

/**
 * A cassette whose bytes were hashed once and whose structure passed every check; its
 * rows are held in memory (the database is already closed), so turning it into
 * operations needs neither the file nor SQLite again.
 */
export class OpenedCassette {
  readonly name: string
  readonly version: string
  /** Number of embedded documents. */
  readonly documents: number

  constructor(
    readonly source: string,
    /** SHA-256 (hex) of the file's bytes. */
    readonly sha256: string,
    readonly bytes: number,
    private readonly pinned: boolean,
    private readonly stored: StoredCassette,
  ) {
    this.name = stored.meta.name
    this.version = stored.meta.version
    this.documents = stored.meta.documents
  }

  get meta(): CassetteMeta {
    return this.stored.meta
  }

  /** The embedded documents' rows: id, sha256, title, version and canonical JSON. */
  get documentRows(): StoredCassette['documents'] {
    return this.stored.documents
  }

  /** The operations, in operationId order, the way `mode` says; throws TamaError('verification_failed') on a bad row. */
  operations(mode: LoadMode): OperationRecord[] {
    if (mode === 'copy' && !this.pinned) {
      throw new TamaError('usage', `${this.source}: prebuilt rows are only copied from a cassette whose SHA-256 was pinned. Give its digest, or load it in rebuild mode.`)
    }
    return this.check((checklist) => {
      if (mode === 'copy') return checklist.run('records', () => checkPrebuiltRecords(this.stored.operations))
      // Not trusted: the search rows it carries must still be what its documents give.
      const records = checklist.run('derivation', () => rederiveRows(this.stored, this.source, false))
      if (records !== undefined) checklist.run('search_rows', () => compareSearchRows(this.stored, records))
      return records
    })
  }

  /** The prebuilt records after the per-row consistency checks, for display; not for trust. */
  prebuiltRecords(): OperationRecord[] {
    return this.check((checklist) => checklist.run('records', () => checkPrebuiltRecords(this.stored.operations)))
  }

  private check<T>(step: (checklist: Checklist) => T | undefined): T {
    const checklist = new Checklist(this.source)
    const value = step(checklist)
    checklist.assertPassed()
    return value!
  }
}

/**
 * Hashes a cassette's bytes once, checks the pinned digest (TamaError('digest_mismatch'))
 * and the file's structure (TamaError('verification_failed')), never running anything
 * from the file. Works on the bytes alone: the file is not opened again.
 */
export function openCassette(bytes: Uint8Array, options: OpenCassetteOptions): OpenedCassette {
  const sha256 = sha256Hex(bytes)
  const checklist = new Checklist(options.source)
  checkPinnedDigest(checklist, sha256, options.sha256)
  checklist.assertPassed()
  const stored = readStoredCassette(bytes, checklist)
  checklist.assertPassed()
  return new OpenedCassette(options.source, sha256, bytes.length, options.sha256 !== undefined, stored!)
}

/** openCassette, then its operations the way `mode` says. */
export function loadCassetteOperations(bytes: Uint8Array, options: OpenCassetteOptions & {readonly mode: LoadMode}): OperationRecord[] {
  return openCassette(bytes, options).operations(options.mode)
}
