export {diffOperations} from './diff-operations.js'
export {diffReleases} from './diff-releases.js'
export type {ReleaseDiff} from './diff-releases.js'
export type {
  AddedOperation,
  CassetteDiff,
  Change,
  ChangeField,
  ChangeKind,
  ChangedOperation,
  DiffSummary,
  RemovedOperation,
} from './diff-types.js'
export {formatDiff} from './format-diff.js'
export {formatLint} from './format-lint.js'
export {readExampleRequests} from './example-requests.js'
export type {ExampleRequest} from './example-requests.js'
export {lintOperations} from './lint-operations.js'
export type {LintOptions} from './lint-operations.js'
export type {ReleaseLintOptions} from './lint-release.js'
export {lintRelease} from './lint-release.js'
export {PENALTIES} from './lint-score.js'
export type {CatalogueLint, Finding, FindingKind, LintReport, OperationLint} from './lint-types.js'
export type {SearchFunction} from './rank-own-summaries.js'
export {readReleaseInput} from './read-release-input.js'
export {FAIL_ON, diffGateFailure, lintGateFailure} from './release-gates.js'
export type {FailOn} from './release-gates.js'
