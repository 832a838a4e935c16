import type {ExecuteOptions, ExecuteResult} from '../execute/index.js'
import type {Problem} from '../errors/index.js'
import type {AgentRemedy} from './agent-remedies.js'
import type {CallerReach, SearchCassette, SearchHit, SearchMatch} from '../search/index.js'

/** One search hit, as the index answers it and the search tool returns it. */
export type {SearchHit}

/** What a search answers: whether its best result fits (`match`), the results, and when nothing fits, the cassettes the caller may search. */
export interface SearchAnswer {
  readonly match: SearchMatch
  readonly results: readonly SearchHit[]
  readonly cassettes?: readonly SearchCassette[]
}

export interface SearchOptions {
  readonly scopes: readonly string[]
  readonly limit?: number
  readonly cassettes?: readonly string[]
}

/** What the search tool needs from a host index. */
export interface SearchIndex {
  search(query: string, options: SearchOptions): SearchAnswer | Promise<SearchAnswer>
}

/**
 * What the tools' annotations read from a host index, when it can say: what the caller's
 * scopes reach. An index without it has execute annotated as destructive for everyone.
 */
export interface ReachIndex {
  reach?(options: {readonly scopes: readonly string[]}): CallerReach | Promise<CallerReach>
}

/** What the execute tool needs from a host index. */
export interface ExecuteIndex {
  execute(cassette: string, operationId: string, input: unknown, options: ExecuteOptions): Promise<ExecuteResult>
}

/** Who is calling: the scopes they hold, and facts handed to executors as `call.context`. */
export interface Caller {
  readonly scopes: readonly string[]
  readonly context?: Readonly<Record<string, unknown>>
}

/** A failure before anything ran. */
export interface ToolError {
  readonly kind: string
  readonly message: string
  readonly dispatched: false
  readonly problems: Problem[]
  readonly details: Record<string, unknown>
  /** What to do, as data (docs/errors.md#remedies); the message ends with it in words. */
  readonly remedy?: AgentRemedy
}

/** A failure after the call reached an executor (or when that cannot be ruled out). */
export interface OperationError {
  readonly kind: string
  readonly message: string
  readonly dispatched: boolean
  readonly details: Record<string, unknown>
}

export type SearchToolOutput = (SearchAnswer & {readonly results: SearchHit[]}) | {readonly error: ToolError}
export type ExecuteToolOutput = {readonly result: unknown} | {readonly error: ToolError} | {readonly operation_error: OperationError}
