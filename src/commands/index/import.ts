import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {indexFlags} from '../../cli/flags.js'
import {CliProgress} from '../../cli/progress.js'
import {replacementNote} from '../../cli/install-summary.js'
import type {InstallResult} from '../../core/host-index/index.js'

export default class IndexImport extends BaseCommand {
  static override summary = 'Install a cassette file into the index, replacing the cassette of the same name atomically.'
  static override description = `Without --sha256 the index is rebuilt from the documents embedded in the cassette, validated as if loaded. With --sha256 the file must hash to it (else nothing changes, exit 4) and its prebuilt rows are copied. The cassette's name comes from the file: an installed cassette of that name is replaced whoever made it, and the output (and "replaced" in --json) names the version and digest it replaced; --refuse-downgrade refuses a lower version (exit 16, nothing changes).`
  static override examples = ['<%= config.bin %> index import incus.tama-cassette --sha256 $(cut -d" " -f1 incus.tama-cassette.sha256)']
  static override args = {file: Args.string({description: 'The .tama-cassette file.', required: true})}
  static override flags = {
    ...indexFlags,
    sha256: Flags.string({description: 'Pin the file\'s SHA-256 (hex); enables copy mode.', helpValue: 'HEX'}),
    timeout: Flags.integer({description: 'Give up and roll back after this many milliseconds.', min: 1, helpValue: 'MS'}),
    'refuse-downgrade': Flags.boolean({description: 'Refuse to replace an installed cassette of the same name with a lower version (Semantic Versioning), or one whose version cannot be compared.'}),
  }

  async run(): Promise<InstallResult> {
    const {args, flags} = await this.parse(IndexImport)
    const {withIndex} = await import('../../core/host-index/index.js')
    const progress = await CliProgress.start(`Importing ${args.file}`, {hidden: this.jsonEnabled()})
    const result = await withIndex(flags.index, (index) => index.import(args.file, {sha256: flags.sha256, timeout: flags.timeout, refuseDowngrade: flags['refuse-downgrade']})).finally(() =>
      progress.stop(),
    )
    this.log(`${result.changed ? 'Installed' : 'Unchanged'} ${result.cassette} ${result.version} (${result.mode}, ${result.operations} operations)${replacementNote(result)}`)
    return result
  }
}
