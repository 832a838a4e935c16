import semver from 'semver'

import {SEMVER_PATTERN} from '../cassette/index.js'

/**
 * Semantic Versioning 2.0.0 precedence (§11): negative when `a` is lower than `b`, 0 when
 * they are equal (build metadata does not count), positive when higher; undefined when
 * either is not a semantic version as a cassette must carry it, or has a part too large to
 * compare exactly.
 */
export function compareVersions(a: string, b: string): number | undefined {
  const comparable = (version: string) => SEMVER_PATTERN.test(version) && semver.valid(version) !== null
  return comparable(a) && comparable(b) ? semver.compare(a, b) : undefined
}
