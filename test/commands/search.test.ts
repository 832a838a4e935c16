import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, parseJson, runCli, runProcess} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'

let dir: string
let index: string
let document: string
let cassette: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-search-cli-'))
  index = join(dir, 'index.sqlite3')
  document = join(dir, 'k8s-pods.json')
  writeFileSync(document, JSON.stringify(profileDocument('Pods', [
    {id: 'pods_list', summary: 'List pods in a namespace, with their phase, node and the containers each of them runs', scopes: ['k8s.read']},
    {id: 'pod_delete', summary: 'Delete a pod', scopes: ['k8s.write'], method: 'delete', destructive: true},
  ])))
  cassette = join(dir, 'pods.tama-cassette')
  const built = await runCli(['cassette', 'build', '--name', 'pods', '--version', '1.0.0', '--document', document, '--output', cassette])
  expect(built.code, built.stderr).toBe(0)
  const imported = await runCli(['index', 'import', cassette, '--index', index])
  expect(imported.code, imported.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

interface Hits {
  results: Array<{cassette: string; operation_id: string}>
}

describe('tama-dex search from a shell', () => {
  it('takes several words without quotes, with flags before and after them', async () => {
    const result = await runCli(['search', '--scope', 'k8s.read', 'list', 'pods', '--index', index, '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(parseJson<Hits>(result).results[0]).toMatchObject({operation_id: 'pods_list'})
  })

  it('splits --scope on commas', async () => {
    const result = await runCli(['search', 'delete', 'pod', '--scope', 'k8s.read,k8s.write', '--index', index, '--json'])
    expect(parseJson<Hits>(result).results.map((hit) => hit.operation_id)).toContain('pod_delete')
  })

  it('asks for words when there are none, exit 2', async () => {
    const result = await runCli(['search', '--scope', 'k8s.read', '--index', index])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Say what you are looking for, in words')
  })

  it('names an unknown --cassette instead of answering that nothing matches, exit 5', async () => {
    const result = await runCli(['search', 'pods', '--cassette', 'podz', '--index', index])
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('No cassette named "podz" is installed. See tama-dex index list.')
  })

  it('fits the table to $COLUMNS, cutting summaries rather than wrapping rows', async () => {
    const result = await runCli(['search', 'list', 'pods', '--scope', 'k8s.read', '--index', index], {env: {COLUMNS: '60'}})
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines.every((line) => line.length <= 60)).toBe(true)
    expect(lines[1]).toMatch(/^pods\s+pods_list\s.*List pods in.*…$/)
    const piped = await runCli(['search', 'list', 'pods', '--scope', 'k8s.read', '--index', index], {env: {COLUMNS: ''}})
    expect(piped.stdout).toContain('the containers each of them runs')
  })

  it('prints each result as a record of two lines on a terminal too narrow for columns', async () => {
    const result = await runCli(['search', 'list', 'pods', '--scope', 'k8s.read', '--index', index], {env: {COLUMNS: '40'}})
    expect(result.code, result.stderr).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines.every((line) => line.length <= 40)).toBe(true)
    expect(lines[0]).toMatch(/^pods {2}pods_list {2}\d/)
    expect(lines[1]).toMatch(/^ {2}List pods in.*…$/)
  })

  it('fits the table to the width of the terminal it writes to', async () => {
    // script(1) runs the CLI on a pseudo-terminal of 60 columns.
    const command = `unset COLUMNS; stty cols 60 rows 30; '${process.execPath}' '${CLI}' search list pods --scope k8s.read --index '${index}'`
    const result = await runProcess('script', ['-qec', command, '/dev/null'])
    expect(result.code, result.stdout).toBe(0)
    const lines = result.stdout.replaceAll('\r', '').trimEnd().split('\n')
    expect(lines[1]).toMatch(/^pods\s+pods_list\s.*…$/)
    expect(lines.every((line) => line.length <= 60)).toBe(true)
  })

  it('searches an API description given to --from, as well as a cassette file', async () => {
    for (const from of [document, cassette]) {
      const result = await runCli(['search', 'list', 'pods', '--from', from, '--scope', 'k8s.read', '--json'])
      expect(result.code, result.stderr).toBe(0)
      expect(parseJson<Hits>(result).results[0]).toMatchObject({operation_id: 'pods_list'})
    }
  })
})
