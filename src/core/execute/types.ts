import type {OperationRecord} from '../profile/index.js'

/**
 * What execute needs from wherever operations are stored (the host index, or a fake in
 * tests). Lookups are scope-filtered by the catalog: an operation the caller may not see
 * is indistinguishable from one that does not exist.
 */
export interface OperationCatalog {
  /** false while nothing is committed: execute answers not_ready at once. */
  isReady(): boolean
  getOperation(cassette: string, operationId: string, scopes: readonly string[]): OperationRecord | undefined
  suggestOperations(
    cassette: string,
    operationId: string,
    scopes: readonly string[],
    max: number,
  ): Array<{cassette: string; operation_id: string}>
}

/** Everything an executor is told about one call, besides the input. */
export interface ExecutorCall {
  readonly cassette: string
  readonly operationId: string
  /** The normalised operation: method, path, parameters, body, destructive, ... */
  readonly operation: OperationRecord
  /** The caller's scopes, as given to execute. */
  readonly scopes: readonly string[]
  /** Host-supplied facts about the caller (ExecuteOptions.context); `{}` when none. */
  readonly context: Readonly<Record<string, unknown>>
  /** What the host registered alongside the executor; `{}` when none. */
  readonly options: Readonly<Record<string, unknown>>
  /** Fires when the caller aborts or the timeout runs out: stop work and settle. */
  readonly signal: AbortSignal
}

/** Performs the real call for the operations of one or more cassettes. */
export interface Executor {
  /** Called at most once per execute; its result must be JSON-safe. */
  execute(call: ExecutorCall, input: Record<string, unknown>): Promise<unknown>
}

/** An executor on its own, or with options handed to it on every call. */
export type ExecutorRegistration = Executor | {readonly executor: Executor; readonly options?: Readonly<Record<string, unknown>>}

/** Cassette name -> executor. A plain object; only own properties count. */
export type ExecutorMap = Readonly<Record<string, ExecutorRegistration>>

export interface ExecuteOptions {
  /** The caller's scopes; an operation needing any other scope is treated as unknown. */
  readonly scopes: readonly string[]
  /** Required to dispatch. A dry run without it skips the executor check. */
  readonly executors?: ExecutorMap
  /** Passed to the executor as `call.context` (who the caller is, a request id, ...). */
  readonly context?: Readonly<Record<string, unknown>>
  /** `true`, or the echoed value the operation's confirmation rule asks for. */
  readonly confirm?: boolean | string
  /** Destructive operations without a confirmation rule need `confirm: true` too (a host that has the user confirm them). */
  readonly confirmDestructive?: boolean
  /** Milliseconds the executor has to settle; then its signal fires and the call fails. */
  readonly timeout?: number
  readonly signal?: AbortSignal
  /** Run every check and answer with the call that would be dispatched, without dispatching. */
  readonly dryRun?: boolean
}

/** The call a dry run would dispatch (snake_case, as printed and returned to callers). */
export interface DispatchPlan {
  readonly dry_run: true
  readonly cassette: string
  readonly operation_id: string
  readonly method: string
  readonly path: string
  readonly destructive: boolean
  /** The validated input, as the executor would receive it. */
  readonly input: Record<string, unknown>
  /** 'registered': an executor would take the call; 'not_checked': no executor map was given. */
  readonly executor: 'registered' | 'not_checked'
}

/** What execute answers: the executor's result, or the plan of a dry run. */
export interface ExecuteResult {
  readonly result: unknown
}
