import type {Problem} from '../errors/index.js'

/** Thrown inside a check to fail it with a reason. */
export class CheckFailure extends Error {
  constructor(
    readonly detail: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(detail)
  }
}
