import {type Problem, TamaError, isTamaError, readOptions, readScopes} from '../errors/index.js'
import {INPUT_LIMITS, type OperationRecord} from '../profile/index.js'
import {traceSpan} from '../telemetry/index.js'
import {thrownFirstLine} from '../text/index.js'
import {checkConfirmation, confirmationRule} from './confirmation.js'
import {nothingInstalled, operationNotVisible} from './operation-not-visible.js'
import {resolveExecutor, type ResolvedExecutor} from './executor-registry.js'
import {findNonJson, isPlainObject} from '../json/index.js'
import {saysNotSent} from './not-sent.js'
import {schemaValidator} from './schema-validator.js'
import type {DispatchPlan, ExecuteOptions, ExecuteResult, ExecutorCall, OperationCatalog} from './types.js'

/** The grammar of cassette names and operation ids: nothing else can name an operation. */
const NAME = /^[A-Za-z_][A-Za-z0-9_./-]{0,127}$/
const MAX_SUGGESTIONS = 3
/** setTimeout fires at once for anything longer. */
const MAX_TIMEOUT_MS = 2_147_483_647
const RECONCILE = 'The call was dispatched and may have taken effect: check the current state before trying again.'

/**
 * Runs one operation through its cassette's executor, after checks that never dispatch,
 * in this order: (1) the index is ready, (2) the operation exists and the caller's
 * scopes allow it — a forbidden operation answers exactly like an unknown one,
 * (3) the input is a JSON object of plain data within INPUT_LIMITS, (4) the confirmation
 * rule is satisfied, (5) the input is valid against the input schema, (6) an executor is
 * registered for the cassette. Confirmation comes before schema validation so a caller
 * learns what a destructive call needs before fixing its input; a `when` schema evaluated
 * on an input that later fails validation still never dispatches. Then the executor is
 * called exactly once, never retried.
 *
 * Whether the call was dispatched is decided here and nowhere else: the moment the
 * executor is called is marked, and every failure is a TamaError saying which side of
 * that moment it happened on (`settled`).
 */
export async function executeOperation(
  catalog: OperationCatalog,
  cassette: string,
  operationId: string,
  input: unknown,
  given: ExecuteOptions,
): Promise<ExecuteResult> {
  const options = readOptions(given, 'execute options', true)
  return traceSpan('execute', {mode: options.dryRun === true ? 'dry_run' : 'dispatch'}, async (span) => {
    let dispatched = false
    const markDispatched = (value: boolean): void => {
      dispatched = value
      span.set({dispatched: value})
    }
    try {
      return await checkAndDispatch(catalog, cassette, operationId, input, options, (operation) => {
        // Only now is the name known to be a real operation this caller may see.
        span.set({cassette, operation_id: operationId, destructive: operation.destructive})
      }, markDispatched)
    } catch (error) {
      throw settled(error, dispatched)
    }
  })
}

async function checkAndDispatch(
  catalog: OperationCatalog,
  cassette: string,
  operationId: string,
  input: unknown,
  options: ExecuteOptions,
  onFound: (operation: OperationRecord) => void,
  markDispatched: (dispatched: boolean) => void,
): Promise<ExecuteResult> {
  const scopes = checkScopes(options.scopes)
  const timeout = checkTimeout(options.timeout)
  throwIfAborted(options.signal)
  if (!catalog.isReady()) throw nothingInstalled()
  const operation = findOperation(catalog, cassette, operationId, scopes)
  onFound(operation)
  const name = `${cassette}/${operationId}`
  const data = checkInputData(name, input)
  checkConfirmation(name, operationId, confirmationRule(operation, options.confirmDestructive === true), data, options.confirm, schemaValidator)
  checkInputSchema(name, operation, data)
  if (options.dryRun === true) {
    if (options.executors !== undefined) resolveExecutor(options.executors, cassette)
    return {result: plan(cassette, operation, data, options.executors === undefined ? 'not_checked' : 'registered')}
  }
  const resolved = resolveExecutor(options.executors ?? {}, cassette)
  throwIfAborted(options.signal)
  const call = {cassette, operationId, operation, scopes, context: options.context ?? {}, options: resolved.options}
  return {result: await dispatch(name, resolved, call, data, timeout, options.signal, markDispatched)}
}

/**
 * The failure as execute reports it, on its side of the moment the executor was called:
 * before it nothing ran (`dispatched: false`), after it the call may have taken effect
 * (`dispatched: true`), whatever was thrown. A TamaError keeps its kind; anything else (a
 * bug, a stack overflow) is internal, and its message is not repeated.
 */
function settled(error: unknown, dispatched: boolean): TamaError {
  if (isTamaError(error)) {
    return error.dispatched === dispatched ? error : error.with({dispatched})
  }
  return dispatched
    ? new TamaError('internal', `An unexpected failure occurred after the call was dispatched. ${RECONCILE}`, {dispatched: true, cause: error})
    : new TamaError('internal', 'An unexpected failure occurred before the call was dispatched; nothing ran. Report it to the host if it persists.', {cause: error})
}

function checkScopes(given: unknown): readonly string[] {
  const scopes = readScopes(given)
  if (scopes !== undefined) return scopes
  // Fail closed: without a readable list of scopes nothing may be looked up.
  throw new TamaError('usage', 'options.scopes must be an array of scope strings (use [] for a caller with no scopes).')
}

function checkTimeout(timeout: unknown): number | undefined {
  if (timeout === undefined) return undefined
  if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT_MS) return timeout
  throw new TamaError('usage', `options.timeout must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}.`)
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) {
    throw new TamaError('aborted', 'The call was aborted before it was dispatched; nothing ran. Call again when ready.')
  }
}

function findOperation(catalog: OperationCatalog, cassette: string, operationId: string, scopes: readonly string[]): OperationRecord {
  // A string outside the name grammar cannot name an operation: answer without a lookup,
  // so a hostile name never reaches the catalog's matching.
  const plausible = NAME.test(cassette) && NAME.test(operationId)
  const operation = plausible ? catalog.getOperation(cassette, operationId, scopes) : undefined
  if (operation !== undefined) return operation
  const suggestions = plausible
    ? catalog
        .suggestOperations(cassette, operationId, scopes, MAX_SUGGESTIONS)
        .slice(0, MAX_SUGGESTIONS)
        .map((s) => ({cassette: s.cassette, operation_id: s.operation_id}))
    : []
  throw operationNotVisible(cassette, operationId, suggestions)
}


/**
 * A copy of the input, once it is a JSON object of plain data within INPUT_LIMITS, so
 * that what is checked is what the executor receives (a getter cannot answer twice), and
 * no check costs more than the limits allow.
 */
function checkInputData(name: string, input: unknown): Record<string, unknown> {
  const nonJson = findNonJson(input, {maxStringLength: INPUT_LIMITS.bytes, maxArrayLength: INPUT_LIMITS.arrayItems})
  if (nonJson !== null) {
    const limits = `at most ${INPUT_LIMITS.bytes} bytes as JSON, arrays of at most ${INPUT_LIMITS.arrayItems} items`
    throw invalidInput(name, [{pointer: nonJson.pointer, message: `${nonJson.reason}: the input must be plain JSON data (${limits})`}])
  }
  if (!isPlainObject(input)) {
    throw invalidInput(name, [{pointer: '', message: `must be a JSON object, not ${Array.isArray(input) ? 'an array' : input === null ? 'null' : `a ${typeof input}`}`}])
  }
  const text = JSON.stringify(input)
  const bytes = Buffer.byteLength(text)
  if (bytes > INPUT_LIMITS.bytes) {
    throw invalidInput(name, [{pointer: '', message: `is ${bytes} bytes as JSON, more than the limit of ${INPUT_LIMITS.bytes}`}])
  }
  return JSON.parse(text) as Record<string, unknown>
}

function checkInputSchema(name: string, operation: OperationRecord, input: Record<string, unknown>): void {
  const problems = schemaValidator.problems(operation.inputSchema, input)
  if (problems.length > 0) throw invalidInput(name, problems)
}

function invalidInput(name: string, problems: readonly Problem[]): TamaError {
  const [first] = problems
  const where = first!.pointer === '' ? 'the input itself' : first!.pointer
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more, listed in problems)` : ''
  return new TamaError(
    'invalid_input',
    `Input for ${name} is invalid at ${where}: ${first!.message}${more}. Fix the input to match the operation's input schema (search shows it) and call again.`,
    {problems: problems.map((problem) => ({source: 'input', ...problem}))},
  )
}

function plan(cassette: string, operation: OperationRecord, input: Record<string, unknown>, executor: DispatchPlan['executor']): DispatchPlan {
  return {
    dry_run: true,
    cassette,
    operation_id: operation.operationId,
    method: operation.method,
    path: operation.path,
    destructive: operation.destructive,
    input,
    executor,
  }
}

/**
 * Hands the call to the executor once and turns every way it can go wrong into
 * execution_failed: dispatched, unless the executor says it sent nothing (NotSentError)
 * before a timeout or abort.
 */
async function dispatch(
  name: string,
  {executor}: ResolvedExecutor,
  call: Omit<ExecutorCall, 'signal'>,
  input: Record<string, unknown>,
  timeout: number | undefined,
  signal: AbortSignal | undefined,
  markDispatched: (dispatched: boolean) => void,
): Promise<unknown> {
  const controller = new AbortController()
  const failed = (reason: string, message: string, cause?: unknown): TamaError =>
    new TamaError('execution_failed', `${message} ${RECONCILE}`, {
      dispatched: true,
      details: {cassette: call.cassette, operation_id: call.operationId, reason},
      cause,
    })
  let stopError: TamaError | undefined
  const stopped = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(stopError), {once: true})
  })
  const onCallerAbort = (): void => {
    stopError = failed('aborted', `${name} was aborted by the caller while its executor was running; the executor was told to stop.`)
    controller.abort(signal?.reason)
  }
  signal?.addEventListener('abort', onCallerAbort, {once: true})
  const timer =
    timeout === undefined
      ? undefined
      : setTimeout(() => {
          stopError = failed('timeout', `${name} did not finish within ${timeout} ms; its executor was told to stop.`)
          controller.abort(new DOMException(`The operation timed out after ${timeout} ms.`, 'TimeoutError'))
        }, timeout)
  let running: Promise<unknown>
  markDispatched(true)
  try {
    running = Promise.resolve(executor.execute({...call, signal: controller.signal}, input))
  } catch (error) {
    running = Promise.reject(error)
  }
  // The executor may settle after a timeout or abort; that late outcome is dropped.
  running.catch(() => undefined)
  try {
    const result = await Promise.race([running, stopped]).catch((error: unknown) => {
      // Once stopped, whatever the executor says (an AbortError, say) is the stop's doing.
      if (stopError !== undefined) throw stopError
      if (!saysNotSent(error)) throw failed('executor_error', `${name} failed in its executor: ${describe(error)}.`, error)
      markDispatched(false)
      throw new TamaError('execution_failed', `${name} was not sent: its executor refused it before sending anything: ${describe(error)}. Nothing ran; fix the input (or the host's executor) and call again.`, {
        details: {cassette: call.cassette, operation_id: call.operationId, reason: 'not_sent'},
        cause: error,
      })
    })
    const nonJson = findNonJson(result)
    if (nonJson !== null) {
      const where = nonJson.pointer === '' ? 'the result itself' : `result${nonJson.pointer}`
      throw failed('result_not_json', `${name}'s executor returned a result that is not JSON data: ${where} ${nonJson.reason}.`)
    }
    return result
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onCallerAbort)
  }
}

/** The first line of what an executor threw, short: never its stack. */
function describe(error: unknown): string {
  const line = thrownFirstLine(error, 500)
  return line.endsWith('…') ? line : line.replace(/\.$/, '')
}
