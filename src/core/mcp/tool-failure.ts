import {type Problem, TamaError, isTamaError, readScopes} from '../errors/index.js'
import {agentMessage, agentRemedy} from './agent-remedies.js'
import {schemaValidator} from '../execute/index.js'
import type {ToolDefinition} from './tool-definitions.js'
import type {OperationError, ToolError} from './tool-index.js'

/** Throws usage unless `args` is valid against the tool's input schema. */
export function checkArguments(tool: ToolDefinition, args: unknown): void {
  let problems: Problem[]
  try {
    problems = schemaValidator.problems(tool.inputSchema, args)
  } catch (error) {
    if (isTamaError(error) && error.kind !== 'internal') throw error
    // The tools' own schemas always compile: what failed is reading arguments a library
    // host built (a throwing getter, say); a transport only ever hands over parsed JSON.
    problems = [{pointer: '', message: 'cannot be read: arguments must be plain JSON data'}]
  }
  if (problems.length === 0) return
  const [first] = problems
  const where = first!.pointer === '' ? 'the arguments themselves' : first!.pointer
  throw new TamaError(
    'usage',
    `Arguments for ${tool.name} are invalid at ${where}: ${first!.message}. Call ${tool.name} with arguments matching its input schema.`,
    {problems: problems.map((problem) => ({source: 'arguments', ...problem}))},
  )
}

/** The caller's scopes, or usage when the host passed something unreadable (fail closed). */
export function callerScopes(caller: unknown): readonly string[] {
  let scopes: readonly string[] | undefined
  try {
    scopes = readScopes((caller as {scopes?: unknown} | null | undefined)?.scopes)
  } catch {
    // A caller that cannot be read has no scopes: fail closed below.
  }
  if (scopes !== undefined) return scopes
  throw new TamaError('usage', 'The caller has no readable scopes: the host must pass {scopes: string[]}. Nothing was looked up.')
}

/**
 * What a library host handed over (a caller's context, call options, the index itself),
 * read by `read`: a throw (a getter, a Proxy) is usage, before anything was looked up or
 * ran. What was thrown is not repeated: it is the host's, and may name its files.
 */
export function readHostValue<T>(what: string, read: () => T): T {
  try {
    return read()
  } catch {
    throw new TamaError('usage', `The host's ${what} cannot be read: reading it threw. Nothing was looked up or ran; the host must pass plain data.`)
  }
}

/** The named properties of `value`, each read once (a getter answers once; a missing object is a TypeError). */
export function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>
}

/** A failure before anything ran, as the tools return it. */
export function toToolError(error: unknown): ToolError {
  if (!isTamaError(error)) {
    return {kind: 'internal', message: 'An unexpected failure occurred; nothing ran. Try again, and report it to the host if it persists.', dispatched: false, problems: [], details: {}}
  }
  const {kind, problems, details} = error.toJSON()
  return {kind, message: agentMessage(error), dispatched: false, problems, details, ...(error.remedy === undefined ? {} : {remedy: agentRemedy(error.remedy)})}
}

/** A failure after dispatch — or any unexpected one, since dispatch cannot then be ruled out. */
export function toOperationError(error: unknown): OperationError {
  if (!isTamaError(error)) {
    return {
      kind: 'internal',
      message: 'An unexpected failure occurred and it is not known whether the call ran: check the current state before trying again.',
      dispatched: true,
      details: {},
    }
  }
  return {kind: error.kind, message: agentMessage(error), dispatched: error.dispatched, details: {...error.details}}
}

/** Whether a tool output reports a failure (the MCP result's `isError`). */
export function isToolFailure(output: object): boolean {
  return 'error' in output || 'operation_error' in output
}
