import {randomBytes} from 'node:crypto'
import {rmSync} from 'node:fs'
import {readdir, rm} from 'node:fs/promises'
import {hostname} from 'node:os'
import {basename, dirname, join} from 'node:path'

/** This machine, as a temporary file's name carries it: letters, digits and `-` only. */
const HOST = hostname().replaceAll(/[^A-Za-z0-9-]/g, '_').slice(0, 64) || 'host'

/** Longest file name (bytes) most file systems allow. */
const NAME_MAX = 255
/** What a temporary's name adds to the output's, at its longest (the largest pid, SQLite's journal suffix). */
const SUFFIX_BYTES = Buffer.byteLength(`..${HOST}.4194304.000000000000.tmp-journal`)

/**
 * A fresh temporary path beside `output`, named so that a later write of the same output
 * can tell whose it is: `.<output name>.<host>.<pid>.<random>.tmp`, the output name cut
 * short when the whole would be too long a file name.
 */
export function temporaryPathBeside(output: string): string {
  const path = join(dirname(output), `.${stem(output)}.${HOST}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  LIVE.add(path)
  return path
}

// Temporaries this process is writing, so that an interrupted CLI can remove them before it exits.
const LIVE = new Set<string>()

/** Says that a temporary from temporaryPathBeside was renamed or removed. */
export function releaseTemporary(path: string): void {
  LIVE.delete(path)
}

/**
 * Removes, synchronously, every temporary this process is still writing: for a process
 * about to exit on a signal (see discardTemporarySync).
 */
export function removeLiveTemporariesSync(): void {
  for (const path of LIVE) discardTemporarySync(path)
}

/**
 * Removes a temporary from temporaryPathBeside and the files SQLite keeps beside a
 * database (its journal, write-ahead log and shared memory), and releases it. Failures are
 * ignored: a later write of the same output removes what is left (see removeStaleTemporaries).
 */
export function discardTemporarySync(path: string): void {
  for (const suffix of SQLITE_COMPANIONS) {
    try {
      rmSync(`${path}${suffix}`, {force: true})
    } catch {
      // Left for the next write of the same output.
    }
  }
  releaseTemporary(path)
}

const SQLITE_COMPANIONS = ['', '-journal', '-wal', '-shm']

/**
 * Removes the temporary files (and any SQLite journal beside them) that earlier writes of
 * `output` on this machine left behind when they were killed: only those whose process is
 * gone, so a write still running, in this process or another, keeps its file. A failure to
 * look or to remove is ignored: the write that follows reports its own.
 */
export async function removeStaleTemporaries(output: string): Promise<void> {
  const folder = dirname(output)
  const pattern = new RegExp(`^\\.${escape(stem(output))}\\.${escape(HOST)}\\.(\\d+)\\.[0-9a-f]{12}\\.tmp(?:-journal|-wal|-shm)?$`)
  let names: string[]
  try {
    names = await readdir(folder)
  } catch {
    return
  }
  for (const name of names) {
    const pid = pattern.exec(name)?.[1]
    if (pid !== undefined && !isRunning(Number(pid))) await rm(join(folder, name), {force: true}).catch(() => {})
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/** The output's name, cut to whole characters so that a temporary's name stays within NAME_MAX bytes. */
function stem(output: string): string {
  const characters = [...basename(output)]
  while (Buffer.byteLength(characters.join('')) > NAME_MAX - SUFFIX_BYTES) characters.pop()
  return characters.join('')
}

function escape(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
