import {constants} from 'node:fs'
import {open} from 'node:fs/promises'

import {TamaError} from '../errors/tama-error.js'

/** Largest cassette file read: a bound on memory whatever a hostile file claims. */
export const MAX_CASSETTE_BYTES = 1024 * 1024 * 1024

/**
 * Reads a cassette file's bytes once; every later step works on these bytes, never on the
 * path, so the file cannot change between being checked and being used.
 */
export async function readCassetteFile(path: string): Promise<Uint8Array> {
  let handle
  try {
    // Without blocking, so a FIFO with no writer cannot hang the open itself; it is then refused as not a file.
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    throw readFailure(error, path)
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw new TamaError('usage', `${path} is not a file. Give the path of a .tama-cassette file.`)
    if (stat.size > MAX_CASSETTE_BYTES) throw new TamaError('verification_failed', `${path} is ${stat.size} bytes, more than a cassette may be (${MAX_CASSETTE_BYTES}).`)
    return await handle.readFile()
  } catch (error) {
    throw readFailure(error, path)
  } finally {
    await handle.close()
  }
}

function readFailure(error: unknown, path: string): TamaError {
  if (error instanceof TamaError) return error
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return new TamaError('not_found', `${path}: no such file. Check the path.`)
  if (code === 'EISDIR') return new TamaError('usage', `${path} is a directory. Give the path of a .tama-cassette file.`)
  if (code === 'EACCES' || code === 'EPERM') return new TamaError('usage', `${path} cannot be read: permission denied.`)
  return new TamaError('internal', `${path} cannot be read (${code ?? (error as Error).message}).`, {cause: error})
}
