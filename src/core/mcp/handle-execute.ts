import {isTamaError} from '../errors/index.js'
import type {ExecuteOptions, ExecuteResult, ExecutorMap} from '../execute/index.js'
import {callerScopes, checkArguments, pick, readHostValue, toOperationError, toToolError} from './tool-failure.js'
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
  /** Destructive operations without a confirmation rule need `confirm: true` too. */
  readonly confirmDestructive?: boolean
}

/**
 * The execute tool: validates the arguments and runs the operation with the caller's
 * scopes. Answers `{result}`, `{error}` (nothing ran) or `{operation_error}` (the call
 * was dispatched, or that cannot be ruled out) — never throws for a tool-level failure.
 * Which of the two failures it is, execute decides: this handler only reads what the host
 * handed over, before execute is called, so that nothing it reads can fail after.
 */
export async function handleExecute(
  index: ExecuteIndex,
  args: unknown,
  caller: Caller,
  executors: ExecutorMap,
  options: ExecuteCallOptions = {},
): Promise<ExecuteToolOutput> {
  let execute: () => Promise<ExecuteResult>
  try {
    checkArguments(executeTool(), args)
    execute = prepareExecute(index, args as ExecuteArguments, caller, executors, options)
  } catch (error) {
    return {error: toToolError(error)}
  }
  try {
    const {result} = await execute()
    return {result}
  } catch (error) {
    // tama-dex's execute throws only TamaErrors, each saying whether it dispatched; anything
    // else came from a host's own index, which may have run the call.
    return isTamaError(error) && !error.dispatched ? {error: toToolError(error)} : {operation_error: toOperationError(error)}
  }
}

/** The call to execute, with every value the host handed over read once, now: a throw here is before anything ran. */
function prepareExecute(index: ExecuteIndex, args: ExecuteArguments, caller: Caller, executors: ExecutorMap, options: ExecuteCallOptions): () => Promise<ExecuteResult> {
  const {cassette, operation_id, input, confirm} = readHostValue('tool arguments', () => pick(args, ['cassette', 'operation_id', 'input', 'confirm']))
  const scopes = callerScopes(caller)
  const context = readHostValue('caller context', () => caller.context)
  const {signal, timeout, confirmDestructive} = readHostValue('call options', () => pick(options, ['signal', 'timeout', 'confirmDestructive']))
  const execute = readHostValue('index', () => index.execute.bind(index))
  const executeOptions: ExecuteOptions = {
    scopes,
    executors,
    ...(confirm === undefined ? {} : {confirm}),
    ...(context === undefined ? {} : {context}),
    ...(signal === undefined ? {} : {signal}),
    ...(timeout === undefined ? {} : {timeout}),
    ...(confirmDestructive === undefined ? {} : {confirmDestructive}),
  }
  return () => execute(cassette, operation_id, input ?? {}, executeOptions)
}
