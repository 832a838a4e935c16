import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {configFlags, runConfig, withSettings} from '../../cli/config-settings.js'
import {reportFlags, reportOutputs, writeReports} from '../../cli/report-output.js'
import {FAIL_ON, type FailOn} from '../../core/release/index.js'
import type {GatedDiff} from '../../core/report/index.js'

/** The diff with the gate this run applied, and whether the diff failed it (exit 13). */
export type DiffResult = GatedDiff

export default class CassetteDiff extends BaseCommand {
  static override summary = 'Show what changed between two releases, flagging breaking and security-relevant changes.'
  static override description = `OLD and NEW are cassette files or tama-operations/1 documents, in any mix, told apart by content. A cassette's structure is checked and its operations re-derived from its embedded documents, as an unpinned host would. Operations are matched by operationId and reported as added, removed or changed, each change with what changed and whether it is breaking or security-relevant, and each release is searched as lint searches it: an operation's own summary or example request that found it in OLD and does not in NEW is a findability regression (docs/release.md). Exit 0 when the operations are identical; otherwise exit 13 when there is a change of the class --fail-on names (any change by default), else 0. --fail-on may come from diff.fail-on in tama-dex.config.yaml (docs/release.md#the-config-file). --json prints the diff, and --format writes it as SARIF, GitHub annotations, JUnit or Markdown (docs/release.md#report-formats).`
  static override examples = [
    '<%= config.bin %> cassette diff incus-1.4.0.tama-cassette incus-1.5.0.tama-cassette',
    '<%= config.bin %> cassette diff incus-1.4.0.tama-cassette incus.yaml --fail-on security --json',
  ]
  static override args = {
    old: Args.string({description: 'The previous release: a .tama-cassette file or a document.', required: true}),
    new: Args.string({description: 'The new release: a .tama-cassette file or a document.', required: true}),
  }
  static override optionFlags = {failOn: '--fail-on', config: '--config'}
  static override flags = {
    'fail-on': Flags.string({
      description: 'Exit 13 when there is a change of this class: any change, a breaking one, a security-relevant one, a findability regression (a request that found its operation no longer does), or none (only report).',
      options: [...FAIL_ON],
      default: 'any',
    }),
    ...reportFlags,
    ...configFlags,
  }

  async run(): Promise<DiffResult> {
    const {args, flags: given, raw} = await this.parse(CassetteDiff)
    const flags = withSettings(given, raw, (await runConfig(given.config))?.diff)
    const outputs = reportOutputs(raw)
    this.jsonByFormat = outputs.terminal === 'json'
    const {diffGateFailure, diffReleases} = await import('../../core/release/index.js')
    const failOn = flags['fail-on'] as FailOn
    const diff = await diffReleases(args.old, args.new)
    const failure = diffGateFailure(diff, failOn)
    const result = {...diff, gate: {fail_on: failOn, failed: failure !== null}}
    await writeReports({check: 'cassette diff', result, failed: failure !== null}, outputs, (text) => this.log(text))
    return this.gated(result, failure)
  }
}
