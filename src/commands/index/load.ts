import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {indexFlags} from '../../cli/flags.js'
import {replacementNote} from '../../cli/install-summary.js'
import type {InstallResult} from '../../core/host-index/index.js'

export default class IndexLoad extends BaseCommand {
  static override summary = 'Validate a profile document and install it as a cassette, replacing it atomically.'
  static override examples = ['<%= config.bin %> index load examples/runtime.yaml --cassette runtime']
  static override args = {file: Args.string({description: 'A tama-operations/1 document (JSON or YAML).', required: true})}
  static override flags = {
    ...indexFlags,
    cassette: Flags.string({description: 'The cassette name to install the document as.', required: true, helpValue: 'NAME'}),
    timeout: Flags.integer({description: 'Give up and roll back after this many milliseconds.', min: 1, helpValue: 'MS'}),
  }

  async run(): Promise<InstallResult> {
    const {args, flags} = await this.parse(IndexLoad)
    const [{withIndex}, {readDocumentFile}] = await Promise.all([import('../../core/host-index/index.js'), import('../../core/profile/index.js')])
    const document = await readDocumentFile(args.file)
    const result = await withIndex(flags.index, (index) => index.load(document, {cassette: flags.cassette, source: args.file, timeout: flags.timeout}))
    this.log(`${result.changed ? 'Loaded' : 'Unchanged'} ${result.cassette} ${result.version} (${result.operations} operations)${replacementNote(result)}`)
    return result
  }
}
