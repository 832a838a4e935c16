import type {Problem} from '../../errors/index.js'

/** Thrown inside a check to fail it with a reason. */
export class CheckFailure extends Error {
  constructor(
    readonly detail: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(detail)
  }
}

/** Findings listed in one failed check before the rest are only counted. */
export const MAX_LISTED = 20

/** Lists findings, at most MAX_LISTED, then how many more. */
export function listed(findings: readonly string[]): string {
  const shown = findings.slice(0, MAX_LISTED).join('; ')
  return findings.length > MAX_LISTED ? `${shown}; and ${findings.length - MAX_LISTED} more` : shown
}
