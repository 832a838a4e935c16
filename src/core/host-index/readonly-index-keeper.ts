import {resolveIndexPath} from './index-path.js'
import {openIndex} from './open-index.js'
import type {TamaIndex} from './tama-index.js'

/**
 * Lends a read-only handle on the index the CLI was pointed at (or the default one), kept
 * open between calls, since opening costs about a millisecond per call, and opened again
 * once its path names another file. Each call still sees what is committed now: every read
 * starts at SQLite's latest commit. A handle given up is closed when its last call ends.
 */
export class ReadonlyIndexKeeper {
  readonly #path: string
  #kept: {readonly index: TamaIndex; uses: number; retired: boolean} | undefined

  constructor(flag: string | undefined) {
    this.#path = resolveIndexPath(flag)
  }

  async lend<T>(use: (index: TamaIndex) => T | Promise<T>): Promise<T> {
    if (this.#kept !== undefined && !this.#kept.index.isCurrent()) this.#retire()
    // Opening fails while no index exists yet: the next call tries again.
    this.#kept ??= {index: openIndex({path: this.#path, readonly: true}), uses: 0, retired: false}
    const kept = this.#kept
    kept.uses++
    try {
      return await use(kept.index)
    } finally {
      kept.uses--
      if (kept.retired && kept.uses === 0) kept.index.close()
    }
  }

  close(): void {
    this.#retire()
  }

  #retire(): void {
    const kept = this.#kept
    if (kept === undefined) return
    this.#kept = undefined
    kept.retired = true
    if (kept.uses === 0) kept.index.close()
  }
}
