import {BaseCommand} from '../../cli/base-command.js'
import {indexFlags} from '../../cli/flags.js'
import type {IndexStatus} from '../../core/host-index/index.js'

export default class IndexStatusCommand extends BaseCommand {
  static override summary = 'Show whether the index is ready, with its counts; exit 8 when it is not.'
  static override description = `Prints the state (ready, or not_ready when no cassette is committed or there is no index yet) with the counts; --json prints the same status object. The exit code is 8 (not_ready) unless the index is ready, with or without --json, so a script can gate on it.`
  static override flags = {...indexFlags}

  async run(): Promise<IndexStatus> {
    const {flags} = await this.parse(IndexStatusCommand)
    const [{STORAGE_VERSION, withIndex}, {isTamaError}] = await Promise.all([import('../../core/host-index/index.js'), import('../../core/errors/index.js')])
    // Nothing to read (no index yet, or one to recreate) is a status to report, not a failure.
    let why = ''
    const status = await withIndex(flags.index, (index) => index.status(), {readonly: true}).catch((error: unknown): IndexStatus => {
      if (!isTamaError(error) || error.kind !== 'not_ready') throw error
      why = ` (${this.inCliWords(error).message})`
      return {state: 'not_ready', cassettes: 0, operations: 0, storage_version: STORAGE_VERSION}
    })
    this.log(`${status.state}: ${status.cassettes} cassettes, ${status.operations} operations${why}`)
    // The status is the answer either way; only the exit code says nothing is committed.
    return this.gated(status, status.state === 'not_ready' ? 'not_ready' : null)
  }
}
