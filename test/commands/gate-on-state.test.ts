import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'

let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-gate-cli-'))
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('scripts can gate on state', () => {
  it('index status exits 8 until a cassette is committed, and --json says not_ready', async () => {
    const index = join(dir, 'index.sqlite3')
    const missing = await runCli(['index', 'status', '--index', index, '--json'])
    expect(missing.code).toBe(8)
    expect(parseJson(missing)).toMatchObject({state: 'not_ready', cassettes: 0, operations: 0})
    const human = await runCli(['index', 'status', '--index', index])
    expect(human.code).toBe(8)
    expect(human.stdout).toMatch(/^not_ready: 0 cassettes, 0 operations/)
    writeFileSync(join(dir, 'ops.json'), JSON.stringify(profileDocument('Ops', [{id: 'health'}])))
    expect((await runCli(['index', 'load', join(dir, 'ops.json'), '--cassette', 'ops', '--index', index])).code).toBe(0)
    const ready = await runCli(['index', 'status', '--index', index, '--json'])
    expect(ready.code).toBe(0)
    expect(parseJson(ready)).toMatchObject({state: 'ready', cassettes: 1})
  })

  it('document validate reads - from standard input and ends with a total line', async () => {
    const document = JSON.stringify(profileDocument('Ops', [{id: 'health'}, {id: 'version'}]))
    const result = await runCli(['document', 'validate', '-'], {input: document})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('-: OK, 2 operations\n1 document: 1 valid\n')
  })

  it('problems in a JSON file carry line:column beside the pointer, and line and column fields in --json', async () => {
    const document = profileDocument('Ops', [{id: 'health'}])
    const health = (document.paths as Record<string, Record<string, Record<string, unknown>>>)['/health']!.get!
    health['x-tama-destructive'] = 'yes'
    const file = join(dir, 'bad.json')
    const text = JSON.stringify(document, null, 2)
    writeFileSync(file, text)
    const lines = text.split('\n')
    const line = lines.findIndex((row) => row.includes('"x-tama-destructive"')) + 1
    const column = lines[line - 1]!.indexOf('"yes"') + 1
    const human = await runCli(['document', 'validate', file])
    expect(human.code).toBe(3)
    expect(human.stdout).toContain(`${file}:${line}:${column}#/paths/~1health/get/x-tama-destructive: `)
    expect(human.stdout.trimEnd().split('\n').at(-1)).toBe('1 document: 0 valid, 1 with 1 problem')
    const json = await runCli(['document', 'validate', file, '--json'])
    expect(parseJson<{files: Array<{problems: unknown[]}>}>(json).files[0]!.problems).toEqual([
      expect.objectContaining({source: file, pointer: '/paths/~1health/get/x-tama-destructive', line, column}),
    ])
  })

  it.each([
    {given: 'index load', args: (file: string) => ['index', 'load', file, '--cassette', 'ops', '--index', join(dir, 'located.sqlite3')]},
    {given: 'cassette build', args: (file: string) => ['cassette', 'build', '--name', 'ops', '--version', '1.0.0', '--document', file, '--output', join(dir, 'located.tama-cassette')]},
  ])('$given places a document problem at its line and column too', async ({args}) => {
    const file = join(dir, 'bad.yaml')
    writeFileSync(file, 'openapi: 3.1.0\nx-tama-profile: tama-operations/1\ninfo: {title: Ops, version: 1.0.0}\npaths:\n  /health:\n    get:\n      operationId: health\n      summary: Report health\n      x-tama-scopes: []\n      x-tama-destructive: "yes"\n      responses: {"200": {description: OK}}\n')
    const human = await runCli(args(file))
    expect(human.code).toBe(3)
    expect(human.stderr).toContain(`${file}:10:27#/paths/~1health/get/x-tama-destructive: `)
    const json = await runCli([...args(file), '--json'])
    expect(parseJson<{error: {problems: unknown[]}}>(json).error.problems).toContainEqual(expect.objectContaining({source: file, line: 10, column: 27}))
  })
})
