import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../helpers/cli.js'

// The library names options by their keys (`tagScopes`); each command says its own flags.
const dir = mkdtempSync(join(tmpdir(), 'tama-option-flags-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('library option keys in CLI messages', () => {
  describe.each([
    {
      given: 'document adopt with no scope option',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml')],
      code: 2,
      want: 'Pass --default-scope SCOPE (or --default-anyone to let any caller see and run them), or map scopes with --scopes-from-security, --tag-scope TAG=SCOPE, or --read-scope SCOPE and --write-scope SCOPE.',
    },
    {
      given: 'document adopt with a bad scope',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--read-scope', 'a b', '--write-scope', 'w'],
      code: 2,
      want: '--read-scope: "a b" is not a scope',
    },
    {
      given: 'document adopt with both default forms',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--default-scope', 'a', '--default-anyone'],
      code: 2,
      want: 'Error: --default-scope and --default-anyone exclude each other: pass one of them.',
    },
    {
      given: 'document adopt with a tag scope without "="',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--tag-scope', 'pets'],
      code: 2,
      want: 'Error: --tag-scope "pets": write TAG=SCOPE, e.g. --tag-scope instances=incus.instances.',
    },
    {
      given: 'document adopt with "none" and a method',
      args: ['document', 'adopt', 'test/fixtures/adopt/swagger-2.yaml', '-o', join(dir, 'out.yaml'), '--default-anyone', '--destructive-method', 'none', '--destructive-method', 'post'],
      code: 2,
      want: 'Error: --destructive-method none cannot be combined with a method.',
    },
    {
      given: 'cassette build into a missing folder',
      args: ['cassette', 'build', '--name', 'ops', '--version', '1.0.0', '--document', 'examples/runtime.yaml', '--output', join(dir, 'missing', 'ops.tama-cassette')],
      code: 2,
      want: 'its folder does not exist. Create it or choose another --output.',
    },
    {
      given: 'execute with an --input that is not JSON',
      args: ['execute', 'incus', 'instance_get', '--input', '{name: web1}', '--scope', 'incus.read', '--dry-run', '--index', join(dir, 'none.db')],
      code: 2,
      want: 'The input in --input is not valid JSON',
    },
    {
      given: 'cassette diff failing its gate',
      args: ['cassette', 'diff', 'test/fixtures/release/gate-base.yaml', 'test/fixtures/release/gate-breaking.yaml', '--fail-on', 'breaking'],
      code: 13,
      want: 'found (--fail-on breaking)',
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
    expect(parseJson<{error: {message: string}}>(json).error.message).toMatch(/^--read-scope: "a b" is not a scope/)
  })
})
