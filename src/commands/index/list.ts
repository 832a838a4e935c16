import {BaseCommand} from '../../base-command.js'
import {indexFlags} from '../../cli-flags.js'
import type {InstalledCassette} from '../../core/host-index/index.js'

export default class IndexList extends BaseCommand {
  static override summary = 'List the cassettes installed in the index.'
  static override flags = {...indexFlags}

  async run(): Promise<{cassettes: InstalledCassette[]}> {
    const {flags} = await this.parse(IndexList)
    const [{withIndex}, {formatTable}, {isTamaError}] = await Promise.all([
      import('../../core/host-index/index.js'),
      import('../../core/text/index.js'),
      import('../../core/errors/index.js'),
    ])
    // No index yet (or one to recreate) holds no cassettes.
    const cassettes = await withIndex(flags.index, (index) => index.cassettes(), {readonly: true}).catch((error: unknown): InstalledCassette[] => {
      if (!isTamaError(error) || error.kind !== 'not_ready') throw error
      return []
    })
    if (cassettes.length === 0) this.log('No cassettes installed.')
    else {
      const rows = cassettes.map((c) => [c.name, c.version, c.mode, String(c.operations), c.digest.slice(0, 12), c.installed_at])
      this.log(formatTable(['CASSETTE', 'VERSION', 'MODE', 'OPERATIONS', 'DIGEST', 'INSTALLED'], rows))
    }
    return {cassettes}
  }
}
