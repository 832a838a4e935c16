import {Args} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {indexFlags} from '../../cli/flags.js'

export default class IndexRemove extends BaseCommand {
  static override summary = 'Remove an installed cassette and its operations.'
  static override args = {name: Args.string({description: 'The cassette name.', required: true})}
  static override flags = {...indexFlags}

  async run(): Promise<{cassette: string; removed: true}> {
    const {args, flags} = await this.parse(IndexRemove)
    const {withIndex} = await import('../../core/host-index/index.js')
    const result = await withIndex(flags.index, (index) => index.remove(args.name))
    this.log(`Removed ${result.cassette}`)
    return result
  }
}
