import {publishEvent} from '../telemetry/index.js'
import {STORAGE_VERSION, openStorage} from './storage.js'
import {TamaIndex} from './tama-index.js'

export interface OpenIndexOptions {
  /** The index file (created when absent, unless `readonly`), or ':memory:' for a private in-memory index. */
  readonly path: string
  /**
   * Only search, list, status and execute: nothing is created or written, so a read-only
   * file or folder serves. A missing index is then not_ready; installs and removals are usage errors.
   */
  readonly readonly?: boolean
}

/**
 * Opens a host index. Nothing starts: no thread, no timer, no listener. An index written
 * by an older storage version is recreated empty (event `tama-dex:index.recreated`); one
 * written by a newer tama-dex, and a file that is not a tama-dex index, are refused untouched.
 */
export function openIndex(options: OpenIndexOptions): TamaIndex {
  const readonly = options.readonly === true
  const {db, recreated, previousVersion, file} = openStorage(options.path, {readonly})
  if (recreated) publishEvent('index.recreated', {storage_version: previousVersion ?? undefined})
  return new TamaIndex(options.path, db, STORAGE_VERSION, {readonly, file})
}
