import {TamaError} from '../errors/index.js'
import {CASSETTE_APPLICATION_ID, INDEX_APPLICATION_ID} from './application-ids.js'

/** What a file is, by its content: a cassette, a host index, an API description, or something else. */
export type FileKind = 'cassette' | 'index' | 'description' | 'other'

const SQLITE_MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1')
// https://www.sqlite.org/fileformat.html#the_database_header: application_id is at byte 68.
const APPLICATION_ID_OFFSET = 68
const DESCRIPTION_KEYS = ['openapi', 'swagger', 'x-tama-profile']

export function isSqlite(bytes: Uint8Array): boolean {
  return bytes.length >= SQLITE_MAGIC.length && Buffer.from(bytes.buffer, bytes.byteOffset, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)
}

/**
 * Recognises a file from its bytes: SQLite's header and application_id, else, given the
 * document parser of the layer above, a JSON or YAML object declaring openapi, swagger or
 * x-tama-profile.
 */
export function recogniseFile(bytes: Uint8Array, parseDocument?: (bytes: Uint8Array) => unknown): FileKind {
  if (isSqlite(bytes)) {
    if (bytes.length < APPLICATION_ID_OFFSET + 4) return 'other'
    const applicationId = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32BE(APPLICATION_ID_OFFSET)
    if (applicationId === CASSETTE_APPLICATION_ID) return 'cassette'
    if (applicationId === INDEX_APPLICATION_ID) return 'index'
    return 'other'
  }
  if (parseDocument === undefined) return 'other'
  let document: unknown
  try {
    document = parseDocument(bytes)
  } catch {
    return 'other'
  }
  return typeof document === 'object' && document !== null && DESCRIPTION_KEYS.some((key) => Object.hasOwn(document, key)) ? 'description' : 'other'
}

// A top-level key at a line's start (YAML) or a quoted key (JSON); a description states one in its first lines.
const DESCRIPTION_HEAD = new RegExp(`^(?:${DESCRIPTION_KEYS.join('|')})[ \\t]*:|"(?:${DESCRIPTION_KEYS.join('|')})"\\s*:`, 'm')

/**
 * What a file is from its first bytes alone (up to 64 KiB), for a path given where an
 * index belongs, which is opened without parsing: a cassette or an index by SQLite's
 * header, a text whose head declares openapi, swagger or x-tama-profile as a description.
 */
export function recogniseFileHead(head: Uint8Array): FileKind {
  if (isSqlite(head)) return recogniseFile(head)
  return DESCRIPTION_HEAD.test(Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8')) ? 'description' : 'other'
}

/**
 * The usage error for a file of the wrong kind, naming what it is, with the remedy of using
 * it where that kind is taken; null when the file is of no kind tama-dex knows (the
 * caller's own checks say why). `details.file_kind` lets a command that takes several
 * kinds tell them apart.
 */
export function wrongKindOfFile(path: string, kind: FileKind, expected: string): TamaError | null {
  if (kind === 'other') return null
  return new TamaError('usage', `${path} is ${WHAT[kind]}, not ${expected}.`, {
    details: {file_kind: kind, file: path, expected},
    remedy: {kind: 'other-command', file: path, fileKind: kind},
  })
}

/** What each kind of file is. */
const WHAT: Readonly<Record<Exclude<FileKind, 'other'>, string>> = Object.freeze({cassette: 'a cassette', index: 'a tama-dex index', description: 'an API description'})
