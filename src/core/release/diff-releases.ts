import type {CassetteDiff, DiffSummary} from './diff-types.js'
import {diffOperations} from './diff-operations.js'
import {type FindabilityRegression, findabilityRegressions} from './findability-changes.js'
import {describeRelease, readReleaseInput, type ReleaseSide} from './read-release-input.js'

/** A diff of two release files, saying which files they were. */
export interface ReleaseDiff extends CassetteDiff {
  readonly old: ReleaseSide
  readonly new: ReleaseSide
  /** Requests that found an operation of both releases in the old one and do not in the new. */
  readonly findability: readonly FindabilityRegression[]
  readonly summary: DiffSummary & {readonly findability: number}
}

/**
 * Reads two releases (cassettes or documents, in any mix), diffs their operations and
 * searches each as lint does, for the findability the new release lost.
 */
export async function diffReleases(oldFile: string, newFile: string): Promise<ReleaseDiff> {
  const [before, after] = await Promise.all([readReleaseInput(oldFile), readReleaseInput(newFile)])
  const diff = diffOperations(before.operations, after.operations)
  const findability = findabilityRegressions(before.operations, after.operations)
  return {old: describeRelease(before), new: describeRelease(after), ...diff, findability, summary: {...diff.summary, findability: findability.length}}
}
