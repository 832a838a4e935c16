import {setPriority} from 'node:os'
import {parentPort, workerData} from 'node:worker_threads'

import {TamaError, isTamaError} from '../errors/index.js'
import type {SqliteDatabase} from '../sqlite/index.js'
import {type ReplaceRules, commitInstall} from './commit-install.js'
import {findInstalled} from './installed-cassettes.js'
import {COMMITTING, RUNNING} from './install-state.js'
import {type InstallJob, planInstall} from './install-plan.js'
import {openStorage, storageFailure} from './storage.js'
import {flushWal} from './wal-owner.js'

// One install on its own connection. The caller may terminate this thread at any time
// before the commit; SQLite then rolls the open transaction back.
const {path, job, state, rules} = workerData as {path: string; job: InstallJob; state: Int32Array; rules: ReplaceRules}
let db: SqliteDatabase | undefined
// An install is background work: it yields the CPU to the searches it runs beside. Only on
// Linux, where a thread has a nice value of its own; elsewhere this would slow the whole host.
// A system that refuses it installs at the host's priority.
if (process.platform === 'linux') {
  try {
    setPriority(10)
  } catch {}
}
let answer: unknown
try {
  // The caller opened (or created) the index already: a missing file was deleted since.
  db = openStorage(path, {mustExist: true}).db
  const connection = db
  const plan = await planInstall(job, (name) => findInstalled(connection, name))
  const result = commitInstall(
    connection,
    plan,
    () => {
      if (Atomics.compareExchange(state, 0, RUNNING, COMMITTING) !== RUNNING) {
        throw new TamaError('aborted', 'The install was cancelled before it could commit; nothing was changed.')
      }
    },
    rules,
  )
  flushWal(connection)
  answer = {ok: true, result}
} catch (error) {
  const known = storageFailure(error, path)
  const failure = isTamaError(known) ? known : new TamaError('internal', `The install failed unexpectedly: ${(error as Error).message}`)
  answer = {ok: false, error: failure.toJSON()}
} finally {
  db?.close()
}
// Answer only once the connection is closed: when the caller hears back, this thread holds
// the index file no longer (closing the last connection may still write its WAL into it).
parentPort!.postMessage(answer)
