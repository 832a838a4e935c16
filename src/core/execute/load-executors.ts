import {access} from 'node:fs/promises'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {TamaError} from '../errors/index.js'
import {checkExecutorMap} from './executor-registry.js'
import type {ExecutorMap} from './types.js'

/**
 * Imports an ES module that exports an executor map as `executors` (or as its default
 * export) and checks every entry. `specifier` is a file path, relative to `cwd` unless
 * absolute; messages name it as the caller wrote it.
 */
export async function loadExecutors(specifier: string, cwd: string): Promise<ExecutorMap> {
  const file = path.resolve(cwd, specifier)
  try {
    await access(file)
  } catch {
    throw new TamaError('not_found', `Executors module ${JSON.stringify(specifier)} does not exist. Pass the path of an ES module that exports \`executors\`.`)
  }
  let module: {executors?: unknown; default?: unknown}
  try {
    module = (await import(pathToFileURL(file).href)) as typeof module
  } catch (error) {
    // Module errors name absolute paths; show them relative to where the caller stands.
    const reason = (String((error as Error)?.message ?? error).split('\n')[0] ?? '')
      .replaceAll(pathToFileURL(cwd).href, '.')
      .replaceAll(cwd, '.')
    throw new TamaError('usage', `Executors module ${JSON.stringify(specifier)} failed to load: ${reason}. Fix the module and try again.`, {
      cause: error,
    })
  }
  return checkExecutorMap(module.executors ?? module.default, `Executors module ${JSON.stringify(specifier)}`)
}
