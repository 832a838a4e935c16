import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {CliProgress} from '../../cli/progress.js'
import {reportFlags, reportOutputs, writeReports} from '../../cli/report-output.js'
import type {VerifyReport} from '../../core/cassette/index.js'
import {TamaError} from '../../core/errors/index.js'
import {escapeUnsafe} from '../../core/text/index.js'

export default class CassetteVerify extends BaseCommand {
  static override summary = 'Check a cassette completely before trusting it; exit 4 when anything is wrong.'
  static override description = `Checks the SHA-256 (with --sha256), the SQLite header, the exact schema, SQLite's quick_check, the meta table, each embedded document's SHA-256, each prebuilt row against its record, and that re-validating the embedded documents derives exactly the stored rows. Nothing in the file is ever run. Prints one ✓/✗ line per check; --json prints the report, and --format writes it as SARIF, GitHub annotations, JUnit or Markdown (docs/release.md#report-formats). The exit code is 4 on any failure, with or without --json.`
  static override examples = [
    '<%= config.bin %> cassette verify incus.tama-cassette',
    '<%= config.bin %> cassette verify incus.tama-cassette --sha256 $(cut -d" " -f1 incus.tama-cassette.sha256) --json',
  ]
  static override args = {file: Args.string({description: 'The .tama-cassette file.', required: true})}
  static override flags = {
    sha256: Flags.string({description: 'The SHA-256 (hex) the file must have.', helpValue: 'HEX'}),
    ...reportFlags,
  }

  async run(): Promise<VerifyReport> {
    const {args, flags, raw} = await this.parse(CassetteVerify)
    const outputs = reportOutputs(raw)
    this.jsonByFormat = outputs.terminal === 'json'
    const {readCassetteFile, verificationFailure, verifyCassette} = await import('../../core/cassette/index.js')
    const progress = await CliProgress.start(`Verifying ${args.file}`, {hidden: this.jsonEnabled()})
    const report = await readCassetteFile(args.file)
      .then((bytes) => verifyCassette(bytes, {source: args.file, sha256: flags.sha256}))
      .finally(() => progress.stop())
    const failure = verificationFailure(report)
    await writeReports({check: 'cassette verify', result: report, failed: failure !== null}, outputs, (text) => this.log(text))
    // The ✗ digest line of the report already says which digest the file has: say only what to do.
    if (failure?.kind === 'digest_mismatch' && !this.jsonEnabled()) {
      return this.gated(report, new TamaError('digest_mismatch', `${escapeUnsafe(args.file)} is not the file that was pinned. Get it again from where it was released, or check the --sha256 given.`))
    }
    // A failure's problems are printed on stderr with the error.
    return this.gated(report, failure)
  }
}
