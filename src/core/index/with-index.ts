import {resolveIndexPath} from './index-path.js'
import {openIndex} from './open-index.js'
import type {TamaIndex} from './tama-index.js'

/** Opens the index the CLI was pointed at (or the default one), runs `fn`, and closes it. */
export async function withIndex<T>(flag: string | undefined, fn: (index: TamaIndex) => T | Promise<T>): Promise<T> {
  const index = openIndex({path: resolveIndexPath(flag)})
  try {
    return await fn(index)
  } finally {
    index.close()
  }
}
