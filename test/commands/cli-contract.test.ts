import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {PROJECT_ROOT} from '../helpers/cli.js'
import {shapeOf} from '../helpers/json-shape.js'

/**
 * Scripts parse the CLI: its commands, flags and arguments are a contract. This test
 * compares them with test/fixtures/cli/contract.json; a change must be made on purpose
 * (UPDATE_CLI_CONTRACT=1 npm run test:unit -- test/commands/cli-contract.test.ts) and
 * called out in the release notes.
 */
const CONTRACT = join(PROJECT_ROOT, 'test/fixtures/cli/contract.json')

interface ManifestFlag {
  type: 'boolean' | 'option'
  multiple?: boolean
  required?: boolean
  char?: string
  options?: string[]
  default?: unknown
  exclusive?: string[]
}

interface ManifestCommand {
  flags: Record<string, ManifestFlag>
  args: Record<string, {required?: boolean}>
}

function contractOf(manifest: {commands: Record<string, ManifestCommand>}): Record<string, unknown> {
  const commands = Object.keys(manifest.commands).sort()
  return Object.fromEntries(
    commands.map((id) => {
      const command = manifest.commands[id]!
      const flags = Object.fromEntries(
        Object.keys(command.flags)
          .sort()
          .map((name) => {
            const {type, multiple, required, char, options, default: fallback, exclusive} = command.flags[name]!
            return [name, {type, multiple: multiple ?? false, required: required ?? false, char: char ?? null, options: options ?? null, default: fallback ?? null, exclusive: exclusive ?? []}]
          }),
      )
      const args = Object.entries(command.args).map(([name, arg]) => ({name, required: arg.required ?? false}))
      return [id.replaceAll(':', ' '), {args, flags}]
    }),
  )
}

describe('the CLI contract', () => {
  it('has the commands, flags and arguments scripts rely on', () => {
    const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, ManifestCommand>}
    const actual = contractOf(manifest)
    if (process.env.UPDATE_CLI_CONTRACT === '1') writeFileSync(CONTRACT, `${JSON.stringify(actual, null, 2)}\n`)
    expect(actual).toEqual(JSON.parse(readFileSync(CONTRACT, 'utf8')))
  })

  it('offers --json on every command', () => {
    const contract = JSON.parse(readFileSync(CONTRACT, 'utf8')) as Record<string, {flags: Record<string, unknown>}>
    for (const [id, command] of Object.entries(contract)) expect(command.flags, id).toHaveProperty('json')
  })
})

describe('the --json output contract', () => {
  const SHAPES = join(PROJECT_ROOT, 'test/fixtures/cli/json-shapes.json')

  it('keeps the shape of every command\'s --json output', async () => {
    const {mkdtempSync, rmSync} = await import('node:fs')
    const {tmpdir} = await import('node:os')
    const {parseJson, runCli} = await import('../helpers/cli.js')
    const dir = mkdtempSync(join(tmpdir(), 'tama-contract-'))
    const index = join(dir, 'index.sqlite3')
    const cassette = join(dir, 'incus.tama-cassette')
    try {
      const shapes: Record<string, unknown> = {}
      const record = async (name: string, args: string[]) => {
        const result = await runCli([...args, '--json'])
        shapes[name] = {exit: result.code, output: shapeOf(parseJson(result))}
        return parseJson<Record<string, unknown>>(result)
      }
      await record('document validate', ['document', 'validate', 'examples/incus.yaml'])
      await record('document adopt', ['document', 'adopt', 'test/fixtures/adopt/path-fragments.yaml', '-o', join(dir, 'adopted.yaml'), '--default-anyone'])
      const built = await record('cassette build', ['cassette', 'build', '--name', 'incus', '--version', '1.0.0', '--document', 'examples/incus.yaml', '--output', cassette])
      await record('cassette verify', ['cassette', 'verify', cassette, '--sha256', String(built.sha256)])
      await record('cassette inspect', ['cassette', 'inspect', cassette])
      await record('cassette diff', ['cassette', 'diff', 'examples/incus.yaml', 'examples/incus-v2.yaml'])
      await record('cassette lint', ['cassette', 'lint', 'examples/runtime.yaml'])
      await record('index import', ['index', 'import', cassette, '--index', index])
      await record('index list', ['index', 'list', '--index', index])
      await record('index status', ['index', 'status', '--index', index])
      await record('index load', ['index', 'load', 'examples/runtime.yaml', '--cassette', 'runtime', '--index', index])
      await record('search', ['search', 'get an instance', '--scope', 'incus.read', '--limit', '1', '--index', index])
      await record('describe', ['describe', 'incus', 'instance_get', '--scope', 'incus.read', '--index', index])
      await record('execute --dry-run', ['execute', 'incus', 'instance_get', '--input', '{"name":"web1"}', '--scope', 'incus.read', '--dry-run', '--index', index])
      await record('error', ['execute', 'incus', 'instance_delete', '--input', '{"name":"web1"}', '--scope', 'incus.write', '--dry-run', '--index', index])
      await record('index remove', ['index', 'remove', 'incus', '--index', index])
      if (process.env.UPDATE_CLI_CONTRACT === '1') writeFileSync(SHAPES, `${JSON.stringify(shapes, null, 2)}\n`)
      expect(shapes).toEqual(JSON.parse(readFileSync(SHAPES, 'utf8')))
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  }, 120_000)

  it('names an operation operation_id in every output', () => {
    const shapes = JSON.parse(readFileSync(SHAPES, 'utf8')) as unknown
    const names: string[] = []
    const walk = (shape: unknown, path: string): void => {
      if (typeof shape !== 'object' || shape === null) return
      for (const [key, value] of Object.entries(shape)) {
        if (/^(operation|operationId|operation_name|op|id)$/.test(key)) names.push(`${path}.${key}`)
        walk(value, key === 'array' || /^\d+$/.test(key) ? path : `${path}.${key}`)
      }
    }
    walk(shapes, '')
    // `documents[].id` numbers a cassette's documents, not operations.
    expect(names).toStrictEqual(['.cassette inspect.output.documents.id'])
  })
})
