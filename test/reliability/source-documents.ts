import {readdirSync} from 'node:fs'
import {join} from 'node:path'

import {corpusFile, type CorpusName} from '../../tools/ranking/corpus-documents.js'
import {adoptDocument} from '../../src/core/adopt/index.js'
import {readDocumentFile} from '../../src/core/profile/index.js'
import {PROJECT_ROOT} from '../helpers/cli.js'

/** A valid profile document the suite mutates, named for messages. */
export interface SourceDocument {
  readonly name: string
  readonly document: Record<string, unknown>
}

export type {CorpusName}

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

/**
 * A real description of the corpus (tools/ranking/corpus-documents.ts: Incus ships as a fixture, the
 * rest are npm packages installed on first use), adopted as a producer would adopt it;
 * each is adopted with `<name>.read` / `<name>.write` scopes.
 */
export async function corpusDocument(name: CorpusName): Promise<SourceDocument> {
  const file = await corpusFile(name)
  const {document} = await adoptDocument(await readDocumentFile(file), {source: file, readScopes: [`${name}.read`], writeScopes: [`${name}.write`], destructiveMethods: ['delete']})
  return {name: `corpus ${name} (adopted)`, document}
}
