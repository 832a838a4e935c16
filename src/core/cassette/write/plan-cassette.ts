import {TamaError, passOption, type Problem} from '../../errors/index.js'
import {LIMITS, PROFILE} from '../../profile/index.js'
import {sqliteLibraryVersion} from '../../sqlite/index.js'
import {CASSETTE_FORMAT, type CanonicalForm, type CassetteMeta, NotJsonError, type OperationRow, TAMA_DEX_VERSION, assertCassetteIdentity, canonicalForm, sha256Hex} from '../format/index.js'
import {SEARCH_DATA_HASH, type SearchRows, searchRowsOf} from '../../search/index.js'
import {deriveRows} from './derive-rows.js'
import {compareCodeUnits, count} from '../../text/index.js'

export interface CassetteInput {
  readonly name: string
  readonly version: string
  /** `source` names the document in problems (a path as the caller gave it, say); it is never stored. */
  readonly documents: ReadonlyArray<{readonly source: string; readonly document: unknown}>
}

/** One row of the `documents` table. */
export interface DocumentRow {
  /** 1..n in SHA-256 order. */
  readonly id: number
  readonly sha256: string
  readonly title: string
  readonly version: string
  /** Canonical JSON (RFC 8785) of the document. */
  readonly json: string
}

/** Everything a cassette file holds, decided before anything is written. */
export interface CassettePlan {
  readonly meta: CassetteMeta
  readonly documents: readonly DocumentRow[]
  readonly operations: readonly OperationRow[]
  /** What a host's index derives for search from the operations (docs/cassette-format.md#search-rows). */
  readonly searchRows: SearchRows
}

interface CanonicalDocument {
  readonly source: string
  readonly json: string
  readonly sha256: string
  readonly value: unknown
  readonly withinDataLimits: boolean
}

/**
 * Validates and canonicalises the documents of a cassette and orders everything
 * canonically: documents by SHA-256, operations by operationId. The plan depends only on
 * the documents' content, the name and the version — not on the order documents were
 * given, file names, time, locale or working directory. Reports every problem of every
 * document in one TamaError('invalid_document').
 */
export function planCassette(input: CassetteInput): CassettePlan {
  assertCassetteIdentity(input.name, input.version)
  if (input.documents.length === 0) throw new TamaError('usage', 'A cassette needs at least one document.', {remedy: passOption('documents', 'with one or more documents')})
  const problems: Problem[] = []
  const canonical: CanonicalDocument[] = []
  for (const {source, document} of input.documents) {
    const result = canonicalise(source, document)
    if ('problem' in result) problems.push(result.problem)
    else canonical.push(result)
  }
  canonical.sort((a, b) => compareCodeUnits(a.sha256, b.sha256))
  const unique = canonical.filter((document, index) => {
    const previous = canonical[index - 1]
    if (previous?.sha256 !== document.sha256) return true
    problems.push({source: document.source, pointer: '', message: `is the same document as ${previous.source}: give each document once.`})
    return false
  })
  // Rows are derived from the canonical form, exactly as a verifier re-derives them from the stored JSON.
  const derived = deriveRows(unique.map((document, index) => ({id: index + 1, source: document.source, value: document.value, withinDataLimits: document.withinDataLimits})))
  problems.push(...derived.problems)
  if (problems.length > 0) {
    throw new TamaError('invalid_document', `The cassette cannot be built: ${count(problems.length, 'problem')} in its documents. Fix them and build again.`, {problems})
  }
  const documents = unique.map((document, index): DocumentRow => {
    const {info} = derived.documents[index]!
    return {id: index + 1, sha256: document.sha256, title: info.title, version: info.version, json: document.json}
  })
  return {
    meta: {
      format: CASSETTE_FORMAT,
      name: input.name,
      version: input.version,
      profile: PROFILE,
      tamaDexVersion: TAMA_DEX_VERSION,
      sqliteVersion: sqliteLibraryVersion(),
      documents: documents.length,
      operations: derived.rows.length,
      searchData: SEARCH_DATA_HASH,
    },
    searchRows: searchRowsOf(input.name, derived.records),
    documents,
    operations: derived.rows,
  }
}

/** Whether canonicalForm's measures keep the data limits, so that the document's check need not walk it again for them. */
export function withinDataLimits({depth, longestString}: Pick<CanonicalForm, 'depth' | 'longestString'>): boolean {
  return depth <= LIMITS.depth && longestString <= LIMITS.stringLength
}

function canonicalise(source: string, document: unknown): CanonicalDocument | {problem: Problem} {
  try {
    const {json, value, depth, longestString} = canonicalForm(document)
    return {source, json, sha256: sha256Hex(json), value, withinDataLimits: withinDataLimits({depth, longestString})}
  } catch (error) {
    // NotJsonError locates the value; anything else is a RangeError from absurd nesting.
    if (error instanceof NotJsonError) return {problem: {source, pointer: error.pointer, message: `${error.reason}: a document must be plain JSON data.`}}
    return {problem: {source, pointer: '', message: `cannot be canonicalised (${(error as Error).message}): a document must be plain JSON data.`}}
  }
}
