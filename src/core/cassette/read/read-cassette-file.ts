import {TamaError} from '../../errors/index.js'
import {readBoundedFile, recogniseFile, wrongKindOfFile} from '../../files/index.js'

/** Largest cassette file read: a bound on memory whatever a hostile file claims. */
export const MAX_CASSETTE_BYTES = 1024 * 1024 * 1024

/**
 * Reads a cassette file's bytes once; every later step works on these bytes, never on the
 * path, so the file cannot change between being checked and being used. A file tama-dex
 * knows as something else (an index, an API description) is a usage error naming the
 * commands that take it, not a verification failure.
 */
export async function readCassetteFile(path: string): Promise<Uint8Array> {
  const bytes = await readBoundedFile(path, {
    maxBytes: MAX_CASSETTE_BYTES,
    expected: 'a .tama-cassette file',
    tooLarge: (size) => new TamaError('verification_failed', `${path}: ${size} bytes, more than a cassette may be (${MAX_CASSETTE_BYTES}).`),
  })
  if (recogniseFile(bytes) !== 'cassette') {
    // Only a file that is no cassette is parsed as a document, to name what it is instead.
    const {parseDocumentText} = await import('../../profile/index.js')
    const wrongKind = wrongKindOfFile(path, recogniseFile(bytes, (text) => parseDocumentText(text, path)), 'a cassette')
    if (wrongKind !== null) throw wrongKind
  }
  return bytes
}
