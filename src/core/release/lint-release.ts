import {withRecordSearch} from '../search/index.js'
import {readExampleRequests} from './example-requests.js'
import {type LintOptions, lintOperations} from './lint-operations.js'
import type {LintReport} from './lint-types.js'
import {describeRelease, readReleaseInput} from './read-release-input.js'

// The namespace the operations are searched under; never shown.
const LINT_CASSETTE = 'lint'

export interface ReleaseLintOptions extends LintOptions {
  /** JSON Lines files of more example requests (`--examples FILE`): every bad line of a file, an unknown operation among them, is reported at once. */
  readonly examplesFiles?: readonly string[]
}

/**
 * Lints a cassette or a document: its operations (a cassette's derived again from its
 * embedded documents) are searched as a host searches them. Example requests are the
 * findability test, and search also ranks by them, so the operations are searched without
 * their example requests: no request can pass by matching itself.
 */
export async function lintRelease(file: string, options: ReleaseLintOptions = {}): Promise<LintReport> {
  const input = await readReleaseInput(file)
  const operationIds = new Set(input.operations.map((record) => record.operationId))
  const fromFiles = []
  for (const file of options.examplesFiles ?? []) fromFiles.push(...(await readExampleRequests(file, operationIds)))
  const lintOptions = {...options, examples: [...(options.examples ?? []), ...fromFiles]}
  const searched = input.operations.map((record) => ({...record, examples: []}))
  const lint = withRecordSearch(LINT_CASSETTE, searched, (search) => lintOperations(input.operations, search, lintOptions))
  if (input.kind === 'cassette') return {...describeRelease(input), ...lint}
  // A document's text places each operation, so CI systems can show a finding on its line.
  const records = new Map(input.operations.map((record) => [record.operationId, record]))
  const results = lint.results.map((result) => ({...result, ...input.locate(records.get(result.operation_id)!)}))
  return {...describeRelease(input), ...lint, results}
}
