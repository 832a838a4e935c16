import {extname} from 'node:path'
import {setImmediate as yieldToEvents} from 'node:timers/promises'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'

import {TamaError, isTamaError} from '../errors/index.js'
import type {SqliteDatabase} from '../sqlite/index.js'
import {type InstallResult, type ReplaceRules, commitInstall} from './commit-install.js'
import {findInstalled} from './installed-cassettes.js'
import {type InstallJob, notJsonDocument, planCopy, planInstall} from './install-plan.js'
import {openStorage, storageFailure} from './storage.js'
import {CANCELLED, RUNNING} from './install-state.js'
import {flushWal} from './wal-owner.js'

/** Most time an install answers after its timeout or abort: see runInWorker. */
export const CANCEL_GRACE_MS = 250

export interface InstallBounds {
  /** Milliseconds before the work is abandoned and rolled back. */
  readonly timeout?: number
  readonly signal?: AbortSignal
}

/**
 * Runs an install. A file index does the work in a worker thread with its own connection,
 * so the caller's searches keep answering from the last committed state meanwhile; an
 * in-memory index cannot be shared with a thread and does it in place. A pinned import
 * whose search rows are copied with SQL is done on the caller's thread too, on its own
 * connection (copyInPlace): it costs less than starting a worker thread.
 */
export function runInstall(path: string, db: SqliteDatabase, job: InstallJob, bounds: InstallBounds, rules: ReplaceRules = {}): Promise<InstallResult> {
  const stop = cancellation(bounds)
  if (stop.reason() !== null) return Promise.reject(stop.reason())
  const run =
    path === ':memory:'
      ? runInPlace(db, job, stop, rules)
      : job.kind === 'import' && job.sha256 !== undefined
        ? copyInPlace(path, {...job, sha256: job.sha256}, stop, rules)
        : runInWorker(path, job, stop, rules)
  return run.finally(stop.dispose)
}

/**
 * A pinned import on the caller's thread, on a connection of its own, so the caller's
 * searches read the last committed state until it commits, and run between its steps
 * (reading, checking, copying), and its commit is folded into the file once committed
 * (flushWal). Whatever is not a copy of this host's search rows (no search
 * rows of its search data), and a copy that finds another writer holding the index (it
 * would wait here for it), goes to a worker thread instead.
 */
async function copyInPlace(path: string, job: Extract<InstallJob, {kind: 'import'}> & {readonly sha256: string}, stop: Cancellation, rules: ReplaceRules): Promise<InstallResult> {
  const checkpoint = () => {
    const reason = stop.reason()
    if (reason !== null) throw reason
  }
  let db: SqliteDatabase | undefined
  try {
    db = openCopyConnection(path)
    const connection = db
    const plan = await Promise.race([planCopy(job, (name) => findInstalled(connection, name), checkpoint), stop.promise])
    if (plan === undefined) return runInWorker(path, job, stop, rules)
    await Promise.race([yieldToEvents(), stop.promise])
    const result = commitInstall(connection, plan, checkpoint, rules)
    flushWal(connection)
    return result
  } catch (error) {
    if ((error as {code?: unknown}).code === 'SQLITE_BUSY') return runInWorker(path, job, stop, rules)
    const known = storageFailure(error, path)
    throw isTamaError(known) ? known : new TamaError('internal', `The install failed unexpectedly: ${(error as Error).message}`)
  } finally {
    db?.close()
  }
}

/**
 * The connection a pinned copy writes through: it never waits for another writer (the copy
 * goes to a worker thread instead), and makes no checkpoint of the write-ahead log while
 * it copies. The caller opened (or created) the index already, so a
 * missing file was deleted since.
 */
export function openCopyConnection(path: string): SqliteDatabase {
  const {db} = openStorage(path, {mustExist: true})
  try {
    db.pragma('busy_timeout = 0')
    db.pragma('wal_autocheckpoint = 0')
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

// On the caller's thread nothing can interrupt a step; the time is checked between the
// phases of the plan (read, hash and check, parse and validate) and before the commit.
async function runInPlace(db: SqliteDatabase, job: InstallJob, stop: Cancellation, rules: ReplaceRules): Promise<InstallResult> {
  const checkpoint = () => {
    const reason = stop.reason()
    if (reason !== null) throw reason
  }
  const plan = await Promise.race([planInstall(job, (name) => findInstalled(db, name), checkpoint), stop.promise])
  return commitInstall(db, plan, checkpoint, rules)
}

function runInWorker(path: string, job: InstallJob, stop: Cancellation, rules: ReplaceRules): Promise<InstallResult> {
  const state = new Int32Array(new SharedArrayBuffer(4))
  return new Promise<InstallResult>((resolve, reject) => {
    let worker: Worker
    try {
      worker = startWorker({path, job, state, rules})
    } catch (error) {
      // Only a document can fail to reach the thread, and only by not being JSON data: say where.
      if (job.kind === 'load') void notJsonDocument(job, error).then(reject)
      else reject(new TamaError('usage', `The install could not be handed to a worker thread: ${(error as Error).message}. Pass plain JSON data.`))
      return
    }
    let settled = false
    let cancelling = false
    const settle = (fn: () => void) => {
      if (!settled && !cancelling) {
        settled = true
        fn()
      }
    }
    worker.once('message', (message: {ok: true; result: InstallResult} | {ok: false; error: Parameters<typeof TamaError.fromJSON>[0]}) => {
      settle(() => (message.ok ? resolve(message.result) : reject(TamaError.fromJSON(message.error))))
    })
    worker.once('error', (error) => settle(() => reject(new TamaError('internal', `The install worker failed: ${error.message}`))))
    worker.once('exit', () => settle(() => reject(new TamaError('internal', 'The install worker stopped without an answer.'))))
    stop.promise.catch((reason: TamaError) => {
      // Only cancel work that has not reached its commit; a commit under way finishes.
      if (Atomics.compareExchange(state, 0, RUNNING, CANCELLED) === RUNNING) {
        // Answer once the thread is gone and its transaction rolled back, or after a grace:
        // a thread inside one long native step (JSON.parse of a large document, hashing)
        // stops only when the step returns, but, cancelled, it can no longer commit.
        cancelling = true
        const answer = () => {
          clearTimeout(grace)
          cancelling = false
          settle(() => reject(reason))
        }
        const grace = setTimeout(() => {
          // Nothing waits for it any more: it must not keep the host process alive either.
          worker.unref()
          answer()
        }, CANCEL_GRACE_MS)
        void worker.terminate().then(answer)
      }
    })
  })
}

function startWorker(workerData: unknown): Worker {
  const extension = extname(fileURLToPath(import.meta.url))
  const script = new URL(`./install-worker${extension}`, import.meta.url)
  const execArgv = moduleLoadingFlags(process.execArgv)
  if (extension !== '.ts') return new Worker(script, {workerData, execArgv})
  // Run from source (tests, bin/dev.js): the worker needs the TypeScript loader too.
  const bootstrap = `import('tsx/esm/api').then(({register}) => { register(); return import(${JSON.stringify(script.href)}) })`
  return new Worker(bootstrap, {eval: true, workerData, execArgv})
}

/** Flags that decide how modules load, and the ones of them that take their value as the next argument. */
const MODULE_FLAGS_WITH_VALUE = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader', '--conditions', '-C'])
const MODULE_FLAGS = new Set([...MODULE_FLAGS_WITH_VALUE, '--experimental-specifier-resolution', '--experimental-default-type', '--experimental-detect-module', '--no-experimental-detect-module', '--experimental-require-module', '--experimental-wasm-modules', '--experimental-json-modules', '--experimental-import-meta-resolve'])

/**
 * The host's Node flags a worker needs to load its modules the way the host does (loaders,
 * preloads, resolution conditions). The rest are the host's own: a worker inheriting them
 * fails on those it may not take (`--input-type` with `-e`, V8 and process-wide options).
 */
export function moduleLoadingFlags(execArgv: readonly string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!
    const name = arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg
    if (!MODULE_FLAGS.has(name)) continue
    kept.push(arg)
    if (name === arg && MODULE_FLAGS_WITH_VALUE.has(name) && i + 1 < execArgv.length) kept.push(execArgv[++i]!)
  }
  return kept
}

interface Cancellation {
  /** Rejects with the timeout or abort error when either happens; never resolves. */
  readonly promise: Promise<never>
  reason(): TamaError | null
  dispose(): void
}

function cancellation({timeout, signal}: InstallBounds): Cancellation {
  let reason: TamaError | null = null
  let fail: (error: TamaError) => void = () => {}
  const promise = new Promise<never>((_, reject) => (fail = reject))
  promise.catch(() => {})
  const trip = (error: TamaError) => {
    if (reason === null) {
      reason = error
      fail(error)
    }
  }
  const onAbort = () => trip(new TamaError('aborted', 'The install was aborted by the caller; nothing was changed.'))
  if (signal?.aborted) onAbort()
  signal?.addEventListener('abort', onAbort, {once: true})
  if (timeout !== undefined && (!Number.isFinite(timeout) || timeout < 0)) {
    throw new TamaError('usage', `timeout must be a non-negative number of milliseconds, not ${timeout}.`)
  }
  const timedOut = () => trip(new TamaError('timeout', `The install did not finish within ${timeout} ms and was rolled back; nothing was changed. Allow more time.`))
  const timer = timeout === undefined ? undefined : setTimeout(timedOut, timeout)
  // The timer cannot fire while the caller's thread is busy, so the deadline is read too.
  const deadline = timeout === undefined ? Number.POSITIVE_INFINITY : performance.now() + timeout
  return {
    promise,
    reason: () => {
      if (reason === null && performance.now() >= deadline) timedOut()
      return reason
    },
    dispose: () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    },
  }
}
