import {SEMVER_PATTERN} from '../cassette/index.js'

/**
 * Semantic Versioning 2.0.0 precedence (§11): negative when `a` is lower than `b`, 0 when
 * they are equal (build metadata does not count), positive when higher; undefined when
 * either is not a semantic version.
 */
export function compareVersions(a: string, b: string): number | undefined {
  const x = SEMVER_PATTERN.exec(a)
  const y = SEMVER_PATTERN.exec(b)
  if (x === null || y === null) return undefined
  for (let part = 1; part <= 3; part++) {
    const order = compareNumbers(x[part]!, y[part]!)
    if (order !== 0) return order
  }
  const [pre, otherPre] = [x[4], y[4]]
  // A pre-release is lower than its release.
  if (pre === undefined || otherPre === undefined) return pre === otherPre ? 0 : pre === undefined ? 1 : -1
  const ids = pre.split('.')
  const otherIds = otherPre.split('.')
  for (let i = 0; i < Math.min(ids.length, otherIds.length); i++) {
    const order = compareIdentifiers(ids[i]!, otherIds[i]!)
    if (order !== 0) return order
  }
  return Math.sign(ids.length - otherIds.length)
}

/** Numeric identifiers have no leading zeros, so the longer is the larger; any length. */
function compareNumbers(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : Math.sign(a.length - b.length)
}

/** Numeric identifiers compare as numbers and rank below alphanumeric ones, which compare in ASCII order. */
function compareIdentifiers(a: string, b: string): number {
  const numeric = /^\d+$/.test(a)
  const otherNumeric = /^\d+$/.test(b)
  if (numeric && otherNumeric) return compareNumbers(a, b)
  if (numeric !== otherNumeric) return numeric ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}
