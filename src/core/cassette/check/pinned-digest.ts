import {TamaError} from '../../errors/index.js'
import {CheckFailure} from './check-failure.js'
import type {Checklist} from './checklist.js'
import {quote} from '../../text/index.js'

/** Records the `digest` check: the bytes' SHA-256 against the caller's pinned one. */
export function checkPinnedDigest(checklist: Checklist, actual: string, pinned: string | undefined): void {
  if (pinned === undefined) return
  if (!/^[0-9a-fA-F]{64}$/.test(pinned)) throw new TamaError('usage', `The pinned SHA-256 ${quote(pinned)} is not 64 hex digits: give the digest as sha256sum prints it.`)
  checklist.run('digest', () => {
    if (actual !== pinned.toLowerCase()) throw new CheckFailure(`the file's SHA-256 is ${actual}, not the pinned ${pinned}: this is not the file that was pinned.`)
    return {value: true, detail: `SHA-256 ${actual} matches the pinned digest.`}
  })
}
