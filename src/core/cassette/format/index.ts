/** What a cassette file holds: its tables and meta, its identity, header, rows and digests. */
export {
  CASSETTE_APPLICATION_ID,
  CASSETTE_FORMAT,
  CASSETTE_FORMAT_VERSION,
  CASSETTE_NAME_PATTERN,
  CASSETTE_PAGE_SIZE,
  CASSETTE_TABLES,
  META_KEYS,
  OPTIONAL_META_KEYS,
  SEARCH_TABLE_SQL,
  SEMVER_PATTERN,
} from './cassette-format.js'
export type {CassetteMeta, MetaKey} from './cassette-format.js'
export {NotJsonError, canonicalForm, canonicalJson, sha256Hex} from './canonical-json.js'
export type {CanonicalForm} from './canonical-json.js'
export {assertCassetteIdentity, isCassetteName, isCassetteVersion} from './cassette-identity.js'
export {OPERATION_COLUMNS, differingColumn, operationColumns, operationRow} from './operation-row.js'
export type {OperationRow} from './operation-row.js'
export {checkHeader} from './sqlite-header.js'
export {sha256sumLine} from './sha256sum-line.js'
export {TAMA_DEX_VERSION} from './tool-version.js'
