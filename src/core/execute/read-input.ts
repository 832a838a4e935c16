import {TamaError, passOption} from '../errors/index.js'
import {readBoundedFile, readBoundedStream} from '../files/index.js'
import {LIMITS} from '../profile/index.js'

/** Inputs larger than a document may be are refused before parsing. */
// A bound on what is read; the text may be pretty-printed, and execute holds the input itself to INPUT_LIMITS.
const MAX_INPUT_BYTES = LIMITS.documentBytes

/**
 * The execute input from a JSON string, or from a file (`-` for stdin), or `{}` when
 * neither is given. Only the JSON syntax is checked here; execute checks the shape.
 * Messages name the source as the caller gave it: the option `json`, or the file name.
 */
export async function readInput(source: {json?: string; file?: string}, stdin: NodeJS.ReadableStream = process.stdin): Promise<unknown> {
  if (source.json !== undefined) return parseInput(source.json, 'json')
  if (source.file === undefined) return {}
  if (source.file === '-') return parseInput((await readBoundedStream(stdin, MAX_INPUT_BYTES, () => tooLarge('stdin'))).toString('utf8'), 'stdin')
  const where = JSON.stringify(source.file)
  const bytes = await readBoundedFile(source.file, {maxBytes: MAX_INPUT_BYTES, expected: 'a JSON file, or - for stdin', tooLarge: () => tooLarge(where)})
  return parseInput(bytes.toString('utf8'), where)
}

/** `source` is the option `json`, or the file the input was read from. */
function parseInput(text: string, source: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const fault = `The input${source === 'json' ? '' : ` in ${source}`} is not valid JSON (${(error as Error).message}).`
    throw new TamaError('usage', fault, {remedy: passOption(source === 'json' ? 'json' : 'file', `with a JSON object, e.g. '{"name":"web1"}'`)})
  }
}

function tooLarge(where: string): TamaError {
  return new TamaError('usage', `The input in ${where} is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB. Pass a smaller input.`)
}
