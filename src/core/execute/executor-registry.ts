import {TamaError} from '../errors/index.js'
import type {Executor, ExecutorMap} from './types.js'

/** The executor that takes a cassette's calls, with the options registered for it. */
export interface ResolvedExecutor {
  readonly executor: Executor
  readonly options: Readonly<Record<string, unknown>>
}

function isExecutor(value: unknown): value is Executor {
  return typeof value === 'object' && value !== null && typeof (value as Executor).execute === 'function'
}

/**
 * Looks up the executor registered for `cassette`. Only own properties count, so a
 * cassette named `constructor` or `__proto__` never reaches Object.prototype.
 */
export function resolveExecutor(executors: ExecutorMap, cassette: string): ResolvedExecutor {
  const registration: unknown = Object.hasOwn(executors, cassette) ? executors[cassette] : undefined
  if (registration === undefined) {
    throw new TamaError(
      'no_executor',
      `No executor is registered for cassette "${cassette}", so its operations cannot run here. The host must register one (see docs/execute.md).`,
      {details: {cassette}},
    )
  }
  if (isExecutor(registration)) return {executor: registration, options: {}}
  const {executor, options} = registration as {executor?: unknown; options?: unknown}
  if (isExecutor(executor) && (options === undefined || (typeof options === 'object' && options !== null))) {
    return {executor, options: (options ?? {}) as Readonly<Record<string, unknown>>}
  }
  throw new TamaError(
    'no_executor',
    `The executor registered for cassette "${cassette}" is malformed: register an object with an execute(call, input) method, or {executor, options}.`,
    {details: {cassette}},
  )
}

/** Checks a whole map up front (when a host loads one), so a malformed entry is reported before any call. */
export function checkExecutorMap(executors: unknown, where: string): ExecutorMap {
  if (typeof executors !== 'object' || executors === null || Array.isArray(executors)) {
    throw new TamaError('usage', `${where} must export an object mapping cassette names to executors (as \`executors\` or default).`)
  }
  for (const cassette of Object.keys(executors)) {
    try {
      resolveExecutor(executors as ExecutorMap, cassette)
    } catch (error) {
      throw new TamaError('usage', `${where}: ${(error as TamaError).message}`)
    }
  }
  return executors as ExecutorMap
}
