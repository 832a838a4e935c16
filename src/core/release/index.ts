export {CHANGE_RULES, addedOperationRisk, classifyChange} from './classify-change.js'
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
  DetectedChange,
  DiffSummary,
  RemovedOperation,
  SchemaChangeKind,
} from './diff-types.js'
export {readExampleRequests} from './example-requests.js'
export type {ExampleRequest} from './example-requests.js'
export {lintOperations} from './lint-operations.js'
export type {LintOptions} from './lint-operations.js'
export type {ReleaseLintOptions} from './lint-release.js'
export {lintRelease} from './lint-release.js'
export {PENALTIES, WORST_LIMIT} from './lint-score.js'
export type {CatalogueLint, ExampleLint, Finding, FindingKind, LintReport, OperationLint, SummaryGroup, WorstOperation} from './lint-types.js'
export {DEFAULT_EXAMPLES_TOP, EXAMPLE_DEPTH} from './rank-examples.js'
export type {ExampleRank} from './rank-examples.js'
export {RANK_DEPTH} from './rank-own-summaries.js'
export type {SearchFunction} from './rank-own-summaries.js'
export {describeRelease, readReleaseInput} from './read-release-input.js'
export {idList, releaseLabel} from './release-label.js'
export type {ReleaseInput, ReleaseSide} from './read-release-input.js'
export {DEFAULT_LINT_FAIL_ON, FAIL_ON, LINT_FAIL_ON, diffGateFailure, lintClass, lintGateFailure} from './release-gates.js'
export type {FailOn, LintGate} from './release-gates.js'
export {SIMILARITY} from './similar-summaries.js'
export {MAX_SUMMARY_CHARACTERS, MIN_SUMMARY_WORDS} from './summary-findings.js'
