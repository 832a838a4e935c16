import {type InstallResult, compareVersions} from '../core/host-index/index.js'

/** How `index import` and `index load` say what an install replaced, so a takeover never goes unseen. */
export function replacementNote(result: InstallResult): string {
  const {replaced} = result
  if (replaced === null) return ''
  if (replaced.digest === result.digest) return `, replacing the same cassette installed in ${replaced.mode} mode`
  const order = compareVersions(result.version, replaced.version)
  const rank = order === undefined ? ', a version that cannot be compared' : order < 0 ? ', a higher version' : ''
  return `, replacing ${result.cassette} ${replaced.version} (${replaced.mode}, sha256 ${replaced.digest.slice(0, 12)}; new sha256 ${result.digest.slice(0, 12)})${rank}`
}
