import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'

let dir: string
let index: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-describe-cli-'))
  index = join(dir, 'index.sqlite3')
  const document = profileDocument('Pods', [{id: 'pod_delete', summary: 'Delete a pod', scopes: ['k8s.write'], method: 'delete', path: '/pods/{name}', destructive: true}])
  const operation = (document.paths as Record<string, Record<string, Record<string, unknown>>>)['/pods/{name}']!.delete!
  Object.assign(operation, {
    description: 'Deletes the pod.\nIts containers get \u001b[31mSIGTERM\u001b[0m first.',
    parameters: [
      {name: 'name', in: 'path', required: true, schema: {type: 'string'}},
      {name: 'grace', in: 'query', required: true, schema: {type: 'integer', default: 30}},
      {name: 'policy', in: 'query', required: true, schema: {enum: ['Foreground', 'Background']}},
      {name: 'dry', in: 'query', schema: {type: 'boolean'}},
    ],
    'x-tama-confirmation': {message: 'A deleted pod is gone', echo: 'name'},
  })
  writeFileSync(join(dir, 'pods.json'), JSON.stringify(document))
  const loaded = await runCli(['index', 'load', join(dir, 'pods.json'), '--cassette', 'pods', '--index', index])
  expect(loaded.code, loaded.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('tama-dex describe', () => {
  it('shows one operation in full, escaped, with an example input and a dry run that passes', async () => {
    const result = await runCli(['describe', 'pods', 'pod_delete', '--scope', 'k8s.write', '--index', index])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('pods/pod_delete  DELETE /pods/{name}  (destructive)')
    expect(result.stdout).toContain('Scopes        k8s.write')
    expect(result.stdout).toContain('Confirmation  always needed: A deleted pod is gone. Pass --confirm "<value of input.name>".')
    expect(result.stdout).toContain('  Its containers get \\u001b[31mSIGTERM\\u001b[0m first.')
    expect(result.stdout).not.toContain('\u001b')
    const dryRun = /tama-dex execute pods pod_delete --input '(.*)' --scope k8s\.write --confirm '(.*)' --dry-run/.exec(result.stdout)
    expect(dryRun, result.stdout).not.toBeNull()
    expect(JSON.parse(dryRun![1]!)).toEqual({name: '<name>', grace: 30, policy: 'Foreground'})
    const checked = await runCli(['execute', 'pods', 'pod_delete', '--input', dryRun![1]!, '--scope', 'k8s.write', '--confirm', dryRun![2]!, '--dry-run', '--index', index])
    expect(checked.code, checked.stderr).toBe(0)
  })

  it('--json gives the record with its input schema and example input', async () => {
    const result = await runCli(['describe', 'pods', 'pod_delete', '--scope', 'k8s.write', '--index', index, '--json'])
    expect(parseJson(result)).toMatchObject({
      cassette: 'pods',
      operation_id: 'pod_delete',
      method: 'delete',
      destructive: true,
      confirmation: {when: 'always', echo: 'name'},
      input_schema: {type: 'object', required: expect.arrayContaining(['name', 'grace', 'policy'])},
      example_input: {name: '<name>', grace: 30, policy: 'Foreground'},
    })
  })

  it('an operation the scopes forbid looks like an unknown one, exit 5', async () => {
    for (const args of [['pods', 'pod_delete'], ['pods', 'pod_deleet']]) {
      const result = await runCli(['describe', ...args, '--scope', 'k8s.read', '--index', index])
      expect(result.code).toBe(5)
      expect(result.stderr).toContain(`No operation "${args[1]}" in cassette "pods" is available to you.`)
    }
  })
})
