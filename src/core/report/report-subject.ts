import type {VerifyReport} from '../cassette/index.js'
import type {ValidationReport} from '../profile/index.js'
import type {FailOn, LintReport, ReleaseDiff} from '../release/index.js'

/** A diff together with the gate the run applied to it, as `cassette diff --json` prints it. */
export interface GatedDiff extends ReleaseDiff {
  readonly gate: {readonly fail_on: FailOn; readonly failed: boolean}
}

/**
 * What a report is made from: the typed result a check returned, and whether the run's
 * gate failed it. Lint also says which finding classes its gate fails on, so a report can
 * tell the findings that fail the run from those that only lower the score.
 */
export type ReportSubject =
  | {readonly check: 'document validate'; readonly result: ValidationReport; readonly failed: boolean}
  | {readonly check: 'cassette verify'; readonly result: VerifyReport; readonly failed: boolean}
  | {readonly check: 'cassette lint'; readonly result: LintReport; readonly failOn: readonly string[]; readonly failed: boolean}
  | {readonly check: 'cassette diff'; readonly result: GatedDiff; readonly failed: boolean}
