import {TamaError, type Problem} from '../../errors/index.js'
import {CheckFailure} from './check-failure.js'

/** The checks a cassette goes through, in the order they run. */
export const CHECK_NAMES = ['digest', 'header', 'schema', 'integrity', 'meta', 'documents', 'operations', 'records', 'derivation', 'search_rows'] as const
export type CheckName = (typeof CHECK_NAMES)[number]

/** One line of a verification report. */
export interface CassetteCheck {
  readonly check: CheckName
  readonly ok: boolean
  /** What was found: the facts checked when ok, the reason when not. */
  readonly detail: string
  /** Individual findings of a failed check (each re-validation problem, say). */
  readonly problems?: readonly Problem[]
}

/**
 * Runs checks and records their outcome. A check fails by throwing CheckFailure; any
 * other error a hostile file provokes (a SQLite corruption error, a stack overflow in a
 * parser) fails the check too, with its message, instead of escaping.
 */
export class Checklist {
  private readonly recorded: CassetteCheck[] = []

  constructor(private readonly source: string) {}

  get checks(): readonly CassetteCheck[] {
    return this.recorded
  }

  get ok(): boolean {
    return this.recorded.every((check) => check.ok)
  }

  /** Runs `step`; returns its value, or undefined when the check failed. */
  run<T>(check: CheckName, step: () => {value: T; detail: string}): T | undefined {
    try {
      const {value, detail} = step()
      this.recorded.push({check, ok: true, detail})
      return value
    } catch (error) {
      const failure = error instanceof CheckFailure ? error : new CheckFailure(`cannot be checked: ${error instanceof Error ? error.message : String(error)}.`)
      this.recorded.push({check, ok: false, detail: failure.detail, ...(failure.problems.length > 0 ? {problems: failure.problems} : {})})
      return undefined
    }
  }

  /** Throws the TamaError a failed checklist stands for; does nothing when all passed. */
  assertPassed(): void {
    const failure = checksFailure(this.recorded, this.source)
    if (failure !== null) throw failure
  }
}

/**
 * TamaError('digest_mismatch') when the digest check failed, else
 * TamaError('verification_failed') when any check failed, with one problem per finding;
 * null when every check passed.
 */
export function checksFailure(checks: readonly CassetteCheck[], source: string): TamaError | null {
  const failed = checks.filter((check) => !check.ok)
  if (failed.length === 0) return null
  const problems = failed.flatMap((check) => [{source, pointer: '', message: `${check.check}: ${check.detail}`}, ...(check.problems ?? [])])
  const first = failed[0]!
  if (first.check === 'digest') return new TamaError('digest_mismatch', `${source}: ${first.detail}`, {problems})
  return new TamaError(
    'verification_failed',
    `${source} failed verification (${failed.map((check) => check.check).join(', ')}): ${first.detail} Do not use it until it verifies.`,
    {problems},
  )
}
