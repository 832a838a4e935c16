import {MAX_CASSETTE_BYTES, openCassette} from '../cassette/index.js'
import {TamaError} from '../errors/index.js'
import {readBoundedFile} from '../files/index.js'
import {escapeToken} from '../json/index.js'
import {LIMITS, type OperationRecord, parseDocumentText, pointerLocator, validateDocument} from '../profile/index.js'

const SQLITE_MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1')

interface InputFacts {
  /** The path as the caller gave it. */
  readonly file: string
  /** The cassette name, or the document's `info.title`. */
  readonly name: string
  readonly version: string
  /** In operationId order. */
  readonly operations: readonly OperationRecord[]
}

/** A release to compare or lint: a cassette file or a profile document, told apart by content. */
export type ReleaseInput =
  | (InputFacts & {readonly kind: 'cassette'})
  | (InputFacts & {
      readonly kind: 'document'
      /** The parsed document, to load into an index. */
      readonly document: unknown
      /** Where an operation's Operation Object is in the document's text (parsed at the first call). */
      readonly locate: (record: OperationRecord) => {line: number; column: number} | undefined
    })

/**
 * Reads a cassette or a profile document. A cassette's structure is checked and its
 * operations are derived again from its embedded documents (rebuild mode), ignoring the
 * prebuilt rows, so a tampered file cannot show other operations than the ones it would
 * install. A document is validated like `document validate` does. Throws TamaError:
 * not_found, invalid_document, verification_failed.
 */
export async function readReleaseInput(file: string): Promise<ReleaseInput> {
  // Read once, then told apart by content: the file cannot change between the two.
  const bytes = await readBoundedFile(file, {
    maxBytes: MAX_CASSETTE_BYTES,
    expected: 'a .tama-cassette file or a profile document',
    tooLarge: (size) => new TamaError('usage', `${file}: ${size} bytes, more than a cassette (${MAX_CASSETTE_BYTES}) or a document (${LIMITS.documentBytes}) may be.`),
  })
  if (bytes.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
    const cassette = openCassette(bytes, {source: file})
    return {kind: 'cassette', file, name: cassette.name, version: cassette.version, operations: cassette.operations('rebuild')}
  }
  const document = parseDocumentText(bytes, file)
  const validated = validateDocument(document, {source: file})
  const locator = pointerLocator(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
  const locate = (record: OperationRecord) => locator(`/paths/${escapeToken(record.path)}/${record.method}`)
  return {kind: 'document', file, name: validated.info.title, version: validated.info.version, operations: validated.operations, document, locate}
}

/** Which release a report is about, without its operations. */
export interface ReleaseSide {
  readonly file: string
  readonly kind: ReleaseInput['kind']
  readonly name: string
  readonly version: string
  readonly operations: number
}

export function describeRelease(input: ReleaseInput): ReleaseSide {
  return {file: input.file, kind: input.kind, name: input.name, version: input.version, operations: input.operations.length}
}
