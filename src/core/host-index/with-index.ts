import {constants, copyFileSync, existsSync, linkSync} from 'node:fs'

import {discardTemporarySync, removeStaleTemporaries, temporaryPathBeside} from '../files/index.js'
import {resolveIndexPath} from './index-path.js'
import {openIndex} from './open-index.js'
import type {TamaIndex} from './tama-index.js'

/**
 * Opens the index the CLI was pointed at (or the default one), runs `fn`, and closes it.
 * A command that only reads opens it `readonly`: it then creates nothing and needs no
 * write access. One that writes creates a missing index, but only when `fn` succeeds: it
 * is made beside its path and put in place after, so a first install that fails leaves
 * no empty index behind.
 */
export async function withIndex<T>(flag: string | undefined, fn: (index: TamaIndex) => T | Promise<T>, options: {readonly readonly?: boolean} = {}): Promise<T> {
  const path = resolveIndexPath(flag)
  if (options.readonly !== true && !existsSync(path)) return withNewIndex(path, fn)
  return withOpenIndex(path, fn, options.readonly)
}

async function withOpenIndex<T>(path: string, fn: (index: TamaIndex) => T | Promise<T>, readonly?: boolean): Promise<T> {
  const index = openIndex({path, readonly})
  try {
    return await fn(index)
  } finally {
    index.close()
  }
}

/** Links `file` at `path`, or where the file system has no hard links copies it there; either fails with EEXIST when `path` exists. */
function placeWithoutReplacing(file: string, path: string): void {
  try {
    linkSync(file, path)
  } catch (error) {
    if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error
    copyFileSync(file, path, constants.COPYFILE_EXCL)
  }
}

const NO_HARD_LINKS: ReadonlySet<string> = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'])

/**
 * Runs `fn` on a new index made beside `path` and links it into place when `fn` succeeded.
 * Linking never replaces a file: when another process created the index meanwhile, `fn`
 * runs again on that one, and the new index is dropped.
 */
async function withNewIndex<T>(path: string, fn: (index: TamaIndex) => T | Promise<T>): Promise<T> {
  await removeStaleTemporaries(path)
  const temporary = temporaryPathBeside(path)
  try {
    const result = await withOpenIndex(temporary, fn)
    try {
      placeWithoutReplacing(temporary, path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      return await withOpenIndex(path, fn)
    }
    return result
  } finally {
    // Linked or not, the temporary's name goes; a crash leaves it for removeStaleTemporaries.
    discardTemporarySync(temporary)
  }
}
