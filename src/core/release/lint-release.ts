import {withPrivateIndex} from '../index/index.js'
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
  const loaded = input.kind === 'document' ? {document: input.document, cassette: LINT_CASSETTE} : {}
  return withPrivateIndex(file, (index) => ({...describeRelease(input), ...lintOperations(input.operations, (query, search) => index.search(query, search), options)}), loaded)
}
