import {BaseCommand} from '../../base-command.js'
import {indexFlags} from '../../cli-flags.js'
import type {IndexStatus} from '../../core/index/index.js'

export default class IndexStatusCommand extends BaseCommand {
  static override summary = 'Show whether the index is ready, with its counts.'
  static override flags = {...indexFlags}

  async run(): Promise<IndexStatus> {
    const {flags} = await this.parse(IndexStatusCommand)
    const {withIndex} = await import('../../core/index/index.js')
    const status = await withIndex(flags.index, (index) => index.status())
    this.log(`${status.state}: ${status.cassettes} cassettes, ${status.operations} operations`)
    return status
  }
}
