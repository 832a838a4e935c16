import type {SqliteDatabase} from '../sqlite/index.js'

/**
 * The tables search owns inside a host index file, split by how queries read them:
 * `operations` is narrow (what ranking filters and sorts on, read for every match),
 * `operation_text` holds the analysed terms by column (id, summary, tags, description,
 * input fields, keywords, examples) that `operations_fts`, an external-content FTS5 table
 * kept in step by triggers, indexes (read for the candidates only), and
 * `operation_records` the whole record as JSON (read for getOperation and inlined
 * schemas). `operation_terms` counts the operations holding each term, so a query can
 * tell its selective terms from the common ones before it runs.
 * `operation_text.name_counts` says how many of the cassette's operation ids hold each id
 * term (0 for one that is not a name word), which the features weigh name words by;
 * `summary_saying` is what the summary says (sayingOf), indexed, so a query saying the
 * same finds it at once; `operation_name_keys` holds the keys under which a short query
 * covering an operation's name finds it (name-words.ts). Scopes are stored once per
 * distinct set, so a query works out the handful of sets a caller may see. Every row but
 * the scopes comes from searchRows (operation-store.ts).
 */
const DDL = `
CREATE TABLE IF NOT EXISTS operation_scope_sets (
  id INTEGER PRIMARY KEY,
  scopes TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS operation_scope_members (
  set_id INTEGER NOT NULL REFERENCES operation_scope_sets (id),
  scope TEXT NOT NULL,
  PRIMARY KEY (set_id, scope)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS operations (
  id INTEGER PRIMARY KEY,
  cassette TEXT NOT NULL,
  operation_id TEXT NOT NULL,
  scope_set INTEGER NOT NULL REFERENCES operation_scope_sets (id),
  verb TEXT,
  summary TEXT NOT NULL,
  destructive INTEGER NOT NULL,
  confirmation TEXT,
  UNIQUE (cassette, operation_id)
);
CREATE INDEX IF NOT EXISTS operations_by_id ON operations (operation_id COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS operations_by_scope_set ON operations (scope_set);
CREATE TABLE IF NOT EXISTS operation_text (
  id INTEGER PRIMARY KEY REFERENCES operations (id),
  name_terms TEXT NOT NULL,
  summary_terms TEXT NOT NULL,
  tag_terms TEXT NOT NULL,
  description_terms TEXT NOT NULL,
  field_terms TEXT NOT NULL,
  keyword_terms TEXT NOT NULL,
  example_terms TEXT NOT NULL,
  name_counts TEXT NOT NULL,
  summary_saying TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS operation_text_by_summary_saying ON operation_text (summary_saying);
CREATE TABLE IF NOT EXISTS operation_name_keys (
  key TEXT NOT NULL,
  id INTEGER NOT NULL REFERENCES operations (id),
  bare INTEGER NOT NULL,
  PRIMARY KEY (key, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS operation_records (
  id INTEGER PRIMARY KEY REFERENCES operations (id),
  record TEXT NOT NULL,
  input_schema TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS operation_terms (
  term TEXT PRIMARY KEY,
  docs INTEGER NOT NULL
) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS operations_fts USING fts5 (
  name_terms, summary_terms, tag_terms, description_terms, field_terms, keyword_terms, example_terms,
  content = 'operation_text', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 0'
);
CREATE TRIGGER IF NOT EXISTS operation_text_insert AFTER INSERT ON operation_text BEGIN
  INSERT INTO operations_fts (rowid, name_terms, summary_terms, tag_terms, description_terms, field_terms, keyword_terms, example_terms)
  VALUES (new.id, new.name_terms, new.summary_terms, new.tag_terms, new.description_terms, new.field_terms, new.keyword_terms, new.example_terms);
END;
CREATE TRIGGER IF NOT EXISTS operation_text_delete AFTER DELETE ON operation_text BEGIN
  INSERT INTO operations_fts (operations_fts, rowid, name_terms, summary_terms, tag_terms, description_terms, field_terms, keyword_terms, example_terms)
  VALUES ('delete', old.id, old.name_terms, old.summary_terms, old.tag_terms, old.description_terms, old.field_terms, old.keyword_terms, old.example_terms);
END;
`

/** Idempotent DDL for the operation store and its FTS5 index. Called when an index file is created. */
export function createOperationTables(db: SqliteDatabase): void {
  db.exec(DDL)
}
