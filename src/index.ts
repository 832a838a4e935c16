/**
 * tama-dex, the library. Importing it starts nothing: no thread, no timer, no listener,
 * no network. The CLI is one client of these exports; `tama-dex/mcp` adds the MCP tools.
 */

// Errors: one class, a closed set of kinds, each with its CLI exit code.
export {ERROR_KINDS, TamaError, formatProblem, isTamaError} from './core/errors/index.js'
export {REMEDY_KINDS} from './core/errors/index.js'
export type {ErrorKind, OptionChoice, Problem, Remedy, RemedyKind, TamaErrorOptions} from './core/errors/index.js'

// Telemetry: node:diagnostics_channel, allow-listed fields only.
export {EVENT_NAMES, SPAN_NAMES, channelNames} from './core/telemetry/index.js'
export type {EventName, SpanName, TelemetryField, TelemetryFields} from './core/telemetry/index.js'

// The profile: parse, validate and normalise tama-operations/1 documents.
export {INPUT_LIMITS, LIMITS, PROFILE, checkDocument, parseDocumentText, readDocumentFile, validateDocument} from './core/profile/index.js'
export type {CheckOptions, CheckResult} from './core/profile/index.js'
export type {
  ConfirmationRule,
  DocumentInfo,
  FormField,
  InputBody,
  InputParameter,
  JsonSchema,
  OperationRecord,
  ValidatedDocument,
} from './core/profile/index.js'

// Adoption: Swagger 2.0 / OpenAPI 3.x descriptions to profile documents.
export {ADOPT_DEFAULTS, ADOPT_WARNING_KINDS, HTTP_METHODS, adoptDocument, adoptFile} from './core/adopt/index.js'
export type {
  AdoptFileResult,
  AdoptOptions,
  AdoptReport,
  AdoptResult,
  AdoptWarning,
  AdoptWarningKind,
  HttpMethod,
  RenamedId,
  ScopeSource,
  SourceVersion,
} from './core/adopt/index.js'

// Cassettes: plan, write, read and verify tama-cassette/1 files.
export {
  CASSETTE_APPLICATION_ID,
  CASSETTE_FORMAT,
  CASSETTE_FORMAT_VERSION,
  CASSETTE_NAME_PATTERN,
  assertCassetteVerified,
  buildCassette,
  canonicalJson,
  loadCassetteOperations,
  openCassette,
  planCassette,
  readCassette,
  readCassetteFile,
  verifyCassette,
  writeCassette,
} from './core/cassette/index.js'
export type {
  BuiltCassette,
  CassetteCheck,
  CassetteContents,
  CassetteDocument,
  CassetteInput,
  CassetteMeta,
  CassettePlan,
  LoadMode,
  OpenedCassette,
  VerifyReport,
  WrittenCassette,
} from './core/cassette/index.js'

// The host index: many cassettes in one SQLite file, search and execute over them.
export {INDEX_APPLICATION_ID, STORAGE_VERSION, TamaIndex, openIndex, resolveIndexPath, withPrivateIndex} from './core/host-index/index.js'
export type {
  ImportOptions,
  IndexStatus,
  InstallResult,
  InstalledCassette,
  LoadOptions,
  OpenIndexOptions,
  PrivateIndexOptions,
  ReplaceRules,
  ReplacedCassette,
} from './core/host-index/index.js'
export type {SearchConfirmation, SearchHit, SearchOptions, SearchResponse} from './core/search/index.js'

// Execute: governed dispatch to the executors a host registers.
export {NOT_SENT_CODE, NotSentError, executeOperation, loadExecutors} from './core/execute/index.js'
export type {
  DispatchPlan,
  ExecuteOptions,
  ExecuteResult,
  Executor,
  ExecutorCall,
  ExecutorMap,
  ExecutorRegistration,
  OperationCatalog,
} from './core/execute/index.js'

// Release tooling for producers: what changed between two releases, and how findable each operation is.
export {
  PENALTIES,
  baselineText,
  diffGateFailure,
  diffOperations,
  diffReleases,
  gatedFindings,
  lintGateFailure,
  lintOperations,
  lintRelease,
  readBaseline,
  withBaseline,
} from './core/release/index.js'
// A producer's tama-dex.config.yaml, as the CLI finds and reads it.
export {discoverConfig, loadConfig} from './core/config/index.js'
export type {CommandSettings, ProducerConfig} from './core/config/index.js'
// Reports of a check's result in the formats CI systems read.
export {REPORT_FORMATS, RULES, formatDiff, formatLint, formatReport} from './core/report/index.js'
export type {GatedDiff, ReportFormat, ReportSubject} from './core/report/index.js'
export type {
  AcceptedFinding,
  AddedOperation,
  BaselineUse,
  CassetteDiff,
  CatalogueLint,
  Change,
  ChangeField,
  ChangeKind,
  ChangedOperation,
  DiffSummary,
  FailOn,
  Finding,
  FindingKind,
  LintGate,
  LintOptions,
  LintReport,
  OperationLint,
  ReleaseDiff,
  ReleaseLintOptions,
  RemovedOperation,
} from './core/release/index.js'
