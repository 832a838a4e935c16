import {basename} from 'node:path'

import {isTamaError} from '../errors/index.js'
import {openIndex} from './open-index.js'
import type {TamaIndex} from './tama-index.js'

export interface PrivateIndexOptions {
  /** The file's document, already read: loaded as it is instead of reading the file again. */
  readonly document?: unknown
  /** The name a document is loaded under. Default: one made from the file's name. */
  readonly cassette?: string
}

/**
 * Installs one file in a private in-memory index exactly as a host would (a cassette in
 * rebuild mode; a document or an API description loaded), runs `use` on that index and
 * closes it. Nothing is written anywhere.
 */
export async function withPrivateIndex<T>(file: string, use: (index: TamaIndex) => T | Promise<T>, options: PrivateIndexOptions = {}): Promise<T> {
  const index = openIndex({path: ':memory:'})
  try {
    await install(index, file, options)
    return await use(index)
  } finally {
    index.close()
  }
}

async function install(index: TamaIndex, file: string, options: PrivateIndexOptions): Promise<void> {
  const cassette = options.cassette ?? cassetteNameOf(basename(file))
  if (options.document !== undefined) {
    await index.load(options.document, {cassette, source: file})
    return
  }
  try {
    await index.import(file)
  } catch (error) {
    if (!isTamaError(error) || error.details.file_kind !== 'description') throw error
    // Loaded only here: reading documents needs the profile's parsers, which searching does not.
    const {readDocumentFile} = await import('../profile/index.js')
    await index.load(await readDocumentFile(file), {cassette, source: file})
  }
}

// Cassette names are lower-case identifiers (docs/cassette-format.md): `k8s-apps.v1.yaml` becomes `k8s_apps`.
function cassetteNameOf(fileName: string): string {
  const stem = fileName.split('.')[0]!.toLowerCase().replace(/[^a-z0-9_]+/g, '_').slice(0, 63)
  return /^[a-z]/.test(stem) ? stem : `d${stem}`.slice(0, 64)
}
