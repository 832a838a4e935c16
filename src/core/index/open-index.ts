import {publishEvent} from '../telemetry/telemetry.js'
import {STORAGE_VERSION, openStorage} from './storage.js'
import {TamaIndex} from './tama-index.js'

export interface OpenIndexOptions {
  /** The index file (created when absent), or ':memory:' for a private in-memory index. */
  readonly path: string
}

/**
 * Opens a host index. Nothing starts: no thread, no timer, no listener. An index written
 * by an older storage version is recreated empty (event `tama-dex:index.recreated`); one
 * written by a newer tama-dex, and a file that is not a tama-dex index, are refused untouched.
 */
export function openIndex(options: OpenIndexOptions): TamaIndex {
  const {db, recreated, previousVersion} = openStorage(options.path)
  if (recreated) publishEvent('index.recreated', {storage_version: previousVersion ?? undefined})
  return new TamaIndex(options.path, db, STORAGE_VERSION)
}
