import {type Stats, constants} from 'node:fs'
import {open, stat} from 'node:fs/promises'

import {TamaError} from '../errors/index.js'

/** Read past a file's size to catch one that lies about it; some special files only answer reads of 8 bytes or more. */
const PROBE_BYTES = 4096

export interface BoundedRead {
  /** Most bytes the file may hold. */
  readonly maxBytes: number
  /** What the caller should name instead, for messages: "a .tama-cassette file". */
  readonly expected: string
  /** The error for a file over `maxBytes`; `bytes` is its size as far as it is known. */
  readonly tooLarge: (bytes: number) => TamaError
}

/**
 * Reads an untrusted file whole, never more than `maxBytes`, whatever its size claims.
 * Only regular files are read: a directory, FIFO, socket or device (or a symlink to one)
 * is refused before it is opened, and again on the open file, which is opened without
 * blocking so that a FIFO swapped in meanwhile cannot hang the open. A regular file that
 * yields more bytes than its size says (`/proc/self/pagemap` says 0 and never ends) is
 * refused after reading a few bytes past its size. Every message starts with `path` as given,
 * quoted when it is not a valid path at all.
 */
export async function readBoundedFile(path: string, bounds: BoundedRead): Promise<Buffer> {
  try {
    // Opening a device can itself act on it (a tape rewinds): look before opening.
    refuseUnlessRegular(path, await stat(path), bounds)
  } catch (error) {
    throw readFailure(error, path)
  }
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY)
  } catch (error) {
    throw readFailure(error, path)
  }
  try {
    const stats = await handle.stat()
    refuseUnlessRegular(path, stats, bounds)
    // Room past the size: reading into it means the size lied or the file grew.
    const buffer = Buffer.allocUnsafe(stats.size + PROBE_BYTES)
    let read = 0
    while (read < buffer.length) {
      const {bytesRead} = await handle.read(buffer, read, buffer.length - read, read)
      if (bytesRead === 0) break
      read += bytesRead
    }
    if (read > stats.size) {
      throw new TamaError(
        'usage',
        `${path}: Not an ordinary file: it holds more bytes than its size (${stats.size}) says, as special files and files being written do. Name ${bounds.expected}.`,
      )
    }
    return buffer.subarray(0, read)
  } catch (error) {
    throw readFailure(error, path)
  } finally {
    await handle.close()
  }
}

function refuseUnlessRegular(path: string, stats: Stats, bounds: BoundedRead): void {
  if (!stats.isFile()) throw new TamaError('usage', `${path}: Not a regular file (${fileType(stats)}). Name ${bounds.expected}.`)
  if (stats.size > bounds.maxBytes) throw bounds.tooLarge(stats.size)
}

function fileType(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory'
  if (stats.isFIFO()) return 'a FIFO'
  if (stats.isSocket()) return 'a socket'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  return 'a special file'
}

function readFailure(error: unknown, path: string): TamaError {
  if (error instanceof TamaError) return error
  const code = (error as NodeJS.ErrnoException).code
  // Node refuses a path with a NUL byte (or one that is not a string) before the system sees it.
  if (code === 'ERR_INVALID_ARG_VALUE' || code === 'ERR_INVALID_ARG_TYPE') return new TamaError('usage', `${JSON.stringify(String(path))} is not a valid path. Check the path.`)
  if (code === 'ENOENT' || code === 'ENOTDIR') return new TamaError('not_found', `${path}: No such file. Check the path.`)
  if (code === 'EACCES' || code === 'EPERM') return new TamaError('not_found', `${path}: Permission denied. Make the file readable.`)
  if (code === 'ELOOP' || code === 'ENAMETOOLONG' || code === 'EISDIR' || code === 'EINVAL') return new TamaError('usage', `${path}: Cannot be read (${code}). Check the path.`)
  return new TamaError('internal', `${path}: Cannot be read (${code ?? (error as Error).message}).`, {cause: error})
}
