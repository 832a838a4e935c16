export {
  CASSETTE_APPLICATION_ID,
  CASSETTE_FORMAT,
  CASSETTE_FORMAT_VERSION,
  CASSETTE_NAME_PATTERN,
  NotJsonError,
  TAMA_DEX_VERSION,
  canonicalJson,
  sha256Hex,
  sha256sumLine,
} from './format/index.js'
export type {CassetteMeta} from './format/index.js'
export {CHECK_NAMES} from './check/index.js'
export type {CassetteCheck} from './check/index.js'
export {buildCassette, planCassette, readDocumentInputs, writeCassette} from './write/index.js'
export type {BuiltCassette, CassetteInput, CassettePlan, WrittenCassette} from './write/index.js'
export {
  MAX_CASSETTE_BYTES,
  OpenedCassette,
  assertCassetteVerified,
  loadCassetteOperations,
  openCassette,
  readCassette,
  readCassetteFile,
  verificationFailure,
  verifyCassette,
} from './read/index.js'
export type {CassetteContents, CassetteDocument, LoadMode, VerifyReport} from './read/index.js'
