import {printable} from '../text/index.js'
import type {ReleaseSide} from './read-release-input.js'

/** How reports name a release: `incus 1.2.0 (cassette dist/incus.tama-cassette)`. */
export function releaseLabel(side: ReleaseSide): string {
  return `${printable(side.name, 60)} ${printable(side.version, 40)} (${side.kind} ${printable(side.file, 120)})`
}

/** Operation ids for a line of text: the first `max`, then how many more. */
export function idList(ids: readonly string[], max = 3): string {
  const shown = ids.slice(0, max).map((id) => printable(id, 64)).join(', ')
  return ids.length > max ? `${shown} and ${ids.length - max} more` : shown
}
