import {extname} from 'node:path'

import {TamaError} from '../errors/index.js'

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
