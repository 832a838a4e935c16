import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {configFlags, required, runConfig, withSettings} from '../../cli/config-settings.js'
import {CliProgress} from '../../cli/progress.js'
import {reportFlags, reportOutputs, writeReports} from '../../cli/report-output.js'
import {DEFAULT_LINT_FAIL_ON, LINT_FAIL_ON, type LintReport} from '../../core/release/index.js'

export default class CassetteLint extends BaseCommand {
  static override summary = 'Check that every operation can be found by the words an agent would use, and score the catalogue.'
  static override description = `FILE is a cassette or a tama-operations/1 document. It is installed in a private in-memory index as a host would, and each operation is searched for with its own summary, holding every scope the catalogue uses. Also reports summaries that cannot be told apart, missing, short (< 3 words) or long (> 120 characters) summaries, operations without tags, and ids whose words run together. Every example request (the operations' x-tama-examples, and the lines of --examples FILE) must find its operation within the top 3 results (--examples-top N); each that does not is listed with the rank it got and what ranked above it, and costs its operation 25 points. Prints a 0-100 score (docs/release.md#the-score) and the worst operations with a suggested fix each; --json prints the whole report, and --format writes it as SARIF, GitHub annotations, JUnit or Markdown (docs/release.md#report-formats). Exits 14 when a finding of a class --fail-on names is found (by default example-missed: a missed example request fails lint whatever the score), or when the score is below --min-score. A finding the --baseline file lists is still reported but fails no gate, so a catalogue can adopt the gate before fixing what it has; --update-baseline writes that file. The lint section of tama-dex.config.yaml may set every flag but FILE (docs/release.md#the-config-file).`
  static override examples = [
    '<%= config.bin %> cassette lint incus.tama-cassette',
    '<%= config.bin %> cassette lint incus.yaml --min-score 80 --json',
    '<%= config.bin %> cassette lint incus.tama-cassette --examples incus-requests.jsonl --examples-top 1 --min-score 90',
    '<%= config.bin %> cassette lint incus.yaml --fail-on example-missed,not-found --format sarif -o lint.sarif',
    '<%= config.bin %> cassette lint incus.yaml --baseline lint-baseline.json --update-baseline',
  ]
  static override args = {file: Args.string({description: 'A .tama-cassette file or a document.', required: true})}
  static override optionFlags = {minScore: '--min-score', failOn: '--fail-on', updateBaseline: '--update-baseline', config: '--config'}
  static override flags = {
    'min-score': Flags.integer({description: 'Exit 14 when the score is below this.', min: 0, max: 100, helpValue: 'N'}),
    examples: Flags.string({description: 'More example requests to check: JSON Lines, one {"operation": ID, "request": TEXT} per line. Repeat for several files.', multiple: true, helpValue: 'FILE'}),
    'examples-top': Flags.integer({description: 'An example request passes when its operation is within this many results (default 3).', min: 1, max: 20, helpValue: 'N'}),
    'fail-on': Flags.string({
      description: 'Exit 14 when any finding of these classes is found, whatever the score; several separated by commas, or none.',
      options: [...LINT_FAIL_ON],
      multiple: true,
      delimiter: ',',
      default: [...DEFAULT_LINT_FAIL_ON],
      helpValue: 'CLASS',
    }),
    baseline: Flags.string({description: 'Accept the findings this file lists (written by --update-baseline): they are reported, but do not fail --fail-on.', helpValue: 'FILE'}),
    'update-baseline': Flags.boolean({description: "Write the findings of the --fail-on classes to the --baseline file (replaced atomically), accepting them all; review the file's diff before committing it."}),
    ...reportFlags,
    ...configFlags,
  }

  async run(): Promise<LintReport> {
    const {args, flags: given, raw} = await this.parse(CassetteLint)
    const flags = withSettings(given, raw, (await runConfig(given.config))?.lint)
    const outputs = reportOutputs(raw)
    this.jsonByFormat = outputs.terminal === 'json'
    const {lintGateFailure, lintRelease} = await import('../../core/release/index.js')
    const progress = await CliProgress.start(`Linting ${args.file}`, {hidden: this.jsonEnabled()})
    const linted = await lintRelease(args.file, {examplesFiles: flags.examples, examplesTop: flags['examples-top']}).finally(() => progress.stop())
    const failOn = flags['fail-on'].filter((lintClass) => lintClass !== 'none')
    const report = await this.withBaseline(linted, failOn, flags.baseline, flags['update-baseline'])
    const failure = lintGateFailure(report, {minScore: flags['min-score'], failOn})
    await writeReports({check: 'cassette lint', result: report, failOn, failed: failure !== null}, outputs, (text) => this.log(text))
    return this.gated(report, failure)
  }

  /** The report with what its baseline accepts, after writing the baseline first when asked to. */
  private async withBaseline(report: LintReport, failOn: readonly string[], file: string | undefined, update: boolean): Promise<LintReport> {
    const {baselineText, gatedFindings, readBaseline, withBaseline} = await import('../../core/release/index.js')
    if (!update) return file === undefined ? report : withBaseline(report, file, await readBaseline(file))
    const baseline = required(file, '--baseline FILE', 'lint.baseline')
    const findings = gatedFindings(report, failOn)
    const {writeFileAtomically} = await import('../../core/files/index.js')
    await writeFileAtomically(baseline, baselineText(findings))
    this.logToStderr(`Wrote ${baseline}: ${findings.length} accepted finding${findings.length === 1 ? '' : 's'} of ${failOn.length === 0 ? 'no class' : failOn.join(', ')}.`)
    return withBaseline(report, baseline, findings)
  }
}
