import {openIndex} from '../index/open-index.js'
import {type LintOptions, lintOperations} from './lint-operations.js'
import type {LintReport} from './lint-types.js'
import {describeRelease, readReleaseInput} from './read-release-input.js'

// The namespace a document is loaded as in the private index; never shown.
const LINT_CASSETTE = 'lint'

/**
 * Lints a cassette or a document: installs it in a private in-memory index exactly as a
 * host would (a cassette in rebuild mode, a document loaded), and searches that index.
 */
export async function lintRelease(file: string, options: LintOptions = {}): Promise<LintReport> {
  const input = await readReleaseInput(file)
  const index = openIndex({path: ':memory:'})
  try {
    if (input.kind === 'document') await index.load(input.document, {cassette: LINT_CASSETTE, source: file})
    else await index.import(file)
    return {...describeRelease(input), ...lintOperations(input.operations, (query, search) => index.search(query, search), options)}
  } finally {
    index.close()
  }
}
