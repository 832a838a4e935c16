import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {CliProgress} from '../../cli/progress.js'
import {reportFlags, reportOutputs, writeReports} from '../../cli/report-output.js'
import {DEFAULT_LINT_FAIL_ON, LINT_FAIL_ON, type LintReport} from '../../core/release/index.js'

export default class CassetteLint extends BaseCommand {
  static override summary = 'Check that every operation can be found by the words an agent would use, and score the catalogue.'
  static override description = `FILE is a cassette or a tama-operations/1 document. It is installed in a private in-memory index as a host would, and each operation is searched for with its own summary, holding every scope the catalogue uses. Also reports summaries that cannot be told apart, missing, short (< 3 words) or long (> 120 characters) summaries, operations without tags, and ids whose words run together. Every example request (the operations' x-tama-examples, and the lines of --examples FILE) must find its operation within the top 3 results (--examples-top N); each that does not is listed with the rank it got and what ranked above it, and costs its operation 25 points. Prints a 0-100 score (docs/release.md#the-score) and the worst operations with a suggested fix each; --json prints the whole report, and --format writes it as SARIF, GitHub annotations, JUnit or Markdown (docs/release.md#report-formats). Exits 14 when a finding of a class --fail-on names is found (by default example-missed: a missed example request fails lint whatever the score), or when the score is below --min-score.`
  static override examples = [
    '<%= config.bin %> cassette lint incus.tama-cassette',
    '<%= config.bin %> cassette lint incus.yaml --min-score 80 --json',
    '<%= config.bin %> cassette lint incus.tama-cassette --examples incus-requests.jsonl --examples-top 1 --min-score 90',
    '<%= config.bin %> cassette lint incus.yaml --fail-on example-missed,not-found --format sarif -o lint.sarif',
  ]
  static override args = {file: Args.string({description: 'A .tama-cassette file or a document.', required: true})}
  static override optionFlags = {minScore: '--min-score', failOn: '--fail-on'}
  static override flags = {
    'min-score': Flags.integer({description: 'Exit 14 when the score is below this.', min: 0, max: 100, helpValue: 'N'}),
    examples: Flags.string({description: 'More example requests to check: JSON Lines, one {"operation": ID, "request": TEXT} per line.', helpValue: 'FILE'}),
    'examples-top': Flags.integer({description: 'An example request passes when its operation is within this many results (default 3).', min: 1, max: 20, helpValue: 'N'}),
    'fail-on': Flags.string({
      description: 'Exit 14 when any finding of these classes is found, whatever the score; several separated by commas, or none.',
      options: [...LINT_FAIL_ON],
      multiple: true,
      delimiter: ',',
      default: [...DEFAULT_LINT_FAIL_ON],
      helpValue: 'CLASS',
    }),
    ...reportFlags,
  }

  async run(): Promise<LintReport> {
    const {args, flags, raw} = await this.parse(CassetteLint)
    const outputs = reportOutputs(raw)
    this.jsonByFormat = outputs.terminal === 'json'
    const {lintGateFailure, lintRelease} = await import('../../core/release/index.js')
    const progress = await CliProgress.start(`Linting ${args.file}`, {hidden: this.jsonEnabled()})
    const report = await lintRelease(args.file, {examplesFile: flags.examples, examplesTop: flags['examples-top']}).finally(() => progress.stop())
    const failOn = flags['fail-on'].filter((lintClass) => lintClass !== 'none')
    const failure = lintGateFailure(report, {minScore: flags['min-score'], failOn})
    await writeReports({check: 'cassette lint', result: report, failOn, failed: failure !== null}, outputs, (text) => this.log(text))
    return this.gated(report, failure)
  }
}
