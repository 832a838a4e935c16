/**
 * The constants of the `tama-cassette/1` file format. docs/cassette-format.md is the
 * specification; a test checks that every DDL statement here appears in it verbatim.
 */
export const CASSETTE_FORMAT = 'tama-cassette/1'

/** `PRAGMA user_version`: bumped whenever a reader of the previous version could misread a file. */
export const CASSETTE_FORMAT_VERSION = 1

export {CASSETTE_APPLICATION_ID} from '../../files/index.js'

export const CASSETTE_PAGE_SIZE = 4096

export {CASSETTE_NAME_PATTERN} from '../../text/index.js'

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

/**
 * The keys of the `meta` table; a cassette has exactly these, or all but the OPTIONAL_META_KEYS
 * (a cassette written before they existed).
 */
export const META_KEYS = Object.freeze([
  'documents',
  'format',
  'name',
  'operations',
  'profile',
  'search_data',
  'sqlite_version',
  'tama_dex_version',
  'version',
] as const)

export type MetaKey = (typeof META_KEYS)[number]

/** Meta keys an older cassette lacks: `search_data` tags the search rows, which it does not carry. */
export const OPTIONAL_META_KEYS: ReadonlySet<MetaKey> = new Set(['search_data'])

/**
 * What the DDL of a search-rows table must look like for the file to be read at all: a plain
 * STRICT table of typed columns, nothing that could compute a value. Tables of the host's own
 * search data must then be exactly its DDL (searchTables); others are never read.
 */
export const SEARCH_TABLE_SQL = /^CREATE TABLE search_[a-z_]{1,64} \(\n(?:  [a-z_]{1,64} (?:INTEGER|TEXT|REAL|BLOB|ANY)(?: PRIMARY KEY)?(?: NOT NULL)?,\n){0,63}  [a-z_]{1,64} (?:INTEGER|TEXT|REAL|BLOB|ANY)(?: PRIMARY KEY)?(?: NOT NULL)?\n\) STRICT$/

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
  /** The search-data hash the cassette's search rows were derived with; null for a cassette without them. */
  readonly searchData: string | null
}
