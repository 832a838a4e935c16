import {CASSETTE_APPLICATION_ID, CASSETTE_FORMAT_VERSION, CASSETTE_PAGE_SIZE} from './cassette-format.js'

/** https://www.sqlite.org/fileformat.html#the_database_header */
const HEADER_BYTES = 100
const MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1')

/** The facts a valid cassette header states. */
export interface CassetteHeader {
  readonly pages: number
  readonly formatVersion: number
}

/**
 * Checks a cassette's 100-byte SQLite header before SQLite ever sees the file. Returns
 * the header, or the reason it is not a readable tama-cassette/1 file.
 */
export function checkHeader(bytes: Uint8Array): CassetteHeader | {reason: string} {
  if (bytes.length === 0) return {reason: 'the file is empty.'}
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_BYTES))
  if (header.length < HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    return {reason: 'not a SQLite database (no "SQLite format 3" header), so not a cassette.'}
  }
  const applicationId = header.readUInt32BE(68)
  if (applicationId !== CASSETTE_APPLICATION_ID) {
    return {reason: `application_id is ${hex(applicationId)}, not ${hex(CASSETTE_APPLICATION_ID)} ("TAMA"): this SQLite file is not a cassette.`}
  }
  const formatVersion = header.readUInt32BE(60)
  if (formatVersion > CASSETTE_FORMAT_VERSION) {
    return {reason: `format version ${formatVersion} is newer than this tama-dex reads (${CASSETTE_FORMAT_VERSION}): upgrade tama-dex to read this cassette.`}
  }
  if (formatVersion !== CASSETTE_FORMAT_VERSION) return {reason: `format version ${formatVersion} is not one tama-dex reads (${CASSETTE_FORMAT_VERSION}).`}
  const rawPageSize = header.readUInt16BE(16)
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize
  if (pageSize !== CASSETTE_PAGE_SIZE) return {reason: `page size is ${pageSize}, not ${CASSETTE_PAGE_SIZE}.`}
  if (header[18] !== 1 || header[19] !== 1) return {reason: 'the file is in WAL mode; a cassette uses a rollback journal (file format 1).'}
  if (header[20] !== 0) return {reason: `${header[20]} bytes are reserved at the end of each page; a cassette reserves none.`}
  if (header.readUInt32BE(56) !== 1) return {reason: 'the text encoding is not UTF-8.'}
  // The in-header page count is only valid when the change counter matches this field.
  if (header.readUInt32BE(92) !== header.readUInt32BE(24)) return {reason: 'the header page count is stale: the file was changed by an older SQLite.'}
  const pages = header.readUInt32BE(28)
  if (pages * pageSize !== bytes.length) {
    return {reason: `the header says ${pages} pages (${pages * pageSize} bytes) but the file has ${bytes.length} bytes: it is truncated or padded.`}
  }
  const freePages = header.readUInt32BE(36)
  if (freePages !== 0) return {reason: `${freePages} free pages: the file was changed after it was built.`}
  return {pages, formatVersion}
}

function hex(value: number): string {
  return `0x${value.toString(16).padStart(8, '0')}`
}
