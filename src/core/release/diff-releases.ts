import type {CassetteDiff} from './diff-types.js'
import {diffOperations} from './diff-operations.js'
import {describeRelease, readReleaseInput, type ReleaseSide} from './read-release-input.js'

/** A diff of two release files, saying which files they were. */
export interface ReleaseDiff extends CassetteDiff {
  readonly old: ReleaseSide
  readonly new: ReleaseSide
}

/** Reads two releases (cassettes or documents, in any mix) and diffs their operations. */
export async function diffReleases(oldFile: string, newFile: string): Promise<ReleaseDiff> {
  const [before, after] = await Promise.all([readReleaseInput(oldFile), readReleaseInput(newFile)])
  return {old: describeRelease(before), new: describeRelease(after), ...diffOperations(before.operations, after.operations)}
}
