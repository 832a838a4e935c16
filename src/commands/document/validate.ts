import {Args} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {configFlags, required, runConfig} from '../../cli/config-settings.js'
import {reportFlags, reportOutputs, writeReports} from '../../cli/report-output.js'
import type {ValidationReport} from '../../core/profile/index.js'

export default class DocumentValidate extends BaseCommand {
  static override summary = 'Check tama-operations/1 documents and report every problem, then a total.'
  static override description = `Validates each FILE (JSON or YAML) against OpenAPI 3.1 and the tama-operations/1 profile (docs/profile.md) and prints every problem as FILE#/json/pointer: message, or one OK line with the operation count per valid file, then a total line ("3 documents: 2 valid, 1 with 4 problems"). - reads one document from standard input. A DIRECTORY stands for the API descriptions below it (.json, .yaml and .yml files declaring openapi, swagger or x-tama-profile, outside hidden folders and node_modules/; other files are listed as skipped; folders holding none at all are a usage error). Without FILE, the documents of tama-dex.config.yaml are validated (docs/release.md#the-config-file). Exit codes: 0 all valid, 2 no API description found, 3 a document is invalid, 5 a file is missing.`
  static override examples = [
    '<%= config.bin %> document validate examples/incus.yaml',
    '<%= config.bin %> document validate examples/*.yaml --json',
    '<%= config.bin %> document validate examples/*',
    'curl -s https://example.com/openapi.yaml | <%= config.bin %> document validate -',
  ]
  static override strict = false
  static override optionFlags = {config: '--config'}
  static override args = {
    file: Args.string({description: 'Documents to validate (JSON or YAML), directories holding them, or - for standard input; several may be given. Default: the documents of the config file.'}),
  }
  static override flags = {...reportFlags, ...configFlags}

  async run(): Promise<ValidationReport> {
    const {argv, flags, raw} = await this.parse(DocumentValidate)
    const outputs = reportOutputs(raw)
    this.jsonByFormat = outputs.terminal === 'json'
    const {validateFiles} = await import('../../core/profile/index.js')
    const files = argv.length > 0 ? (argv as string[]) : required((await runConfig(flags.config))?.documents, 'FILE', 'documents')
    const validated = await validateFiles(files)
    const {report, failure} = validated
    await writeReports({check: 'document validate', result: report, failed: failure !== null}, outputs, (text) => this.log(text))
    // Problems are this command's result, not its failure: the report says them all.
    return this.gated(report, failure)
  }
}
