import {Args} from '@oclif/core'

import {BaseCommand} from '../cli/base-command.js'
import {confirmFlag} from '../cli/confirmation.js'
import {indexFlags, scopeFlag} from '../cli/flags.js'
import type {ConfirmationRule, JsonSchema} from '../core/profile/index.js'

export interface OperationDescription {
  readonly cassette: string
  readonly operation_id: string
  readonly method: string
  readonly path: string
  readonly summary: string
  readonly description: string
  readonly tags: readonly string[]
  readonly scopes: readonly string[]
  readonly destructive: boolean
  readonly confirmation: ConfirmationRule | null
  readonly input_schema: JsonSchema
  /** A minimal input built from the schema: required properties only, with the schema's examples or placeholders. */
  readonly example_input: unknown
}

export default class Describe extends BaseCommand {
  static override summary = 'Show one installed operation in full: what it does, its scopes, its confirmation rule, its input schema and an example input.'
  static override description = `For people choosing what to execute. Only operations whose scopes are all among --scope are shown; one the scopes forbid looks exactly like an unknown one (exit 5), as in execute. The example input holds the required properties, each with the schema's example, default, const or first enum value, else a placeholder: edit it before running.`
  static override examples = [
    '<%= config.bin %> describe incus instance_delete --scope incus.write',
    '<%= config.bin %> describe incus instance_get --scope incus.read --json',
  ]
  static override args = {
    cassette: Args.string({description: 'The cassette the operation belongs to.', required: true}),
    operation: Args.string({description: 'The operation id (as search lists it).', required: true}),
  }
  static override flags = {...indexFlags, scope: scopeFlag}

  async run(): Promise<OperationDescription> {
    const {args, flags} = await this.parse(Describe)
    const [{withIndex}, {exampleInput}] = await Promise.all([import('../core/host-index/index.js'), import('../core/profile/index.js')])
    const record = await withIndex(flags.index, (index) => index.operation(args.cassette, args.operation, {scopes: flags.scope}), {readonly: true})
    const described: OperationDescription = {
      cassette: args.cassette,
      operation_id: record.operationId,
      method: record.method,
      path: record.path,
      summary: record.summary,
      description: record.description,
      tags: record.tags,
      scopes: record.scopes,
      destructive: record.destructive,
      confirmation: record.confirmation,
      input_schema: record.inputSchema,
      example_input: exampleInput(record.inputSchema),
    }
    if (!this.jsonEnabled()) this.log(await render(described))
    return described
  }
}

async function render(operation: OperationDescription): Promise<string> {
  const {escapeUnsafe, printable, shellQuote} = await import('../core/text/index.js')
  // Escaped line by line, so text from the document keeps its line breaks but cannot drive the terminal.
  const indented = (text: string) => text.split('\n').map((line) => `  ${escapeUnsafe(line)}`).join('\n')
  const json = (value: unknown) => indented(JSON.stringify(value, null, 2))
  const example = JSON.stringify(operation.example_input)
  const confirm = operation.confirmation === null ? '' : ` --confirm ${shellQuote(echoedExample(operation.example_input, operation.confirmation.echo))}`
  const scopes = operation.scopes.length === 0 ? '' : ` --scope ${operation.scopes.join(',')}`
  return [
    `${printable(operation.cassette)}/${printable(operation.operation_id, 128)}  ${operation.method.toUpperCase()} ${printable(operation.path, 200)}${operation.destructive ? '  (destructive)' : ''}`,
    '',
    `Summary       ${printable(operation.summary, 200) || '(none)'}`,
    `Scopes        ${operation.scopes.length === 0 ? '(any caller)' : printable(operation.scopes.join(', '), 200)}`,
    `Confirmation  ${confirmationLine(operation.confirmation, printable)}`,
    ...(operation.tags.length === 0 ? [] : [`Tags          ${printable(operation.tags.join(', '), 200)}`]),
    ...(operation.description === '' ? [] : ['', 'Description', indented(operation.description.trim())]),
    '',
    'Input schema',
    json(operation.input_schema),
    '',
    'Example input (edit the placeholders)',
    json(operation.example_input),
    '',
    'Check a call without running it',
    `  tama-dex execute ${printable(operation.cassette)} ${printable(operation.operation_id, 128)} --input ${escapeUnsafe(shellQuote(example))}${scopes}${confirm} --dry-run`,
  ].join('\n')
}

/** The example's value of the echoed property, as the confirmation rule compares it; `true` when nothing is echoed. */
function echoedExample(example: unknown, echo: string | null): string {
  if (echo === null) return 'true'
  const value = typeof example === 'object' && example !== null ? (example as Record<string, unknown>)[echo] : undefined
  return typeof value === 'string' ? value : JSON.stringify(value ?? `<${echo}>`)
}

function confirmationLine(rule: ConfirmationRule | null, printable: (text: string, max?: number) => string): string {
  if (rule === null) return 'not needed'
  const when = rule.when === 'always' ? 'always needed' : 'needed when the input matches its rule (see --json)'
  const message = printable(rule.message.trim(), 200)
  return `${when}: ${/[.!?]$/.test(message) ? message : `${message}.`} Pass ${confirmFlag(rule.echo)}.`
}
