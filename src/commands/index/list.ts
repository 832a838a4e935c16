import {BaseCommand} from '../../cli/base-command.js'
import {indexFlags} from '../../cli/flags.js'
import type {InstalledCassette} from '../../core/host-index/index.js'

export default class IndexList extends BaseCommand {
  static override summary = 'List the cassettes installed in the index (exit 8, not_ready, where there is no index).'
  static override flags = {...indexFlags}

  async run(): Promise<{cassettes: InstalledCassette[]}> {
    const {flags} = await this.parse(IndexList)
    const [{withIndex}, {formatTable}] = await Promise.all([import('../../core/host-index/index.js'), import('../../core/text/index.js')])
    // No index there (a mistyped path, say) is not_ready, as for every reading command.
    const cassettes = await withIndex(flags.index, (index) => index.cassettes(), {readonly: true})
    if (cassettes.length === 0) this.log('No cassettes installed.')
    else {
      const rows = cassettes.map((c) => [c.name, c.version, c.mode, String(c.operations), c.digest.slice(0, 12), c.installed_at])
      this.log(formatTable(['CASSETTE', 'VERSION', 'MODE', 'OPERATIONS', 'DIGEST', 'INSTALLED'], rows))
    }
    return {cassettes}
  }
}
