import {closeSync, openSync} from 'node:fs'
import {open, rename, rm} from 'node:fs/promises'
import {extname} from 'node:path'

import {TamaError, unwritableFailure} from '../errors/index.js'
import {releaseTemporary, removeStaleTemporaries, temporaryPathBeside} from '../files/index.js'

export type DocumentFormat = 'json' | 'yaml'

const FORMATS: Readonly<Record<string, DocumentFormat>> = {'.json': 'json', '.yaml': 'yaml', '.yml': 'yaml'}

/** The format an output file is written in, by its extension. */
export function documentFormat(path: string): DocumentFormat {
  const format = FORMATS[extname(path).toLowerCase()]
  if (format === undefined) throw new TamaError('usage', `${path}: the output file must end in .json, .yaml or .yml, which picks its format.`)
  return format
}

/**
 * The document as text: JSON with two-space indentation, or YAML 1.2 with no anchors
 * (a profile reader allows few aliases) and no line folding. Keys keep the document's
 * order, so the same document always gives the same bytes. Ends with a newline.
 */
export async function serializeDocument(document: Record<string, unknown>, format: DocumentFormat): Promise<string> {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`
  const {stringify} = await import('yaml')
  return stringify(document, {version: '1.2', aliasDuplicateObjects: false, lineWidth: 0})
}

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
