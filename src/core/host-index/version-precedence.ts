// Two functions rather than the whole of semver, which every search would load.
import compare from 'semver/functions/compare.js'
import valid from 'semver/functions/valid.js'

/**
 * Semantic Versioning 2.0.0 precedence (§11): negative when `a` is lower than `b`, 0 when
 * they are equal (build metadata does not count), positive when higher; undefined when
 * either is not a semantic version written exactly as the specification writes it (no
 * `v` prefix), or has a part too large to compare exactly.
 */
export function compareVersions(a: string, b: string): number | undefined {
  // semver also takes a `v` or `=` prefix and surrounding blanks, which a cassette version never has.
  const comparable = (version: string) => /^\d\S*$/.test(version) && valid(version) !== null
  return comparable(a) && comparable(b) ? compare(a, b) : undefined
}
