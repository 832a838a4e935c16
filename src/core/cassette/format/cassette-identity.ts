import {TamaError} from '../../errors/index.js'
import {CASSETTE_NAME_PATTERN, CASSETTE_VERSION_MAX_LENGTH, SEMVER_PATTERN} from './cassette-format.js'
import {quote} from '../../text/index.js'

export function isCassetteName(name: string): boolean {
  return CASSETTE_NAME_PATTERN.test(name)
}

export function isCassetteVersion(version: string): boolean {
  return version.length <= CASSETTE_VERSION_MAX_LENGTH && SEMVER_PATTERN.test(version)
}

/** Throws TamaError('usage') when the name or version a producer chose is not allowed. */
export function assertCassetteIdentity(name: string, version: string): void {
  if (!isCassetteName(name)) {
    throw new TamaError(
      'usage',
      `Cassette name ${quote(name)} is not allowed: use 1-64 lower-case letters, digits and _, starting with a letter (${CASSETTE_NAME_PATTERN.source}).`,
    )
  }
  if (!isCassetteVersion(version)) {
    throw new TamaError(
      'usage',
      `Cassette version ${quote(version)} is not a semantic version: use MAJOR.MINOR.PATCH with optional -prerelease and +build (https://semver.org), at most ${CASSETTE_VERSION_MAX_LENGTH} characters.`,
    )
  }
}
