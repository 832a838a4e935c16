import {Args, Flags} from '@oclif/core'

import {BaseCommand} from '../cli/base-command.js'
import {indexFlags, scopeFlag} from '../cli/flags.js'
import {TamaError} from '../core/errors/index.js'
import type {DispatchPlan, ExecuteResult} from '../core/execute/index.js'

export default class Execute extends BaseCommand {
  static override summary = 'Run one operation through its cassette\'s executor, after every check.'
  static override description = `Checks, in order and without dispatching: the index is ready (exit 8), the operation exists and --scope allows it (exit 5; a forbidden operation looks exactly like an unknown one), the input is plain JSON within the input limits (exit 7), its confirmation rule is satisfied (exit 6), the input is valid against its schema (exit 7) and an executor is registered for the cassette (exit 10). Then the executor from --executors is called exactly once; if it fails, exit 11 and the call may have taken effect. With --dry-run every check runs and the call that would be dispatched is printed instead (the executor check only when --executors is given).`
  static override examples = [
    `<%= config.bin %> execute incus instance_delete --input '{"name":"web1"}' --scope incus.write --confirm web1 --dry-run`,
    `INCUS_URL=https://incus.example.net:8443 <%= config.bin %> execute incus instance_get --input '{"name":"web1"}' --scope incus.read --executors examples/executors/executors.mjs`,
  ]
  static override args = {
    cassette: Args.string({description: 'The cassette the operation belongs to.', required: true}),
    operation: Args.string({description: 'The operation id.', required: true}),
  }
  static override optionFlags = {json: '--input', file: '--input-file'}
  static override flags = {
    ...indexFlags,
    scope: scopeFlag,
    input: Flags.string({description: 'The input object, as JSON. Default: {}.', helpValue: 'JSON', exclusive: ['input-file']}),
    'input-file': Flags.string({description: 'Read the input object from this JSON file (- for stdin).', helpValue: 'FILE', exclusive: ['input']}),
    confirm: Flags.string({
      description: 'Confirm the call: `true`, or the value of the input field the operation\'s confirmation rule echoes.',
      helpValue: 'true|VALUE',
    }),
    'dry-run': Flags.boolean({description: 'Run every check and print the call that would be dispatched; dispatch nothing.'}),
    executors: Flags.string({
      description: 'An ES module exporting the executor map (as `executors` or default). Needed to dispatch.',
      helpValue: 'MODULE',
    }),
    timeout: Flags.integer({description: 'Fail the call (exit 11) if the executor has not answered after this many milliseconds.', min: 1, helpValue: 'MS'}),
  }

  async run(): Promise<ExecuteResult | DispatchPlan> {
    const {args, flags} = await this.parse(Execute)
    const dryRun = flags['dry-run']
    if (!dryRun && flags.executors === undefined) {
      throw new TamaError('usage', 'Nothing can run without executors: pass --executors MODULE, or --dry-run to only check the call.')
    }
    const [{withIndex}, {loadExecutors, readInput}] = await Promise.all([import('../core/host-index/index.js'), import('../core/execute/index.js')])
    const input = await readInput({json: flags.input, file: flags['input-file']})
    const executors = flags.executors === undefined ? undefined : await loadExecutors(flags.executors, process.cwd())
    const confirm = flags.confirm === 'true' ? true : flags.confirm
    const options = {scopes: flags.scope, executors, confirm, timeout: flags.timeout, dryRun}
    // Execute never writes the index: a read-only one serves, and a missing one is not created.
    const output = await withIndex(flags.index, (index) => index.execute(args.cassette, args.operation, input, options), {readonly: true})
    if (dryRun) {
      const plan = output.result as DispatchPlan
      this.log(renderPlan(plan))
      return plan
    }
    this.log(JSON.stringify(output.result, null, 2))
    return output
  }
}

function renderPlan(plan: DispatchPlan): string {
  const executor =
    plan.executor === 'registered' ? 'Its executor is registered.' : 'The executor was not checked: pass --executors MODULE to check it too.'
  return [
    `Would dispatch ${plan.method.toUpperCase()} ${plan.path} (${plan.cassette}/${plan.operation_id}${plan.destructive ? ', destructive' : ''}) with input:`,
    JSON.stringify(plan.input, null, 2),
    executor,
  ].join('\n')
}
