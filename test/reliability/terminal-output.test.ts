import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, type CliResult, PROJECT_ROOT, runCli, runProcess} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'
import {tally} from './counts.js'
import {SeededRandom} from './seeded-random.js'
import {SEED, scaled} from './soak.js'

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
    expectNothingUnsafe(result)
  })
})

/** The first character a terminal would act on in either stream, or a line a name forged; null when there is none. */
function unsafeOutput(result: CliResult): string | null {
  for (const [stream, text] of [['stdout', result.stdout], ['stderr', result.stderr]] as const) {
    const found = UNSAFE_OUTPUT.exec(text)
    if (found !== null) return `${stream}: U+${found[0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(text.slice(Math.max(0, found.index - 40), found.index + 20))}`
    const forged = /^FORGED.*$/m.exec(text)
    if (forged !== null) return `${stream}: a line starts with a file name's text: ${JSON.stringify(forged[0])}`
  }
  return null
}

function expectNothingUnsafe(result: CliResult): void {
  expect(unsafeOutput(result)).toBeNull()
}

// What a hostile file name holds: escape sequences (CSI, OSC retitling the window, 8-bit
// CSI), bell, carriage return, line breaks (LF, NEL, U+2028) that would forge a line, and
// characters that reorder or hide text.
const NAME_PARTS = ['\u001b[2J', '\u001b]0;pwned\u0007', '\u0007', '\rFORGED', '\nFORGED', '\u0085FORGED', '\u009b31m', '\u202e', '\u2066', '\u2028FORGED', '\u200b', '\u061c', '\ufeff', '\u007f']
const EVERY_PART = `x${NAME_PARTS.join('')}`

function hostileNames(): string[] {
  const random = new SeededRandom(SEED)
  const more = Array.from({length: scaled(0, 12)}, () => `n${random.sample(NAME_PARTS, random.int(1, 4)).join('')}`)
  return [EVERY_PART, ...more]
}

describe.each(hostileNames().map((name) => ({name, shown: JSON.stringify(name)})))('a file named $shown never reaches the terminal raw', ({name}) => {
  let folder: string
  const at = (suffix: string) => join(folder, `${name}${suffix}`)

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'tama-names-'))
    writeFileSync(at('.json'), JSON.stringify(profileDocument('Names', [{id: 'thing_get', summary: 'Get a thing', scopes: ['things.read']}])))
    writeFileSync(at('-invalid.json'), JSON.stringify({openapi: '3.1.0', 'x-tama-profile': 'tama-operations/1', paths: {}}))
    writeFileSync(at('-openapi.json'), JSON.stringify({openapi: '3.0.3', info: {title: 'Names', version: '1'}, paths: {'/things': {get: {responses: {200: {description: 'ok'}}}}}}))
    mkdirSync(at('-folder'))
    writeFileSync(join(at('-folder'), `${name}.yaml`), JSON.stringify(profileDocument('Names', [{id: 'thing_get', summary: 'Get a thing', scopes: ['things.read']}])))
    writeFileSync(join(at('-folder'), `${name}.txt`), 'not a description')
  })

  afterAll(() => rmSync(folder, {recursive: true, force: true}))

  // In order: the build writes the cassette the later commands read.
  const commands: Array<{given: string; args: () => string[]}> = [
    {given: 'cassette build', args: () => ['cassette', 'build', '--name', 'names', '--version', '1.0.0', '--document', at('.json'), '--output', at('.tama-cassette')]},
    {given: 'cassette build of an invalid document', args: () => ['cassette', 'build', '--name', 'names', '--version', '1.0.0', '--document', at('-invalid.json'), '--output', at('-2.tama-cassette')]},
    {given: 'cassette inspect', args: () => ['cassette', 'inspect', at('.tama-cassette')]},
    {given: 'cassette inspect of a missing file', args: () => ['cassette', 'inspect', at('-missing.tama-cassette')]},
    {given: 'cassette inspect of a document', args: () => ['cassette', 'inspect', at('.json')]},
    {given: 'cassette verify', args: () => ['cassette', 'verify', at('.tama-cassette')]},
    {given: 'cassette verify --sha256 of another file', args: () => ['cassette', 'verify', at('.tama-cassette'), '--sha256', '0'.repeat(64)]},
    {given: 'cassette verify --json', args: () => ['cassette', 'verify', at('.tama-cassette'), '--sha256', '0'.repeat(64), '--json']},
    {given: 'cassette lint', args: () => ['cassette', 'lint', at('.json')]},
    {given: 'cassette diff', args: () => ['cassette', 'diff', at('.tama-cassette'), at('-invalid.json')]},
    {given: 'document validate of a file', args: () => ['document', 'validate', at('.json')]},
    {given: 'document validate of an invalid file', args: () => ['document', 'validate', at('-invalid.json')]},
    {given: 'document validate of a folder', args: () => ['document', 'validate', at('-folder')]},
    {given: 'document validate --json of a folder', args: () => ['document', 'validate', at('-folder'), '--json']},
    {given: 'document validate of a missing file', args: () => ['document', 'validate', at('-missing.json')]},
    {given: 'document adopt', args: () => ['document', 'adopt', at('-openapi.json'), '--output', at('-adopted.json'), '--default-anyone']},
    {given: 'document adopt --json', args: () => ['document', 'adopt', at('-openapi.json'), '--output', at('-adopted.yaml'), '--default-anyone', '--json']},
    {given: 'document adopt of a profile document', args: () => ['document', 'adopt', at('-invalid.json'), '--output', at('-adopted.json'), '--default-anyone']},
    {given: 'index import', args: () => ['index', 'import', at('.tama-cassette'), '--index', at('.sqlite3')]},
    {given: 'index import of a document', args: () => ['index', 'import', at('.json'), '--index', at('.sqlite3')]},
    {given: 'index load', args: () => ['index', 'load', at('.json'), '--cassette', 'loaded', '--index', at('.sqlite3')]},
    {given: 'index load of an invalid document', args: () => ['index', 'load', at('-invalid.json'), '--cassette', 'loaded', '--index', at('.sqlite3')]},
    {given: 'index list of a missing index', args: () => ['index', 'list', '--index', at('-missing.sqlite3')]},
    {given: 'index status --json', args: () => ['index', 'status', '--index', at('.json'), '--json']},
    {given: 'search --from', args: () => ['search', 'thing', '--scope', 'things.read', '--from', at('-missing.json')]},
    {given: 'a usage error quoting an argument', args: () => ['cassette', 'inspect', at('.tama-cassette'), at('.json')]},
    {given: 'a usage error quoting an option value', args: () => ['document', 'adopt', at('-openapi.json'), '--output', at('-x.json'), `--destructive-method=${name}`]},
    {given: 'an unknown command', args: () => [name]},
    {given: 'an unknown command --json', args: () => [name, '--json']},
  ]

  it.for(commands)('$given', async ({args}, context) => {
    const result = await runCli(args())
    expect(result.stdout + result.stderr).not.toBe('')
    expectNothingUnsafe(result)
    tally(context, 'hostile names printed', 1)
  })

  // In a terminal the spinner draws its own escape sequences, so the name's are looked for.
  it('progress in a terminal', async (context) => {
    const run = await runProcess('python3', [join(PROJECT_ROOT, 'test/helpers/pty-run.py'), '30', '100', '20', '0', process.execPath, CLI, 'cassette', 'verify', at('.tama-cassette')], {
      env: {TERM: 'xterm-256color', CI: undefined},
      timeoutMs: 30_000,
    })
    expect(run.stdout).toContain('Verifying')
    const raw = ['\u001b]0;', '\u001b[2J', '\u0007', '\u0085', '\u009b', '\u202e', '\u2066', '\u2028', '\u200b', '\u061c', '\ufeff', '\u007f'].filter((part) => run.stdout.includes(part))
    expect({raw, forged: /[\r\n]FORGED/.test(run.stdout)}).toEqual({raw: [], forged: false})
    tally(context, 'hostile names printed', 1)
  })
})
