/**
 * Where the big inputs of the training, the benchmarks and the soak tests are read from. A
 * checkout needs nothing beside it: small inputs ship under test/fixtures/, big ones are npm
 * packages installed on first use (on-demand-package.ts). A folder `../shared` beside the
 * checkout, when present, is an optional local copy that is read instead;
 * TAMA_DEX_HIDE_SHARED=1 hides it, as CI does, and TAMA_CORPUS_DIR / TAMA_RETRIEVAL_DIR name
 * other copies. Training alone needs more than a checkout holds: the full retrieval sets.
 */
import {existsSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

export const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** `../shared/<folder>` beside the checkout, unless it is missing or hidden. */
export function sharedFolder(folder: 'corpus' | 'retrieval'): string | undefined {
  if (process.env.TAMA_DEX_HIDE_SHARED === '1') return undefined
  const dir = path.resolve(REPOSITORY, '../shared', folder)
  return existsSync(dir) ? dir : undefined
}

/** The folder of the public retrieval sets: $TAMA_RETRIEVAL_DIR, ../shared/retrieval, else the small slices in test/fixtures/retrieval. */
export function retrievalDir(): string {
  const dir = process.env.TAMA_RETRIEVAL_DIR ?? sharedFolder('retrieval')
  if (dir !== undefined) return dir
  process.stderr.write('retrieval sets: using the small slices in test/fixtures/retrieval (no ../shared/retrieval, no $TAMA_RETRIEVAL_DIR): quality figures are not comparable\n')
  return path.join(REPOSITORY, 'test/fixtures/retrieval')
}

/**
 * The folder of the full public retrieval sets, which training fits on (the slices are too
 * small): $TAMA_TRAINING_SETS_DIR, $TAMA_RETRIEVAL_DIR, else ../shared/retrieval; undefined
 * when none is there. CI names its copy with the first, so that only the refit check reads
 * it and the benchmarks' smoke run still reads the slices.
 */
export function trainingRetrievalDir(): string | undefined {
  return process.env.TAMA_TRAINING_SETS_DIR ?? process.env.TAMA_RETRIEVAL_DIR ?? sharedFolder('retrieval')
}
