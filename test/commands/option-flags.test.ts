import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../helpers/cli.js'

// The library names options by their keys (`tagScopes`), in a remedy as data; each command says its own flags.
const dir = mkdtempSync(join(tmpdir(), 'tama-option-flags-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('library option keys in CLI messages', () => {
  describe.each([
    {
      given: 'document adopt with no scope option',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml')],
      code: 2,
      want: 'Pass --default-scope SCOPE, or --default-anyone to let any caller see and run them, or --scopes-from-security to take them from the security requirements, or --tag-scope TAG=SCOPE, or --read-scope SCOPE, or --write-scope SCOPE.',
    },
    {
      given: 'document adopt with a bad scope',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--read-scope', 'a b', '--write-scope', 'w'],
      code: 2,
      want: 'The read scopes: "a b" is not a scope. Pass --read-scope with 1–128 printable ASCII characters without spaces, e.g. incus.read.',
    },
    {
      given: 'document adopt with both default forms',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--default-scope', 'a', '--default-anyone'],
      code: 2,
      want: 'Error: Default scopes and opening operations to any caller exclude each other. Pass --default-scope alone, or --default-anyone alone.',
    },
    {
      given: 'document adopt with a tag scope without "="',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--tag-scope', 'pets'],
      code: 2,
      want: 'Error: The tag scope "pets" has no "=". Pass --tag-scope as TAG=SCOPE, e.g. instances=incus.instances.',
    },
    {
      given: 'document adopt with "none" and a method',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--default-anyone', '--destructive-method', 'none', '--destructive-method', 'post'],
      code: 2,
      want: 'Error: The destructive method none cannot be combined with a method. Pass --destructive-method none alone, or methods only.',
    },
    {
      given: 'cassette build into a missing folder',
      args: ['cassette', 'build', '--name', 'ops', '--version', '1.0.0', '--document', 'examples/runtime.yaml', '--output', join(dir, 'missing', 'ops.tama-cassette')],
      code: 2,
      want: 'its folder does not exist. Pass --output in a folder that exists.',
    },
    {
      given: 'execute with an --input that is not JSON',
      args: ['execute', 'incus', 'instance_get', '--input', '{name: web1}', '--scope', 'incus.read', '--dry-run', '--index', join(dir, 'none.db')],
      code: 2,
      want: 'is not valid JSON (',
    },
    {
      given: 'execute with an --input that is not JSON, its remedy',
      args: ['execute', 'incus', 'instance_get', '--input', '{name: web1}', '--scope', 'incus.read', '--dry-run', '--index', join(dir, 'none.db')],
      code: 2,
      want: `Pass --input with a JSON object, e.g. '{"name":"web1"}'.`,
    },
    {
      given: 'cassette diff failing its gate on any change',
      args: ['cassette', 'diff', 'test/fixtures/release/gate-base.yaml', 'test/fixtures/release/gate-breaking.yaml'],
      code: 13,
      want: 'Pass --fail-on breaking or security to gate on those only.',
    },
  ])('$given', ({args, code, want}) => {
    it('names the flags', async () => {
      const plain = await runCli(args)
      expect(plain.code).toBe(code)
      expect(plain.stderr).toContain(want)
      expect(plain.stderr).not.toContain('`')
    })
  })

  it('names the flags in the --json error', async () => {
    const json = await runCli(['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--read-scope', 'a b', '--write-scope', 'w', '--json'])
    expect(json.code).toBe(2)
    const {error} = parseJson<{error: {message: string; remedy: unknown}}>(json)
    expect(error.message).toMatch(/^The read scopes: "a b" is not a scope\. Pass --read-scope with /)
    expect(error.remedy).toMatchObject({kind: 'pass-option', choices: [{option: 'readScopes'}]})
  })
})
