import {withRecordSearch} from '../search/index.js'
import {readExampleRequests} from './example-requests.js'
import {type LintOptions, lintOperations} from './lint-operations.js'
import type {LintReport} from './lint-types.js'
import {describeRelease, readReleaseInput} from './read-release-input.js'

// The namespace the operations are searched under; never shown.
const LINT_CASSETTE = 'lint'

export interface ReleaseLintOptions extends LintOptions {
  /** A JSON Lines file of more example requests (`--examples FILE`): every bad line, an unknown operation among them, is reported at once. */
  readonly examplesFile?: string
}

/**
 * Lints a cassette or a document: its operations (a cassette's derived again from its
 * embedded documents) are searched as a host searches them. Example requests are the
 * findability test, and search also ranks by them, so the operations are searched without
 * their example requests: no request can pass by matching itself.
 */
export async function lintRelease(file: string, options: ReleaseLintOptions = {}): Promise<LintReport> {
  const input = await readReleaseInput(file)
  const fromFile = options.examplesFile === undefined ? [] : await readExampleRequests(options.examplesFile, new Set(input.operations.map((record) => record.operationId)))
  const lintOptions = {...options, examples: [...(options.examples ?? []), ...fromFile]}
  const searched = input.operations.map((record) => ({...record, examples: []}))
  return withRecordSearch(LINT_CASSETTE, searched, (search) => ({...describeRelease(input), ...lintOperations(input.operations, search, lintOptions)}))
}
