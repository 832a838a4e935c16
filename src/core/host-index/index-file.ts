import {statSync} from 'node:fs'

/** Which file a path named when it was opened: its device and inode. */
export interface FileIdentity {
  readonly dev: number
  readonly ino: number
}

export function fileIdentity(path: string): FileIdentity | null {
  const stats = statSync(path, {throwIfNoEntry: false})
  return stats === undefined ? null : {dev: stats.dev, ino: stats.ino}
}

/** Whether `path` still names the file `opened` (not deleted, not replaced by another file). */
export function stillNames(path: string, opened: FileIdentity): boolean {
  const now = statSync(path, {throwIfNoEntry: false})
  return now !== undefined && now.dev === opened.dev && now.ino === opened.ino
}
