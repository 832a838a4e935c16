import {closeSync, openSync} from 'node:fs'
import {open, rename, rm} from 'node:fs/promises'

import {TamaError, unwritableFailure} from '../errors/index.js'
import {releaseTemporary, removeStaleTemporaries, temporaryPathBeside} from './temporary-file.js'

/**
 * Writes `text` to `path` so that `path` never holds a partial file: a temporary file
 * beside it is written, flushed to disk and renamed over it; on failure it is removed, and
 * one left by a killed write is removed by the next write of `path`.
 */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  await removeStaleTemporaries(path)
  const temporary = temporaryPathBeside(path)
  try {
    // Created synchronously, so that no creation is still under way when an interrupted CLI removes its temporaries.
    closeSync(openSync(temporary, 'wx'))
    const handle = await open(temporary, 'r+')
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    // Best effort: the failure to report is the write's, and a next write removes what is left.
    await rm(temporary, {force: true}).catch(() => {})
    throw writeFailure(path, error as NodeJS.ErrnoException)
  } finally {
    releaseTemporary(temporary)
  }
}

function writeFailure(path: string, error: NodeJS.ErrnoException): TamaError {
  const unwritable = unwritableFailure(error, path, 'the output')
  if (unwritable !== undefined) return unwritable
  const reasons: Readonly<Record<string, string>> = {
    ENOENT: 'its folder does not exist',
    ENOTDIR: 'its folder does not exist',
    EISDIR: 'it is a directory',
    ENAMETOOLONG: 'its name is too long',
  }
  const reason = error.code === undefined ? undefined : reasons[error.code]
  if (reason !== undefined) return new TamaError('usage', `${path}: cannot write the output: ${reason}. Choose another output file.`)
  return new TamaError('internal', `${path}: cannot write the output (${error.code ?? error.message}).`, {cause: error})
}
