import type {TamaError} from '../../errors/index.js'
import {traceSpan} from '../../telemetry/index.js'
import {type CassetteMeta, sha256Hex} from '../format/index.js'
import {type CassetteCheck, Checklist, checkPinnedDigest, checksFailure, readStoredCassette} from '../check/index.js'
import {checkPrebuiltRecords} from './prebuilt-records.js'
import {rederiveRows} from './rederive-rows.js'
import {compareSearchRows} from './search-rows-check.js'

export interface VerifyOptions {
  /** How the file is named in messages (the path as the caller gave it). */
  readonly source: string
  /** The SHA-256 (hex) the file must have. */
  readonly sha256?: string
}

/** What verification checked and found, check by check. */
export interface VerifyReport {
  readonly ok: boolean
  readonly source: string
  readonly sha256: string
  readonly bytes: number
  /** null when the file could not be read far enough to trust its meta table. */
  readonly meta: CassetteMeta | null
  readonly checks: readonly CassetteCheck[]
}

/**
 * Checks everything a cassette promises: the pinned digest, the SQLite header, the exact
 * schema, SQLite's quick_check, meta, each document's SHA-256, each prebuilt row against
 * its record, and finally that re-validating the embedded documents derives exactly the
 * stored rows. Nothing from the file is ever run (see readStoredCassette). Never throws
 * for a bad file: the report says what failed (see assertCassetteVerified).
 */
export async function verifyCassette(bytes: Uint8Array, options: VerifyOptions): Promise<VerifyReport> {
  return traceSpan('verify', {bytes: bytes.length}, (span) => {
    const sha256 = sha256Hex(bytes)
    const checklist = new Checklist(options.source)
    checkPinnedDigest(checklist, sha256, options.sha256)
    const stored = readStoredCassette(bytes, checklist)
    if (stored !== undefined) {
      span.set({cassette: stored.meta.name, documents: stored.meta.documents, operations: stored.meta.operations})
      checklist.run('records', () => checkPrebuiltRecords(stored.operations))
      const records = checklist.run('derivation', () => rederiveRows(stored, options.source, true))
      if (records !== undefined) checklist.run('search_rows', () => compareSearchRows(stored, records))
    }
    return {ok: checklist.ok, source: options.source, sha256, bytes: bytes.length, meta: stored?.meta ?? null, checks: checklist.checks}
  })
}

/** TamaError('digest_mismatch' | 'verification_failed'), with every finding as a problem, or null when the report is ok. */
export function verificationFailure(report: VerifyReport): TamaError | null {
  return checksFailure(report.checks, report.source)
}

/** Throws verificationFailure(report) unless the report is ok. */
export function assertCassetteVerified(report: VerifyReport): void {
  const failure = verificationFailure(report)
  if (failure !== null) throw failure
}
