import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {type Remedy, TamaError, isTamaError} from '../../../src/core/errors/index.js'
import {openIndex} from '../../../src/core/host-index/index.js'
import {type Caller, handleExecute} from '../../../src/core/mcp/index.js'
import {toToolError} from '../../../src/core/mcp/tool-failure.js'
import {diffGateFailure, diffReleases} from '../../../src/core/release/index.js'
import {parseJson, runCli} from '../../helpers/cli.js'

const RELEASE = fileURLToPath(new URL('../../fixtures/release/', import.meta.url))
let dir: string
let index: string
let cassette: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-remedy-'))
  index = join(dir, 'index.sqlite3')
  cassette = join(dir, 'incus.tama-cassette')
  const made = await Promise.all([
    runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index]),
    runCli(['cassette', 'build', '--name', 'incus', '--version', '1.0.0', '--document', 'examples/incus.yaml', '--output', cassette]),
  ])
  for (const result of made) expect(result.code, result.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

async function failure(run: () => unknown): Promise<TamaError> {
  try {
    await run()
  } catch (error) {
    if (isTamaError(error)) return error
    throw error
  }
  throw new Error('the call did not fail')
}

async function execute(operationId: string, input: unknown, scopes: string[]): Promise<TamaError> {
  const opened = openIndex({path: index, readonly: true})
  try {
    return await failure(() => opened.execute('incus', operationId, input, {scopes, dryRun: true}))
  } finally {
    opened.close()
  }
}

interface Case {
  readonly given: string
  /** The library call that fails, and the CLI command that makes the same call. */
  readonly library: () => Promise<TamaError>
  readonly cli: () => string[]
  /** Whether the CLI prints the failure as --json (a gate's failure goes to stderr only). */
  readonly json: boolean
  readonly want: {
    readonly remedy: () => Remedy
    /** The remedy as agents get it, when it differs (no path). */
    readonly agentRemedy?: Remedy
    readonly library: string
    readonly cli: () => string
    readonly agent: string
  }
}

// One remedy value per row, rendered three ways: the library's message, the CLI's (a real child process), and the MCP tools' data and text.
describe.each<Case>([
  {
    given: 'an operation the caller cannot see',
    library: () => execute('instance_nope', {}, ['incus.read']),
    cli: () => ['execute', 'incus', 'instance_nope', '--scope', 'incus.read', '--index', index, '--dry-run', '--json'],
    json: true,
    want: {
      remedy: () => ({kind: 'search'}),
      library: 'Find the operations you can see with search.',
      cli: () => 'Find the operations you can see with `tama-dex search WORDS --cassette NAME`.',
      agent: 'Find the operations you can see with the search tool.',
    },
  },
  {
    given: 'a destructive call without its confirmation',
    library: () => execute('instance_delete', {name: 'web1'}, ['incus.read', 'incus.write']),
    cli: () => ['execute', 'incus', 'instance_delete', '--input', '{"name":"web1"}', '--scope', 'incus.read', '--scope', 'incus.write', '--index', index, '--dry-run', '--json'],
    json: true,
    want: {
      remedy: () => ({kind: 'confirm', echo: 'name', missing: false}),
      library: 'To proceed, call again with confirm: "<value of input.name>".',
      cli: () => 'Run it again with --confirm "<value of input.name>".',
      agent: 'To proceed, call again with confirm: "<value of input.name>".',
    },
  },
  {
    given: 'a confirmation whose echoed field is missing',
    library: () => execute('instance_delete', {}, ['incus.read', 'incus.write']),
    cli: () => ['execute', 'incus', 'instance_delete', '--scope', 'incus.read', '--scope', 'incus.write', '--index', index, '--dry-run', '--json'],
    json: true,
    want: {
      remedy: () => ({kind: 'confirm', echo: 'name', missing: true}),
      library: 'To proceed, call again with confirm: "<value of input.name>" (input.name is missing: send it too).',
      cli: () => 'Run it again with --confirm "<value of input.name>" (and add name to the input).',
      agent: 'To proceed, call again with confirm: "<value of input.name>" (input.name is missing: send it too).',
    },
  },
  {
    given: 'a diff gated on any change',
    library: async () => diffGateFailure(await diffReleases(`${RELEASE}gate-base.yaml`, `${RELEASE}gate-security.yaml`), 'any')!,
    cli: () => ['cassette', 'diff', `${RELEASE}gate-base.yaml`, `${RELEASE}gate-security.yaml`, '--fail-on', 'any'],
    json: false,
    want: {
      remedy: () => ({kind: 'pass-option', choices: [{option: 'failOn', value: 'breaking or security to gate on those only'}]}),
      library: 'Pass `failOn` breaking or security to gate on those only.',
      cli: () => 'Pass --fail-on breaking or security to gate on those only.',
      agent: 'Pass `failOn` breaking or security to gate on those only.',
    },
  },
  {
    given: 'an index that does not exist yet, read',
    library: () => failure(() => openIndex({path: join(dir, 'none.sqlite3'), readonly: true})),
    cli: () => ['index', 'status', '--index', join(dir, 'none.sqlite3')],
    json: false,
    want: {
      remedy: () => ({kind: 'install-first'}),
      library: 'Import a cassette or load a document into it first.',
      cli: () => 'Import a cassette (`tama-dex index import FILE --index PATH`) or load a document (`tama-dex index load FILE --cassette NAME`) into it first.',
      agent: 'Nothing can be found or run until the host installs one.',
    },
  },
  {
    given: 'a cassette given as the index',
    library: () => failure(() => openIndex({path: cassette})),
    cli: () => ['index', 'status', '--index', cassette, '--json'],
    json: true,
    want: {
      remedy: () => ({kind: 'other-command', file: cassette, fileKind: 'cassette'}),
      agentRemedy: {kind: 'other-command', fileKind: 'cassette'} as unknown as Remedy,
      library: 'Install it in an index, read its meta and operations, or search it alone in a private index.',
      cli: () => `Install it with \`tama-dex index import ${cassette}\``,
      agent: 'The host must give another file.',
    },
  },
])('$given', ({library, cli, json, want}) => {
  it('is one remedy value, in the library message in its own words', async () => {
    const error = await library()
    expect(error.remedy).toStrictEqual(want.remedy())
    expect(error.message).toBe(`${error.fault} ${want.library}`)
    expect(error.toJSON().remedy).toStrictEqual(want.remedy())
  })

  it('is printed by the CLI with its flags and commands', async () => {
    const result = await runCli(cli())
    const error = await library()
    expect(result.code, result.stderr).toBe(error.exitCode)
    const printed = json ? parseJson<{error: {message: string; remedy: Remedy}}>(result).error : undefined
    const text = printed?.message ?? `${result.stdout}${result.stderr}`
    expect(text).toContain(want.cli())
    expect(text).not.toContain(want.library)
    if (printed !== undefined) expect(printed.remedy).toStrictEqual(want.remedy())
  })

  it('is handed to agents as data, with its text in their words', async () => {
    const error = await library()
    const tool = toToolError(error)
    expect(tool.remedy).toStrictEqual(want.agentRemedy ?? want.remedy())
    expect(tool.message).toBe(`${error.fault} ${want.agent}`)
  })
})

describe('the execute tool', () => {
  const caller: Caller = {scopes: ['incus.read', 'incus.write']}
  it.each<{given: string; args: Record<string, unknown>; want: Remedy}>([
    {given: 'an unknown operation', args: {cassette: 'incus', operation_id: 'instance_nope', input: {}}, want: {kind: 'search'}},
    {given: 'a hidden operation', args: {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}, confirm: 'web1'}, want: {kind: 'search'}},
    {given: 'no confirmation', args: {cassette: 'incus', operation_id: 'instance_delete', input: {name: 'web1'}}, want: {kind: 'confirm', echo: 'name', missing: false}},
  ])('returns $given with its remedy as data', async ({given, args, want}) => {
    const opened = openIndex({path: index, readonly: true})
    try {
      const scopes = given === 'a hidden operation' ? {scopes: ['incus.read']} : caller
      const output = await handleExecute(opened, args, scopes, {})
      expect(output).toMatchObject({error: {remedy: want}})
    } finally {
      opened.close()
    }
  })
})

describe('a TamaError with a remedy', () => {
  it.each<{given: string; remedy: Remedy}>([
    {given: 'pass-option', remedy: {kind: 'pass-option', choices: [{option: 'output', value: 'in a folder that exists'}, {option: 'failOn'}]}},
    {given: 'confirm', remedy: {kind: 'confirm', echo: null, missing: false}},
    {given: 'other-command', remedy: {kind: 'other-command', file: 'a b.tama-cassette', fileKind: 'cassette'}},
    {given: 'search', remedy: {kind: 'search'}},
  ])('$given crosses a thread boundary as JSON and keeps its fault, remedy and message when changed', ({remedy}) => {
    const error = new TamaError('usage', 'Something was wrong.', {remedy, details: {n: 1}})
    const back = TamaError.fromJSON(JSON.parse(JSON.stringify(error)) as Parameters<typeof TamaError.fromJSON>[0])
    expect({fault: back.fault, message: back.message, remedy: back.remedy}).toStrictEqual({fault: error.fault, message: error.message, remedy})
    const moved = error.with({dispatched: true})
    expect({dispatched: moved.dispatched, message: moved.message, remedy: moved.remedy, details: moved.details}).toStrictEqual({dispatched: true, message: error.message, remedy, details: {n: 1}})
  })

  it('keeps a message sent without its remedy wording as it came', () => {
    const back = TamaError.fromJSON({kind: 'usage', message: 'Another host wrote this.', remedy: {kind: 'search'}})
    expect({fault: back.fault, message: back.message, remedy: back.remedy}).toStrictEqual({fault: 'Another host wrote this.', message: 'Another host wrote this.', remedy: undefined})
  })
})
