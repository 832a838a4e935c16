import {isTamaError} from '../errors/index.js'
import type {ExecutorMap} from '../execute/index.js'
import {callerScopes, checkArguments, toOperationError, toToolError} from './tool-failure.js'
import {executeTool} from './tool-definitions.js'
import type {Caller, ExecuteIndex, ExecuteToolOutput} from './tool-index.js'

interface ExecuteArguments {
  readonly cassette: string
  readonly operation_id: string
  readonly input?: Record<string, unknown>
  readonly confirm?: boolean | string
}

/** Per-call limits the host (the MCP server, say) sets on top of the caller's arguments. */
export interface ExecuteCallOptions {
  readonly signal?: AbortSignal
  readonly timeout?: number
}

/**
 * The execute tool: validates the arguments and runs the operation with the caller's
 * scopes. Answers `{result}`, `{error}` (nothing ran) or `{operation_error}` (the call
 * was dispatched, or that cannot be ruled out) — never throws for a tool-level failure.
 */
export async function handleExecute(
  index: ExecuteIndex,
  args: unknown,
  caller: Caller,
  executors: ExecutorMap,
  options: ExecuteCallOptions = {},
): Promise<ExecuteToolOutput> {
  let scopes: readonly string[]
  try {
    checkArguments(executeTool(), args)
    scopes = callerScopes(caller)
  } catch (error) {
    return {error: toToolError(error)}
  }
  const {cassette, operation_id, input, confirm} = args as ExecuteArguments
  try {
    const {result} = await index.execute(cassette, operation_id, input ?? {}, {
      scopes,
      executors,
      ...(confirm === undefined ? {} : {confirm}),
      ...(caller.context === undefined ? {} : {context: caller.context}),
      ...(options.signal === undefined ? {} : {signal: options.signal}),
      ...(options.timeout === undefined ? {} : {timeout: options.timeout}),
    })
    return {result}
  } catch (error) {
    return isTamaError(error) && !error.dispatched ? {error: toToolError(error)} : {operation_error: toOperationError(error)}
  }
}
