import {Args} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {cliProblem} from '../../cli/hints.js'
import {formatProblem} from '../../core/errors/index.js'
import {count, escapeUnsafe} from '../../core/text/index.js'
import type {ValidationReport} from '../../core/profile/index.js'

export default class DocumentValidate extends BaseCommand {
  static override summary = 'Check tama-operations/1 documents and report every problem, then a total.'
  static override description = `Validates each FILE (JSON or YAML) against OpenAPI 3.1 and the tama-operations/1 profile (docs/profile.md) and prints every problem as FILE#/json/pointer: message, or one OK line with the operation count per valid file, then a total line ("3 documents: 2 valid, 1 with 4 problems"). - reads one document from standard input. A DIRECTORY stands for the API descriptions below it (.json, .yaml and .yml files declaring openapi, swagger or x-tama-profile, outside hidden folders and node_modules/; other files are listed as skipped; folders holding none at all are a usage error). Exit codes: 0 all valid, 2 no API description found, 3 a document is invalid, 5 a file is missing.`
  static override examples = [
    '<%= config.bin %> document validate examples/incus.yaml',
    '<%= config.bin %> document validate examples/*.yaml --json',
    '<%= config.bin %> document validate examples/*',
    'curl -s https://example.com/openapi.yaml | <%= config.bin %> document validate -',
  ]
  static override strict = false
  static override args = {
    file: Args.string({description: 'Documents to validate (JSON or YAML), directories holding them, or - for standard input; several may be given.', required: true}),
  }

  async run(): Promise<ValidationReport> {
    const {argv} = await this.parse(DocumentValidate)
    const {validateFiles} = await import('../../core/profile/index.js')
    const validated = await validateFiles(argv as string[])
    const report = {...validated.report, files: validated.report.files.map((file) => ({...file, problems: file.problems.map(cliProblem)}))}
    const {failure} = validated
    if (!this.jsonEnabled()) this.render(report)
    // Problems are this command's result, not its failure: the report says them all.
    return this.gated(report, failure)
  }

  private render(report: ValidationReport): void {
    for (const file of report.files) {
      if (file.valid) this.log(`${escapeUnsafe(file.file)}: OK, ${count(file.operations, 'operation')}`)
      for (const problem of file.problems) this.log(escapeUnsafe(formatProblem(problem)))
    }
    for (const file of report.skipped) this.log(`${escapeUnsafe(file)}: skipped, not an API description`)
    this.log(totalLine(report))
  }
}

/** `3 documents: 2 valid, 1 with 4 problems`: the line a CI log is read by. */
function totalLine(report: ValidationReport): string {
  const invalid = report.files.filter((file) => !file.valid)
  const problems = invalid.reduce((sum, file) => sum + file.problems.length, 0)
  const parts = [`${report.files.length - invalid.length} valid`, ...(invalid.length === 0 ? [] : [`${invalid.length} with ${count(problems, 'problem')}`])]
  const skipped = report.skipped.length === 0 ? '' : ` (${count(report.skipped.length, 'file')} skipped)`
  return `${count(report.files.length, 'document')}: ${parts.join(', ')}${skipped}`
}
