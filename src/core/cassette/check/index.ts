/**
 * The checks every read of a cassette runs, a copying install's included: the checklist, the
 * pinned digest, and the stored tables and records read within bounds. Nothing here loads the
 * profile's validation.
 */
export {CHECK_NAMES, Checklist, checksFailure} from './checklist.js'
export type {CassetteCheck} from './checklist.js'
export {CheckFailure, MAX_LISTED, listed} from './check-failure.js'
export {checkPinnedDigest} from './pinned-digest.js'
export {readStoredCassette} from './stored-cassette.js'
export type {StoredCassette} from './stored-cassette.js'
export type {RecordSplit} from './copied-records.js'
export {OPERATION_RECORD_SCHEMA} from './operation-record-schema.js'
