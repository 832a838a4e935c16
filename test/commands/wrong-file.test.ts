import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {basename, join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {runCli} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'

let dir: string
let index: string
let document: string
let cassette: string
let jsonDocument: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-wrong-file-'))
  index = join(dir, 'index.sqlite3')
  document = join(dir, 'ops.yaml')
  writeFileSync(document, `# ops\n${JSON.stringify(profileDocument('Ops', [{id: 'health', summary: 'Report health'}]))}\n`)
  jsonDocument = join(dir, 'ops.json')
  writeFileSync(jsonDocument, JSON.stringify(profileDocument('Ops', [{id: 'health', summary: 'Report health'}]), null, 2))
  cassette = join(dir, 'ops.tama-cassette')
  expect((await runCli(['cassette', 'build', '--name', 'ops', '--version', '1.0.0', '--document', document, '--output', cassette])).code).toBe(0)
  expect((await runCli(['index', 'import', cassette, '--index', index])).code).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('a file of the wrong kind', () => {
  it('a cassette or an index given to index load says what it is and which command takes it, exit 2', async () => {
    const given = await runCli(['index', 'load', cassette, '--cassette', 'ops', '--index', index])
    expect(given.code).toBe(2)
    expect(given.stderr).toContain(`${cassette} is a cassette, not a JSON or YAML document. Install it with \`tama-dex index import ${cassette}\``)
    const indexGiven = await runCli(['index', 'load', index, '--cassette', 'ops', '--index', index])
    expect(indexGiven.code).toBe(2)
    expect(indexGiven.stderr).toContain(`${index} is a tama-dex index, not a JSON or YAML document. Pass it as \`--index ${index}\``)
  })

  it('an API description given to cassette inspect, index import or verify names the commands that take it, exit 2', async () => {
    for (const args of [['cassette', 'inspect', document], ['index', 'import', document, '--index', index], ['cassette', 'verify', document]]) {
      const result = await runCli(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(`${document} is an API description, not a cassette. Build a cassette of it with \`tama-dex cassette build --document ${document}\``)
      expect(result.stderr).not.toContain('failed verification')
    }
  })

  it('quotes a path a shell would read something in, in the commands it names', async () => {
    const spaced = join(dir, "ops copy's.tama-cassette")
    copyFileSync(cassette, spaced)
    const result = await runCli(['index', 'load', spaced, '--cassette', 'ops', '--index', index])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${spaced} is a cassette, not a JSON or YAML document. Install it with \`tama-dex index import '${spaced.replace("'", "'\\''")}'\``)
  })

  // Exit 12 would say to remove the file: a release artifact or a source must not be one.
  it.each([
    {given: 'a cassette', file: () => cassette, want: (path: string) => `${path} is a cassette, not a tama-dex index. Install it with \`tama-dex index import ${path}\``},
    {given: 'an API description in YAML', file: () => document, want: (path: string) => `${path} is an API description, not a tama-dex index. Build a cassette of it with \`tama-dex cassette build --document ${path}\``},
    {given: 'an API description in JSON', file: () => jsonDocument, want: (path: string) => `${path} is an API description, not a tama-dex index`},
  ])('$given given as --index is named, with the commands that take it, exit 2, and left as it was', async ({file, want}) => {
    const path = file()
    const before = readFileSync(path)
    for (const args of [['index', 'list'], ['index', 'status'], ['search', 'health'], ['index', 'import', cassette], ['index', 'remove', 'ops'], ['execute', 'ops', 'health', '--dry-run']]) {
      const result = await runCli([...args, '--index', path])
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toContain(want(path))
    }
    expect(readFileSync(path)).toEqual(before)
    expect(readdirSync(dir).filter((name) => name.startsWith(basename(path)) && name !== basename(path))).toEqual([])
  })

  it('an index given to cassette inspect is named as an index', async () => {
    const result = await runCli(['cassette', 'inspect', index])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('is a tama-dex index, not a cassette')
  })

  it('document validate on a folder with no API description fails as a usage error', async () => {
    const empty = join(dir, 'empty')
    mkdirSync(empty)
    writeFileSync(join(empty, 'notes.yaml'), 'title: not an API\n')
    const result = await runCli(['document', 'validate', empty])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${empty}: No API descriptions found`)
  })
})
