import {TamaError} from '../errors/tama-error.js'
import {readBoundedFile} from '../files/index.js'

/** Largest cassette file read: a bound on memory whatever a hostile file claims. */
export const MAX_CASSETTE_BYTES = 1024 * 1024 * 1024

/**
 * Reads a cassette file's bytes once; every later step works on these bytes, never on the
 * path, so the file cannot change between being checked and being used.
 */
export function readCassetteFile(path: string): Promise<Uint8Array> {
  return readBoundedFile(path, {
    maxBytes: MAX_CASSETTE_BYTES,
    expected: 'a .tama-cassette file',
    tooLarge: (bytes) => new TamaError('verification_failed', `${path}: ${bytes} bytes, more than a cassette may be (${MAX_CASSETTE_BYTES}).`),
  })
}
