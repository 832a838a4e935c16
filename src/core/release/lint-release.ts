import {withRecordSearch} from '../search/index.js'
import {type LintOptions, lintOperations} from './lint-operations.js'
import type {LintReport} from './lint-types.js'
import {describeRelease, readReleaseInput} from './read-release-input.js'

// The namespace the operations are searched under; never shown.
const LINT_CASSETTE = 'lint'

/**
 * Lints a cassette or a document: its operations (a cassette's derived again from its
 * embedded documents) are searched as a host searches them. Example requests are the
 * findability test, and search also ranks by them, so the operations are searched without
 * their example requests: no request can pass by matching itself.
 */
export async function lintRelease(file: string, options: LintOptions = {}): Promise<LintReport> {
  const input = await readReleaseInput(file)
  const searched = input.operations.map((record) => ({...record, examples: []}))
  return withRecordSearch(LINT_CASSETTE, searched, (search) => ({...describeRelease(input), ...lintOperations(input.operations, search, options)}))
}
