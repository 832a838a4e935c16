import {TamaError} from '../errors/tama-error.js'
import {readBoundedStream} from '../files/index.js'
import {LIMITS, parseDocumentText, readDocumentFile} from '../profile/index.js'
import {type AdoptReport, adoptDocument} from './adopt-document.js'
import type {AdoptOptions} from './adopt-options.js'
import type {AdoptWarning} from './adopt-warnings.js'
import {documentFormat, serializeDocument, writeFileAtomically} from './write-document.js'

// How messages name standard input, the `-` input.
const STDIN = 'stdin'

export interface AdoptFileResult {
  /** The input and output paths as the caller gave them. */
  readonly input: string
  readonly output: string
  readonly report: AdoptReport
  readonly warnings: AdoptWarning[]
}

/**
 * Reads an OpenAPI description (JSON or YAML), adopts it and writes the profile document
 * atomically to `output`, as JSON or YAML by its extension (.json, .yaml, .yml).
 * An `input` of `-` reads standard input, named "stdin" in messages; paths are used as
 * given, in messages too. Throws TamaError as adoptDocument does, and
 * 'not_found' when the input does not exist, 'usage' when the output's folder is missing, and
 * 'unwritable' when the output cannot be written (read-only, permission denied, disk full).
 */
export async function adoptFile(input: string, output: string, options: Omit<AdoptOptions, 'source'> = {}): Promise<AdoptFileResult> {
  const format = documentFormat(output)
  const source = input === '-' ? STDIN : input
  const parsed = input === '-' ? await readStandardInput() : await readDocumentFile(input)
  const {document, warnings, report} = await adoptDocument(parsed, {...options, source})
  await writeFileAtomically(output, await serializeDocument(document, format))
  return {input, output, report, warnings}
}

async function readStandardInput(): Promise<unknown> {
  const bytes = await readBoundedStream(process.stdin, LIMITS.documentBytes, () => {
    const message = `The document is larger than ${LIMITS.documentBytes / 1024 / 1024} MiB, the limit. Split it into several documents.`
    return new TamaError('invalid_document', `${STDIN}: ${message}`, {problems: [{source: STDIN, pointer: '', message}]})
  })
  return parseDocumentText(bytes, STDIN)
}
