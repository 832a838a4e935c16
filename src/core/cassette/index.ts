export {
  CASSETTE_APPLICATION_ID,
  CASSETTE_FORMAT,
  CASSETTE_FORMAT_VERSION,
  CASSETTE_NAME_PATTERN,
} from './cassette-format.js'
export type {CassetteMeta} from './cassette-format.js'
export {NotJsonError, canonicalJson, sha256Hex} from './canonical-json.js'
export {CHECK_NAMES} from './checklist.js'
export type {CassetteCheck} from './checklist.js'
export {planCassette} from './plan-cassette.js'
export type {CassetteInput, CassettePlan} from './plan-cassette.js'
export {writeCassette} from './write-cassette.js'
export type {WrittenCassette} from './write-cassette.js'
export {buildCassette} from './build-cassette.js'
export type {BuiltCassette} from './build-cassette.js'
export {readDocumentInputs} from './document-input.js'
export {OpenedCassette, loadCassetteOperations, openCassette} from './opened-cassette.js'
export type {LoadMode} from './opened-cassette.js'
export {readCassette} from './read-cassette.js'
export type {CassetteContents, CassetteDocument} from './read-cassette.js'
export {assertCassetteVerified, verificationFailure, verifyCassette} from './verify-cassette.js'
export type {VerifyReport} from './verify-cassette.js'
export {MAX_CASSETTE_BYTES, readCassetteFile} from './read-cassette-file.js'
export {sha256sumLine} from './sha256sum-line.js'
export {TAMA_DEX_VERSION} from './tool-version.js'
