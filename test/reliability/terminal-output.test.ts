import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {runCli} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'

// Escape sequences that clear the screen, retitle the window, hide text and reorder it.
const HOSTILE = ['\u001b[2J', '\u001b]0;pwned\u0007', '\u009b31m', '\u202e', '\r']
const hostile = (text: string): string => `${text} ${HOSTILE.join(' ')} end`

/** Characters a terminal acts on rather than prints; only line feeds (and tabs) may reach it. */
const UNSAFE_OUTPUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/

let dir: string
let documentPath: string
let nextPath: string
let cassette: string
let index: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-terminal-'))
  const document = profileDocument(hostile('Hostile'), [
    {id: 'thing_get', summary: hostile('Get a thing'), scopes: ['things.read']},
    {id: 'thing_delete', summary: hostile('Delete a thing'), scopes: ['things.write'], method: 'delete', path: '/thing_get', destructive: true},
  ], '1.0.0')
  const operation = (document.paths as Record<string, Record<string, Record<string, unknown>>>)['/thing_get']!.get!
  operation.description = hostile('A description')
  operation.tags = [hostile('things')]
  documentPath = join(dir, 'hostile.json')
  writeFileSync(documentPath, JSON.stringify(document))
  const next = structuredClone(document)
  ;(next.info as Record<string, unknown>).version = '2.0.0'
  delete (next.paths as Record<string, Record<string, unknown>>)['/thing_get']!.delete
  nextPath = join(dir, 'next.json')
  writeFileSync(nextPath, JSON.stringify(next))
  cassette = join(dir, 'hostile.tama-cassette')
  index = join(dir, 'index.sqlite3')
  const built = await runCli(['cassette', 'build', '--name', 'hostile', '--version', '1.0.0', '--document', documentPath, '--output', cassette])
  expect(built.code, built.stderr).toBe(0)
  const imported = await runCli(['index', 'import', cassette, '--index', index])
  expect(imported.code, imported.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('text from a document never reaches the terminal as control characters', () => {
  const commands: Array<{given: string; args: () => string[]}> = [
    {given: 'document validate', args: () => ['document', 'validate', documentPath]},
    {given: 'cassette inspect', args: () => ['cassette', 'inspect', cassette]},
    {given: 'cassette verify', args: () => ['cassette', 'verify', cassette]},
    {given: 'cassette lint', args: () => ['cassette', 'lint', cassette]},
    {given: 'cassette diff', args: () => ['cassette', 'diff', cassette, nextPath]},
    {given: 'index list', args: () => ['index', 'list', '--index', index]},
    {given: 'search', args: () => ['search', 'thing', '--scope', 'things.read', '--scope', 'things.write', '--index', index]},
    {given: 'search --from', args: () => ['search', 'thing', '--scope', 'things.read', '--from', cassette]},
    {given: 'execute --dry-run', args: () => ['execute', 'hostile', 'thing_get', '--scope', 'things.read', '--dry-run', '--index', index]},
    {given: 'execute of a confirmation-gated operation', args: () => ['execute', 'hostile', 'thing_delete', '--scope', 'things.write', '--dry-run', '--index', index]},
  ]
  it.each(commands)('$given', async ({args}) => {
    const result = await runCli(args())
    expect(result.stdout + result.stderr).not.toBe('')
    for (const [stream, text] of [['stdout', result.stdout], ['stderr', result.stderr]] as const) {
      const found = UNSAFE_OUTPUT.exec(text)
      expect(found === null ? null : `${stream}: U+${found[0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(text.slice(Math.max(0, found.index - 40), found.index + 20))}`).toBeNull()
    }
  })
})
