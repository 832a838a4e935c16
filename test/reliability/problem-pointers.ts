import type {Problem} from '../../src/core/errors/tama-error.js'
import {pointerTokens, valueAt} from '../../src/core/json/index.js'

/**
 * The problems whose pointer does not locate anything: not an RFC 6901 pointer, or one
 * that resolves neither in `document` nor, for a missing field, to its parent.
 */
export function unlocated(document: unknown, problems: readonly Problem[]): Problem[] {
  return problems.filter((problem) => {
    const tokens = pointerTokens(problem.pointer)
    if (tokens === null) return true
    return tokens.length > 0 && valueAt(document, tokens) === undefined && valueAt(document, tokens.slice(0, -1)) === undefined
  })
}

/** Whether a problem is reported at one of `places` or inside it. */
export function reportedNear(problems: readonly Problem[], places: readonly string[]): boolean {
  return problems.some((problem) => places.some((place) => problem.pointer === place || problem.pointer.startsWith(`${place}/`)))
}
