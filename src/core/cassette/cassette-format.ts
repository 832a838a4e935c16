/**
 * The constants of the `tama-cassette/1` file format. docs/cassette-format.md is the
 * specification; a test checks that every DDL statement here appears in it verbatim.
 */
export const CASSETTE_FORMAT = 'tama-cassette/1'

/** `PRAGMA user_version`: bumped whenever a reader of the previous version could misread a file. */
export const CASSETTE_FORMAT_VERSION = 1

export {CASSETTE_APPLICATION_ID} from '../files/index.js'

export const CASSETTE_PAGE_SIZE = 4096

export {CASSETTE_NAME_PATTERN} from '../text/index.js'

/** Semantic Versioning 2.0.0, the regular expression published at semver.org. */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/

/** Longest accepted cassette version, so a version can never bloat listings or messages. */
export const CASSETTE_VERSION_MAX_LENGTH = 128

/**
 * The only schema objects a cassette may contain, each with its exact DDL as SQLite
 * stores it in `sqlite_schema.sql`. Listed in creation order.
 */
export const CASSETTE_TABLES = Object.freeze([
  {
    name: 'meta',
    sql: `CREATE TABLE meta (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID`,
  },
  {
    name: 'documents',
    sql: `CREATE TABLE documents (
  id INTEGER PRIMARY KEY NOT NULL,
  sha256 TEXT NOT NULL,
  title TEXT NOT NULL,
  version TEXT NOT NULL,
  json TEXT NOT NULL
) STRICT`,
  },
  {
    name: 'operations',
    sql: `CREATE TABLE operations (
  id INTEGER PRIMARY KEY NOT NULL,
  operation_id TEXT NOT NULL,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  scopes TEXT NOT NULL,
  destructive INTEGER NOT NULL,
  record TEXT NOT NULL
) STRICT`,
  },
] as const)

/** The keys of the `meta` table; a cassette has exactly these. */
export const META_KEYS = Object.freeze([
  'documents',
  'format',
  'name',
  'operations',
  'profile',
  'sqlite_version',
  'tama_dex_version',
  'version',
] as const)

export type MetaKey = (typeof META_KEYS)[number]

/** What a cassette says about itself (its `meta` table). */
export interface CassetteMeta {
  readonly format: string
  readonly name: string
  readonly version: string
  readonly profile: string
  readonly tamaDexVersion: string
  readonly sqliteVersion: string
  readonly documents: number
  readonly operations: number
}
