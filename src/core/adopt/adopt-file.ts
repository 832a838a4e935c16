import {TamaError} from '../errors/index.js'
import {writeFileAtomically} from '../files/index.js'
import {jsonLengthWithin} from '../json/index.js'
import {LIMITS, MIB, documentSource, readDocumentFile} from '../profile/index.js'
import {type AdoptReport, adoptDocument} from './adopt-document.js'
import {bundleLocalFiles} from './bundle/index.js'
import {type AdoptOptions, SUBSET_REMEDY} from './adopt-options.js'
import type {AdoptWarning} from './adopt-warnings.js'
import {documentFormat, serializeDocument} from './write-document.js'

export interface AdoptFileResult {
  /** The input and output paths as the caller gave them. */
  readonly input: string
  readonly output: string
  readonly report: AdoptReport
  readonly warnings: AdoptWarning[]
}

/**
 * Reads an OpenAPI description (JSON or YAML), bundles in the files it references inside
 * its folder (bundleLocalFiles), adopts it and writes the profile document
 * atomically to `output`, as JSON or YAML by its extension (.json, .yaml, .yml).
 * An `input` of `-` reads standard input, named "stdin" in messages; paths are used as
 * given, in messages too. Throws TamaError as adoptedText does, and 'unwritable' when the
 * output cannot be written (read-only, permission denied, disk full).
 */
export async function adoptFile(input: string, output: string, options: Omit<AdoptOptions, 'source'> = {}): Promise<AdoptFileResult> {
  const {text, ...adopted} = await adoptedText(input, output, options)
  await writeFileAtomically(output, text)
  return adopted
}

/**
 * All adoptFile does but the write: the text to write to `output`, with what adoption did.
 * Nothing is written, so a caller may end it at any moment and leave no file behind.
 * Throws TamaError as adoptDocument does, and 'not_found' when the input does not exist,
 * 'usage' when the output's name picks no format, and 'invalid_document' when the adopted
 * document would be larger than a document may be (validate and build would refuse it).
 */
export async function adoptedText(input: string, output: string, options: Omit<AdoptOptions, 'source'> = {}): Promise<AdoptFileResult & {readonly text: string}> {
  const format = documentFormat(output)
  const source = documentSource(input)
  const parsed = await bundleLocalFiles(input, await readDocumentFile(input), source)
  const {document, warnings, report} = await adoptDocument(parsed, {...options, source})
  // Counted before it is written out, so that a document far past the limit costs no more than the limit to refuse.
  if (jsonLengthWithin(document, LIMITS.documentBytes) > LIMITS.documentBytes) throw tooLargeToWrite(source, output)
  const text = await serializeDocument(document, format)
  const bytes = Buffer.byteLength(text)
  if (bytes > LIMITS.documentBytes) throw tooLargeToWrite(source, output, bytes)
  return {input, output, report, warnings, text}
}

function tooLargeToWrite(source: string, output: string, bytes?: number): TamaError {
  const size = bytes === undefined ? '' : `${(bytes / MIB).toFixed(1)} MiB, `
  const message = `the adopted document would be ${size}more than the ${LIMITS.documentBytes / MIB} MiB a document may be (docs/profile.md#limits), so validate and build would refuse it; ${output} was not written. Share the schemas operations repeat through #/components, or adopt a subset of the operations.`
  return new TamaError('invalid_document', `${source}: ${message}`, {problems: [{source, pointer: '', message}], remedy: SUBSET_REMEDY})
}
