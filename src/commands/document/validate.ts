import {Args} from '@oclif/core'

import {BaseCommand} from '../../base-command.js'
import {ERROR_KINDS, formatProblem} from '../../core/errors/tama-error.js'
import type {ValidationReport} from '../../core/profile/validate-files.js'

export default class DocumentValidate extends BaseCommand {
  static override summary = 'Check tama-operations/1 documents and report every problem.'
  static override description = `Validates each FILE (JSON or YAML) against OpenAPI 3.1 and the tama-operations/1 profile (docs/profile.md) and prints every problem as FILE#/json/pointer: message, or one OK line with the operation count per valid file. Exit codes: 0 all valid, 3 a document is invalid, 5 a file is missing.`
  static override examples = [
    '<%= config.bin %> document validate examples/incus.yaml',
    '<%= config.bin %> document validate examples/*.yaml --json',
  ]
  static override strict = false
  static override args = {
    file: Args.string({description: 'Documents to validate (JSON or YAML); several may be given.', required: true}),
  }

  async run(): Promise<ValidationReport> {
    const {argv} = await this.parse(DocumentValidate)
    const {validateFiles} = await import('../../core/profile/validate-files.js')
    const {report, failure} = await validateFiles(argv as string[])
    if (!this.jsonEnabled()) this.render(report)
    // Problems are this command's result, not its failure: print them, then exit non-zero.
    if (failure !== null) process.exitCode = ERROR_KINDS[failure]
    return report
  }

  private render(report: ValidationReport): void {
    for (const file of report.files) {
      if (file.valid) this.log(`${file.file}: OK, ${file.operations} operation${file.operations === 1 ? '' : 's'}`)
      for (const problem of file.problems) this.log(formatProblem(problem))
    }
  }
}
