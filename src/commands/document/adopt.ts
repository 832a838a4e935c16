import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {configFlags, runConfig, withSettings} from '../../cli/config-settings.js'
import {removingTemporariesOnInterrupt} from '../../cli/interrupt.js'
import {CliProgress} from '../../cli/progress.js'
import {ADOPT_WARNING_KINDS, type AdoptWarning, HTTP_METHODS, type RenamedId, type SourceVersion, groupAdoptWarnings} from '../../core/adopt/index.js'
import {escapeUnsafe} from '../../core/text/index.js'

/** What `document adopt --json` prints. */
export interface AdoptCommandResult {
  readonly input: string
  readonly output: string
  readonly from: SourceVersion
  readonly operationsIn: number
  /** Operations the subset flags (--include-tag, --exclude-tag, --include-path) left out. */
  readonly subsetLeftOut: number
  readonly operations: number
  readonly generatedIds: number
  readonly renamedIds: RenamedId[]
  readonly derivedSummaries: number
  readonly destructive: number
  readonly warnings: AdoptWarning[]
}

// Renamed ids listed in the human output; --verbose and --json have them all.
const LISTED = 20

const VERSION_NAMES: Record<SourceVersion, string> = {'2.0': 'Swagger 2.0', '3.0': 'OpenAPI 3.0', '3.1': 'OpenAPI 3.1'}

export default class DocumentAdopt extends BaseCommand {
  static override summary = 'Convert an OpenAPI description (Swagger 2.0, OpenAPI 3.0 or 3.1) to a tama-operations/1 document.'
  static override description = `Converts INPUT (JSON or YAML; - reads standard input) to OpenAPI 3.1 and adds the profile: operationIds, summaries, scopes and destructive flags. Writes OUTPUT atomically, as JSON or YAML by its extension. Say who may run the operations with at least one scope option; the first rule that gives an operation scopes wins: its own x-tama-scopes, --scopes-from-security, --tag-scope, --read-scope/--write-scope, then --default-scope (or --default-anyone). Mistakes with one meaning (a boolean written as a string, a Swagger 2.0 field in OpenAPI 3, ...) are repaired; --strict refuses them instead. --include-tag, --exclude-tag and --include-path adopt a subset of the operations. Everything adoption changes or leaves out is a warning (exit 0), printed on stderr once per kind with a count and one example; --verbose lists every one, --json returns them all, --quiet prints nothing but errors. Every option but --output and the output's verbosity may come from the adopt section of tama-dex.config.yaml (docs/release.md#the-config-file). See docs/adoption.md.`
  static override examples = [
    '<%= config.bin %> document adopt incus-rest-api.yaml --output incus.yaml --read-scope incus.read --write-scope incus.write',
    '<%= config.bin %> document adopt petstore.json -o petstore.json --scopes-from-security --default-scope petstore.user',
    '<%= config.bin %> document adopt api.yaml -o api.tama.yaml --tag-scope admin=api.admin --default-anyone --json',
    '<%= config.bin %> document adopt graph.json -o graph-users.json --include-path /users --include-path /groups --default-scope graph.user --strict',
  ]
  static override args = {
    input: Args.string({description: 'The OpenAPI description to adopt (JSON or YAML); - reads standard input.', required: true}),
  }
  static override optionFlags = {
    defaultScopes: '--default-scope',
    defaultAnyone: '--default-anyone',
    'defaultScopes: []': '--default-anyone',
    scopesFromSecurity: '--scopes-from-security',
    tagScopes: '--tag-scope',
    readScopes: '--read-scope',
    writeScopes: '--write-scope',
    destructiveMethods: '--destructive-method',
    includeTags: '--include-tag',
    excludeTags: '--exclude-tag',
    includePaths: '--include-path',
    keywords: '--keywords',
    config: '--config',
  }
  static override flags = {
    output: Flags.string({char: 'o', description: 'The profile document to write: .json, .yaml or .yml (replaced atomically).', required: true, helpValue: 'FILE'}),
    'default-scope': Flags.string({
      description: 'Scope for operations no other rule maps (document-level x-tama-scopes). Repeat for several: a caller needs all.',
      multiple: true,
      helpValue: 'SCOPE',
    }),
    'default-anyone': Flags.boolean({description: 'Let any caller see and run the operations no other rule maps (x-tama-scopes: []).'}),
    'scopes-from-security': Flags.boolean({description: "Require the scopes of each operation's OpenAPI security requirements (else the document's)."}),
    'tag-scope': Flags.string({description: 'Scope for operations with this tag; TAG= maps a tag to any caller. Repeatable.', multiple: true, helpValue: 'TAG=SCOPE'}),
    'read-scope': Flags.string({description: 'Scope for GET, HEAD, OPTIONS and TRACE operations. Repeatable.', multiple: true, helpValue: 'SCOPE'}),
    'write-scope': Flags.string({description: 'Scope for every other method. Repeatable.', multiple: true, helpValue: 'SCOPE'}),
    verbose: Flags.boolean({char: 'v', description: 'List every warning and renamed id, not one example of each kind of warning.', exclusive: ['quiet']}),
    quiet: Flags.boolean({char: 'q', description: 'Print nothing but errors (for CI); --json still prints the result.', exclusive: ['verbose']}),
    strict: Flags.boolean({description: 'Refuse the input (exit 3) instead of repairing a mistake in it; what the profile cannot carry (form bodies, callbacks) stays a warning.'}),
    'include-tag': Flags.string({description: 'Adopt only operations with this tag. Repeatable: any of them.', multiple: true, helpValue: 'TAG'}),
    'exclude-tag': Flags.string({description: 'Leave out operations with this tag. Repeatable.', multiple: true, helpValue: 'TAG'}),
    'include-path': Flags.string({description: 'Adopt only operations whose path is PREFIX or under it (/users takes /users/{id}). Repeatable: any of them.', multiple: true, helpValue: 'PREFIX'}),
    'destructive-method': Flags.string({
      description: 'Methods whose operations are destructive (confirmed on every call). Default: delete. "none" for no method. Repeatable.',
      multiple: true,
      options: [...HTTP_METHODS, 'none'],
      helpValue: 'METHOD',
    }),
    keywords: Flags.string({description: "Merge a keyword map (JSON or YAML: operationId or tag → keywords) into the operations' x-tama-keywords.", helpValue: 'FILE'}),
    ...configFlags,
  }

  async run(): Promise<AdoptCommandResult> {
    const {args, flags: given, raw} = await this.parse(DocumentAdopt)
    const flags = withSettings(given, raw, (await runConfig(given.config))?.adopt)
    const {adoptedText, adoptOptionsFromText, readKeywordMap} = await import('../../core/adopt/index.js')
    const {writeFileAtomically} = await import('../../core/files/index.js')
    const options = adoptOptionsFromText(
      {
        defaultScopes: flags['default-scope'],
        defaultAnyone: flags['default-anyone'],
        tagScopes: flags['tag-scope'],
        readScopes: flags['read-scope'],
        writeScopes: flags['write-scope'],
        destructiveMethods: flags['destructive-method'],
      },
      {
        scopesFromSecurity: flags['scopes-from-security'],
        strict: flags.strict,
        includeTags: flags['include-tag'],
        excludeTags: flags['exclude-tag'],
        includePaths: flags['include-path'],
        keywords: flags.keywords === undefined ? undefined : await readKeywordMap(flags.keywords),
      },
    )
    const progress = await CliProgress.start(`Adopting ${args.input}`, {hidden: this.jsonEnabled()})
    // Only the write has a file to remove on SIGINT: until then the signal's default action ends the work at once.
    const {report, warnings} = await adoptedText(args.input, flags.output, options)
      .then(async ({text, ...adopted}) => {
        await removingTemporariesOnInterrupt(() => writeFileAtomically(flags.output, text))
        return adopted
      })
      .finally(() => progress.stop())
    const result: AdoptCommandResult = {
      input: args.input,
      output: flags.output,
      from: report.from,
      operationsIn: report.operationsIn,
      subsetLeftOut: report.subsetLeftOut,
      operations: report.operations,
      generatedIds: report.generatedIds,
      renamedIds: report.renamedIds,
      derivedSummaries: report.derivedSummaries,
      destructive: report.destructive,
      warnings,
    }
    if (!this.jsonEnabled() && !flags.quiet) this.render(result, flags.verbose)
    return result
  }

  private render(result: AdoptCommandResult, verbose: boolean): void {
    this.log(
      escapeUnsafe(
        `Adopted ${result.input} (${VERSION_NAMES[result.from]}) to ${result.output}: ${result.operations} operations${result.subsetLeftOut > 0 ? ` (${result.subsetLeftOut} left out by the subset)` : ''}, ` +
          `${result.generatedIds} ids generated, ${result.renamedIds.length} renamed, ${result.derivedSummaries} summaries derived, ` +
          `${result.destructive} destructive, ${result.warnings.length} warnings.`,
      ),
    )
    const renamed = verbose ? result.renamedIds : result.renamedIds.slice(0, LISTED)
    for (const {pointer, from, to} of renamed) this.log(escapeUnsafe(`  renamed ${JSON.stringify(from)} to ${to} (#${pointer})`))
    if (renamed.length < result.renamedIds.length) this.log(`  ... and ${result.renamedIds.length - renamed.length} more renamed (see --verbose or --json)`)
    if (verbose) {
      for (const warning of result.warnings) this.logToStderr(`Warning: ${this.where(result, warning)}`)
      return
    }
    const groups = groupAdoptWarnings(result.warnings)
    for (const {kind, count, example} of groups) {
      this.logToStderr(count === 1 ? `Warning: ${this.where(result, example)}` : `Warning: ${count} ${ADOPT_WARNING_KINDS[kind]}, e.g. ${this.where(result, example)}`)
    }
    if (groups.length < result.warnings.length) this.logToStderr('Each kind of warning is shown once, with one example; --verbose or --json lists every one.')
  }

  /** One warning as a line: where it is in the output, the operation, what adoption did. */
  private where(result: AdoptCommandResult, {pointer, operation_id, message}: AdoptWarning): string {
    return escapeUnsafe(`${result.output}#${pointer}${operation_id === undefined ? '' : ` (${operation_id})`}: ${message}`)
  }
}
