import {documentSource, readDocumentFile} from '../profile/index.js'
import {type AdoptReport, adoptDocument} from './adopt-document.js'
import {bundleLocalFiles} from './bundle/local-files.js'
import type {AdoptOptions} from './adopt-options.js'
import type {AdoptWarning} from './adopt-warnings.js'
import {documentFormat, serializeDocument, writeFileAtomically} from './write-document.js'

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
 * given, in messages too. Throws TamaError as adoptDocument does, and
 * 'not_found' when the input does not exist, 'usage' when the output's folder is missing, and
 * 'unwritable' when the output cannot be written (read-only, permission denied, disk full).
 */
export async function adoptFile(input: string, output: string, options: Omit<AdoptOptions, 'source'> = {}): Promise<AdoptFileResult> {
  const format = documentFormat(output)
  const source = documentSource(input)
  const parsed = await bundleLocalFiles(input, await readDocumentFile(input), source)
  const {document, warnings, report} = await adoptDocument(parsed, {...options, source})
  await writeFileAtomically(output, await serializeDocument(document, format))
  return {input, output, report, warnings}
}
