import {REMEDY_TEXT, type Remedy, renderRemedy} from './remedy.js'

/**
 * The closed set of failures every public tama-dex function reports, each with the
 * CLI exit code it maps to. docs/errors.md says when each happens and what to do; a test
 * keeps the two equal.
 */
export const ERROR_KINDS = {
  /** A bug or an environment failure tama-dex did not expect. */
  internal: 1,
  /** The call itself is malformed: bad flag, bad argument, bad option value. */
  usage: 2,
  /** A document breaks OpenAPI 3.1 or the tama-operations/1 profile. */
  invalid_document: 3,
  /** A cassette failed verification: corrupt, hostile, tampered or inconsistent. */
  verification_failed: 4,
  /** Bytes do not hash to the pinned SHA-256. */
  digest_mismatch: 4,
  /** No such cassette, operation or file (or one the caller may not see). */
  not_found: 5,
  /** The operation's confirmation rule is not satisfied; the error says what to send. */
  confirmation_required: 6,
  /** Execute input does not validate against the operation's input schema. */
  invalid_input: 7,
  /** The index has nothing committed yet. */
  not_ready: 8,
  /** The caller's time budget ran out; the work was rolled back. */
  timeout: 9,
  /** The caller's AbortSignal fired; the work was rolled back. */
  aborted: 9,
  /** No executor is registered for the operation's cassette. */
  no_executor: 10,
  /** The executor failed after the call was handed to it (see `dispatched`). */
  execution_failed: 11,
  /** A file exists but is not one tama-dex may use (another program's database, say). */
  incompatible_file: 12,
  /** `cassette diff` found changes of the class its caller gates on (--fail-on). */
  changes_found: 13,
  /** `cassette lint` found the catalogue below the caller's bar (--min-score). */
  lint_failed: 14,
  /** A file or folder tama-dex must write cannot be: read-only, permission denied, or the disk is full. Nothing was changed. */
  unwritable: 15,
  /** An install would replace an installed cassette with a lower version, and the caller refuses downgrades. Nothing was changed. */
  downgrade_refused: 16,
} as const

export type ErrorKind = keyof typeof ERROR_KINDS

/** One problem found in a document, located by file and RFC 6901 JSON Pointer. */
export interface Problem {
  /** The file or source the problem was found in, as the caller named it. */
  readonly source?: string
  /** RFC 6901 JSON Pointer into the document ('' is the root). */
  readonly pointer: string
  readonly message: string
  /** Where in the file's text the pointer leads, 1-based, when the text is at hand (document validate). */
  readonly line?: number
  readonly column?: number
}

export interface TamaErrorOptions {
  /** True when the call reached an executor: the operation may have taken effect. */
  readonly dispatched?: boolean
  readonly problems?: readonly Problem[]
  /** Machine-readable facts about the failure (JSON-safe; never inputs or results). */
  readonly details?: Readonly<Record<string, unknown>>
  /** What to do about it, as data; the message ends with the library's wording of it. */
  readonly remedy?: Remedy
  readonly cause?: unknown
}

type TamaErrorJson = {kind: ErrorKind; message: string; dispatched: boolean; problems: Problem[]; details: Record<string, unknown>; remedy?: Remedy}

/** The one error class tama-dex throws. `kind` is from a closed set; see ERROR_KINDS. */
export class TamaError extends Error {
  override readonly name = 'TamaError'
  readonly kind: ErrorKind
  readonly dispatched: boolean
  readonly problems: readonly Problem[]
  readonly details: Readonly<Record<string, unknown>>
  readonly remedy: Remedy | undefined
  /** What was wrong, without the remedy: each surface (library, CLI, MCP) follows it with its own rendering of `remedy`. */
  readonly fault: string

  /** `message` says what was wrong; with a `remedy`, the error's message adds the library's wording of it. */
  constructor(kind: ErrorKind, message: string, options: TamaErrorOptions = {}) {
    const {remedy} = options
    super(remedy === undefined ? message : `${message} ${renderRemedy(remedy, REMEDY_TEXT)}`, options.cause === undefined ? undefined : {cause: options.cause})
    this.kind = kind
    this.dispatched = options.dispatched ?? false
    this.problems = options.problems ?? []
    this.details = options.details ?? {}
    this.remedy = remedy
    this.fault = message
  }

  /** Rebuilds an error sent across a thread or process boundary as `toJSON()`. */
  static fromJSON(json: {kind: string; message: string; dispatched?: boolean; problems?: Problem[]; details?: Record<string, unknown>; remedy?: Remedy}): TamaError {
    const kind = json.kind in ERROR_KINDS ? (json.kind as ErrorKind) : 'internal'
    const {remedy} = json
    const wording = remedy === undefined ? '' : ` ${renderRemedy(remedy, REMEDY_TEXT)}`
    const fault = wording !== '' && json.message.endsWith(wording) ? json.message.slice(0, -wording.length) : json.message
    return new TamaError(kind, fault, {dispatched: json.dispatched, problems: json.problems, details: json.details, remedy: fault === json.message ? undefined : remedy})
  }

  /** The same failure with some of its options changed; its fault, and its remedy unless given, stay as they were. */
  with(changed: TamaErrorOptions): TamaError {
    return new TamaError(this.kind, this.fault, {dispatched: this.dispatched, problems: this.problems, details: this.details, remedy: this.remedy, cause: this, ...changed})
  }

  get exitCode(): number {
    return ERROR_KINDS[this.kind]
  }

  /** A JSON-safe view, as printed by `--json` and returned by the MCP handlers. */
  toJSON(): TamaErrorJson {
    return {
      kind: this.kind,
      message: this.message,
      dispatched: this.dispatched,
      problems: [...this.problems],
      details: {...this.details},
      ...(this.remedy === undefined ? {} : {remedy: {...this.remedy}}),
    }
  }
}

export function isTamaError(value: unknown): value is TamaError {
  return value instanceof TamaError
}

/** Formats a problem the way every CLI command prints it: `file#/pointer: message`, or `file:line:column#/pointer: message`. */
export function formatProblem(problem: Problem): string {
  const position = problem.line === undefined ? '' : `:${problem.line}:${problem.column ?? 1}`
  const where = `${problem.source ?? ''}${position}#${problem.pointer}`
  return `${where}: ${problem.message}`
}
