import {resolveIndexPath} from './index-path.js'
import {openIndex} from './open-index.js'
import type {TamaIndex} from './tama-index.js'

/**
 * Opens the index the CLI was pointed at (or the default one), runs `fn`, and closes it.
 * A command that only reads opens it `readonly`: it then creates nothing and needs no
 * write access.
 */
export async function withIndex<T>(flag: string | undefined, fn: (index: TamaIndex) => T | Promise<T>, options: {readonly readonly?: boolean} = {}): Promise<T> {
  const index = openIndex({path: resolveIndexPath(flag), readonly: options.readonly})
  try {
    return await fn(index)
  } finally {
    index.close()
  }
}
