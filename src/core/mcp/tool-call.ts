import {TamaError, isTamaError} from '../errors/index.js'
import {type ExecutorMap, nothingInstalled} from '../execute/index.js'
import {handleExecute} from './handle-execute.js'
import {handleSearch} from './handle-search.js'
import {isToolFailure, pick, readHostValue, toToolError} from './tool-failure.js'
import type {Caller, ExecuteIndex, ReachIndex, SearchIndex} from './tool-index.js'

/** What both tools need from a host index: a `TamaIndex`, or anything with its search and execute (and, for honest annotations, its reach). */
export type ToolsIndex = SearchIndex & ExecuteIndex & ReachIndex

/**
 * An index lent for one call: runs `use` with it and cleans up after (say, opening the
 * index file afresh and closing it), so every call sees what is committed now.
 */
export type IndexLender = <T>(use: (index: ToolsIndex) => Promise<T>) => Promise<T>

/** How one session of the tools is served: who calls, what runs their calls, what the host hears. */
export interface ToolCallOptions extends Caller {
  readonly executors?: ExecutorMap
  /** Fail an execute whose executor has not answered after this many milliseconds. */
  readonly timeout?: number
  /**
   * Told why the index could not be lent (its full reason, paths included), for the host's
   * log; the agent only gets the kind. Default: a line on stderr.
   */
  readonly onIndexFailure?: (error: unknown) => void
}

/** A tools/call answer as MCP wants it: the output as structured content and as the same JSON in a text block. */
export interface ToolCallResult {
  readonly content: [{readonly type: 'text'; readonly text: string}]
  readonly structuredContent: Record<string, unknown>
  readonly isError: boolean
}

/** The names of the two tools, as tools/call names them. */
export const TOOL_NAMES = ['search', 'execute'] as const

/**
 * Answers one tools/call: `name` is search or execute (else usage, so a server answers
 * -32602), `args` its arguments. A tool-level failure is an answer with `isError`, never a throw.
 */
export async function callTool(
  index: ToolsIndex | IndexLender,
  name: string,
  args: unknown,
  options: ToolCallOptions,
  call: ToolCall = {},
): Promise<ToolCallResult> {
  if (!(TOOL_NAMES as readonly string[]).includes(name)) {
    throw new TamaError('usage', `Unknown tool ${JSON.stringify(name)}: this server has search and execute.`)
  }
  return toolResult(await answer(index, name as ToolName, args, options, call))
}

/** What one call brings besides the session's options: its abort signal, and whether destructive operations need confirming too. */
export interface ToolCall {
  readonly signal?: AbortSignal
  readonly confirmDestructive?: boolean
}

/** A tool's output as the tools/call answer. */
export function toolResult(output: Record<string, unknown>): ToolCallResult {
  return {content: [{type: 'text', text: JSON.stringify(output)}], structuredContent: output, isError: isToolFailure(output)}
}

type ToolName = (typeof TOOL_NAMES)[number]

/** Runs `use` with the host's index: lent for the call when the host lends one, else as it is. */
export function withToolsIndex<T>(index: ToolsIndex | IndexLender, use: (index: ToolsIndex) => Promise<T>): Promise<T> {
  return typeof index === 'function' ? index(use) : use(index)
}

/** The tool's output: everything the host handed over is read first, and the tool runs at most once, whatever the lender does. */
async function answer(index: ToolsIndex | IndexLender, name: ToolName, args: unknown, options: ToolCallOptions, call: ToolCall): Promise<Record<string, unknown>> {
  let host: Pick<ToolCallOptions, 'scopes' | 'context' | 'executors' | 'timeout' | 'onIndexFailure'> & ToolCall
  try {
    host = readHostValue('tool call options', () => ({...pick(options, ['scopes', 'context', 'executors', 'timeout', 'onIndexFailure']), ...pick(call, ['signal', 'confirmDestructive'])}))
  } catch (error) {
    return {error: toToolError(error)}
  }
  const {scopes, context, executors, timeout, onIndexFailure, signal, confirmDestructive} = host
  const caller: Caller = {scopes, ...(context === undefined ? {} : {context})}
  const executeOptions = {...(signal === undefined ? {} : {signal}), ...(timeout === undefined ? {} : {timeout}), ...(confirmDestructive === true ? {confirmDestructive} : {})}
  let ran: Promise<object> | undefined
  const use = (lent: ToolsIndex): Promise<object> =>
    (ran ??= name === 'search' ? handleSearch(lent, args, caller) : handleExecute(lent, args, caller, executors ?? {}, executeOptions))
  try {
    await withToolsIndex(index, use)
  } catch (error) {
    tellHost(onIndexFailure, error)
    // Lending can fail (no index yet, a file that is not an index); nothing ran then.
    // Once the tool has run, its own answer says whether the call was dispatched.
    if (ran === undefined) return {error: toToolError(withoutPath(error))}
  }
  const output = ran ?? Promise.resolve({error: toToolError(new TamaError('usage', 'The host\'s index lender did not lend an index; nothing was looked up or ran.'))})
  return (await output) as Record<string, unknown>
}

/** Why the index could not be lent, for the host's log; a log that throws does not change the agent's answer. */
function tellHost(onIndexFailure: ToolCallOptions['onIndexFailure'], error: unknown): void {
  try {
    ;(onIndexFailure ?? writeToStderr)(error)
  } catch {
    // The agent's answer already says nothing ran; the host's log is the host's.
  }
}

function writeToStderr(error: unknown): void {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
}

/** An index failure as agents may see it: its kind, and what it means for them, without the path. */
function withoutPath(error: unknown): unknown {
  if (!isTamaError(error)) return error
  if (error.kind === 'not_ready') return nothingInstalled()
  return new TamaError(error.kind, 'The host\'s index cannot be used right now; nothing ran. The host has been told why.')
}
