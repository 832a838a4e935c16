import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, parseJson, runCli, runProcess} from '../helpers/cli.js'

let home: string
let env: NodeJS.ProcessEnv

beforeAll(() => {
  // Completion writes a cache: keep it, and anything else, inside a temporary home.
  home = mkdtempSync(join(tmpdir(), 'tama-dex-conventions-'))
  env = {HOME: home, XDG_CACHE_HOME: join(home, 'cache'), XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data')}
})

afterAll(() => rmSync(home, {recursive: true, force: true}))

describe('oclif conventions', () => {
  it('prints a command\'s help with `help COMMAND` and with -h', async () => {
    for (const args of [['help', 'search'], ['search', '-h'], ['index', 'import', '-h']]) {
      const result = await runCli(args, {env})
      expect(result.code, args.join(' ')).toBe(0)
      expect(result.stdout, args.join(' ')).toMatch(/^USAGE$/m)
    }
  })

  it('suggests the nearest command, in the spaced form, as a usage error', async () => {
    const mistyped = await runCli(['serch', 'list', 'pods'], {env})
    expect(mistyped.code).toBe(2)
    expect(mistyped.stderr).toContain('Error: "serch" is not a tama-dex command. Did you mean "search"?')
    const inTopic = await runCli(['index', 'imprt', 'x.tama-cassette'], {env})
    expect(inTopic.code).toBe(2)
    expect(inTopic.stderr).toContain('Did you mean "index import"?')
    expect(inTopic.stderr).not.toContain('index:')
    const unrelated = await runCli(['xyzzy'], {env})
    expect(unrelated.code).toBe(2)
    expect(unrelated.stderr).not.toContain('Did you mean')
  })

  it('suggests the nearest flag of the command for a mistyped one, and nothing for one far from any', async () => {
    const mistyped = await runCli(['search', 'list', 'pods', '--limt', '3'], {env})
    expect(mistyped.code).toBe(2)
    expect(mistyped.stderr).toContain('Nonexistent flag: --limt\nDid you mean --limit?\nSee --help.')
    const far = await runCli(['search', 'list', 'pods', '--xyzzy'], {env})
    expect(far.code).toBe(2)
    expect(far.stderr).not.toContain('Did you mean')
  })

  it('answers an unknown command under --json with a JSON usage error', async () => {
    for (const args of [['serch', '--json'], ['--json', 'serch']]) {
      const result = await runCli(args, {env})
      expect(result.code, args.join(' ')).toBe(2)
      expect(parseJson<{error: {kind: string; message: string}}>(result).error).toMatchObject({kind: 'usage', message: expect.stringContaining('Did you mean "search"?')})
    }
  })

  it('never asks a question on a terminal: a mistyped command ends at once', async () => {
    const result = await runProcess('script', ['-qec', `${process.execPath} ${CLI} serch`, '/dev/null'], {env: {...env, COLUMNS: '100', LINES: '30'}, timeoutMs: 20_000})
    expect(result.code).toBe(2)
    expect(result.stdout).toContain('Did you mean "search"?')
    expect(result.stdout).not.toMatch(/\?\s*\(Y\/n\)|Did you mean search\? \(/)
  })

  it('prints completion set-up instructions, writing only its cache', async () => {
    const result = await runCli(['autocomplete', 'bash'], {env})
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('tama-dex autocomplete script bash')
    expect(readdirSync(home).sort()).toEqual(['cache'])
  })

  it('shows no empty default in help', async () => {
    const result = await runCli(['search', '--help'], {env})
    expect(result.stdout).not.toContain('[default: ]')
    expect(result.stdout).toContain('--scope=SCOPE...')
  })
})
