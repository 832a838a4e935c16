export {
  CASSETTE_APPLICATION_ID,
  CASSETTE_FORMAT,
  CASSETTE_FORMAT_VERSION,
  CASSETTE_NAME_PATTERN,
  CASSETTE_PAGE_SIZE,
  CASSETTE_TABLES,
  META_KEYS,
  SEMVER_PATTERN,
} from './cassette-format.js'
export type {CassetteMeta} from './cassette-format.js'
export {assertCassetteIdentity, isCassetteName, isCassetteVersion} from './cassette-identity.js'
export {NotJsonError, canonicalForm, canonicalJson, sha256Hex} from './canonical-json.js'
export {CHECK_NAMES} from './checklist.js'
export type {CassetteCheck, CheckName} from './checklist.js'
export {planCassette} from './plan-cassette.js'
export type {CassetteInput, CassettePlan, DocumentRow} from './plan-cassette.js'
export type {OperationRow} from './operation-row.js'
export {writeCassette} from './write-cassette.js'
export type {WrittenCassette} from './write-cassette.js'
export {buildCassette} from './build-cassette.js'
export type {BuiltCassette} from './build-cassette.js'
export {readDocumentInput, readDocumentInputs} from './document-input.js'
export {OpenedCassette, loadCassetteOperations, openCassette} from './opened-cassette.js'
export {openCopyableCassette} from './copyable-cassette.js'
export type {CopyableCassette} from './copyable-cassette.js'
export type {LoadMode, OpenCassetteOptions} from './opened-cassette.js'
export {readCassette} from './read-cassette.js'
export type {CassetteContents, CassetteDocument} from './read-cassette.js'
export {assertCassetteVerified, verificationFailure, verifyCassette} from './verify-cassette.js'
export type {VerifyOptions, VerifyReport} from './verify-cassette.js'
export {MAX_CASSETTE_BYTES, readCassetteFile} from './read-cassette-file.js'
export {sha256sumLine} from './sha256sum-line.js'
export {TAMA_DEX_VERSION} from './tool-version.js'
