export {diffOperations} from './diff-operations.js'
export {diffReleases} from './diff-releases.js'
export type {FindabilityRegression} from './findability-changes.js'
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
export {readExampleRequests} from './example-requests.js'
export type {ExampleRequest} from './example-requests.js'
export {lintOperations} from './lint-operations.js'
export type {LintOptions} from './lint-operations.js'
export type {ReleaseLintOptions} from './lint-release.js'
export {lintRelease} from './lint-release.js'
export {baselineText, gatedFindings, readBaseline, withBaseline} from './lint-baseline.js'
export type {AcceptedFinding} from './lint-baseline.js'
export {PENALTIES} from './lint-score.js'
export type {BaselineUse, CatalogueLint, Finding, FindingKind, LintReport, OperationLint} from './lint-types.js'
export {EXAMPLE_DEPTH} from './rank-examples.js'
export {RANK_DEPTH} from './rank-own-summaries.js'
export type {SearchFunction} from './rank-own-summaries.js'
export {readReleaseInput} from './read-release-input.js'
export {idList, releaseLabel} from './release-label.js'
export {DEFAULT_LINT_FAIL_ON, FAIL_ON, LINT_FAIL_ON, diffGateFailure, lintClass, lintGateFailure} from './release-gates.js'
export type {FailOn, LintGate} from './release-gates.js'
export {MAX_SUMMARY_CHARACTERS, MIN_SUMMARY_WORDS} from './summary-findings.js'
