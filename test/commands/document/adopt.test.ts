import {mkdir, mkdtemp, readFile, readdir, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {AdoptCommandResult} from '../../../src/commands/document/adopt.js'
import {checkDocument, parseDocumentText, readDocumentFile} from '../../../src/core/profile/index.js'
import {PROJECT_ROOT, parseJson, runCli} from '../../helpers/cli.js'

// Relative to the project root, where runCli runs: messages must use paths as given.
const FIXTURES = 'test/fixtures/adopt'
const INCUS = '../shared/corpus/incus-rest-api.yaml'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tama-adopt-'))
})

afterAll(async () => {
  await rm(dir, {recursive: true, force: true})
})

describe('tama-dex document adopt', () => {
  it('adopts the Incus description: every operation kept, the output valid', async () => {
    const output = path.join(dir, 'incus.json')
    const result = await runCli(['document', 'adopt', INCUS, '--output', output, '--read-scope', 'incus.read', '--write-scope', 'incus.write', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const json = parseJson<AdoptCommandResult>(result)
    expect(json).toMatchObject({input: INCUS, output, from: '2.0', operationsIn: 303, operations: 303})
    const {document, problems} = checkDocument(await readDocumentFile(output), {source: output})
    expect(problems).toStrictEqual([])
    expect(document!.operations).toHaveLength(303)
    // Path keys with a fixed query string keep their operations.
    expect(document!.operations.filter((operation) => operation.path.includes('?')).length).toBeGreaterThanOrEqual(48)
    // Every warning names its operation.
    for (const warning of json.warnings) expect(warning.operation).toMatch(/^[A-Za-z_]/)
  })

  it('prints --json with exactly the documented fields', async () => {
    const output = path.join(dir, 'operations.json')
    const result = await runCli(['document', 'adopt', `${FIXTURES}/operations.yaml`, '-o', output, '--default-anyone', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const json = parseJson<AdoptCommandResult>(result)
    expect(Object.keys(json).sort()).toStrictEqual(
      ['derivedSummaries', 'destructive', 'from', 'generatedIds', 'input', 'operations', 'operationsIn', 'output', 'renamedIds', 'warnings'].sort(),
    )
    expect(json.warnings).toHaveLength(9)
  })

  it('prints a summary and lists warnings up to a cap', async () => {
    const output = path.join(dir, 'many.yaml')
    const result = await runCli(['document', 'adopt', `${FIXTURES}/many-warnings.yaml`, '-o', output, '--default-scope', 'ops'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(`Adopted ${FIXTURES}/many-warnings.yaml (OpenAPI 3.0) to ${output}: 24 operations`)
    expect(result.stdout).toContain('24 warnings')
    expect(result.stderr.split('\n').filter((line) => line.startsWith('Warning: '))).toHaveLength(20)
    expect(result.stderr).toContain('... and 4 more warnings (see --json).')
  })

  it('writes YAML or JSON by extension, the same document, the same bytes every time', async () => {
    const args = [`${FIXTURES}/swagger-2.yaml`, '--read-scope', 'pets.read', '--write-scope', 'pets.write']
    const [yamlOut, yamlAgain, jsonOut] = ['pets.yaml', 'pets-again.yml', 'pets.json'].map((name) => path.join(dir, name))
    for (const output of [yamlOut!, yamlAgain!, jsonOut!]) {
      const result = await runCli(['document', 'adopt', ...args, '--output', output])
      expect(result.code, result.stderr).toBe(0)
    }
    const yaml = await readFile(yamlOut!, 'utf8')
    expect(await readFile(yamlAgain!, 'utf8')).toBe(yaml)
    expect(yaml.startsWith('openapi: 3.1.0\nx-tama-profile: tama-operations/1\n')).toBe(true)
    expect(parseDocumentText(yaml, yamlOut!)).toStrictEqual(JSON.parse(await readFile(jsonOut!, 'utf8')))
  })

  it('reads the description from standard input for -, and names it stdin', async () => {
    const [fromFile, fromStdin] = ['file.yaml', 'stdin.yaml'].map((name) => path.join(dir, name))
    const args = ['--read-scope', 'pets.read', '--write-scope', 'pets.write']
    expect((await runCli(['document', 'adopt', `${FIXTURES}/swagger-2.yaml`, '-o', fromFile!, ...args])).code).toBe(0)
    const piped = await runCli(['document', 'adopt', '-', '-o', fromStdin!, ...args, '--json'], {input: await readFile(`${FIXTURES}/swagger-2.yaml`, 'utf8')})
    expect(piped.code, piped.stderr).toBe(0)
    expect(parseJson<AdoptCommandResult>(piped)).toMatchObject({input: '-', from: '2.0'})
    expect(await readFile(fromStdin!, 'utf8')).toBe(await readFile(fromFile!, 'utf8'))
    const notOpenApi = await runCli(['document', 'adopt', '-', '-o', path.join(dir, 'never.yaml'), '--default-anyone'], {input: 'just: text\n'})
    expect(notOpenApi.code).toBe(3)
    expect(notOpenApi.stderr).toMatch(/^Error: stdin/)
  })

  describe('failures write nothing and exit with their code', () => {
    const failures = path.join(tmpdir(), `tama-adopt-failures-${process.pid}`)
    const output = path.join(failures, 'out.json')

    beforeAll(async () => {
      await mkdir(failures, {recursive: true})
    })

    afterAll(async () => {
      await rm(failures, {recursive: true, force: true})
    })

    it.concurrent.for([
      {name: 'no scope option', args: [`${FIXTURES}/swagger-2.yaml`, '-o', output], code: 2, says: '--default-scope SCOPE'},
      {name: 'a missing input', args: [`${FIXTURES}/nope.yaml`, '-o', output, '--default-anyone'], code: 5, says: `${FIXTURES}/nope.yaml: no such file`},
      {name: 'an input that is not OpenAPI', args: [`${FIXTURES}/not-openapi.yaml`, '-o', output, '--default-anyone'], code: 3, says: 'not an OpenAPI description'},
      {name: 'an output of another format', args: [`${FIXTURES}/swagger-2.yaml`, '-o', path.join(failures, 'out.txt'), '--default-anyone'], code: 2, says: '.json, .yaml or .yml'},
      {name: 'an output folder that does not exist', args: [`${FIXTURES}/swagger-2.yaml`, '-o', path.join(failures, 'no/out.json'), '--default-anyone'], code: 2, says: 'its folder does not exist'},
      {name: 'a --tag-scope without "="', args: [`${FIXTURES}/swagger-2.yaml`, '-o', output, '--tag-scope', 'pets'], code: 2, says: 'TAG=SCOPE'},
      {name: 'a scope with a space', args: [`${FIXTURES}/swagger-2.yaml`, '-o', output, '--default-scope', 'a b'], code: 2, says: 'is not a scope'},
      {name: '--default-scope with --default-anyone', args: [`${FIXTURES}/swagger-2.yaml`, '-o', output, '--default-scope', 'a', '--default-anyone'], code: 2, says: '--default-anyone'},
      {name: 'an unknown method', args: [`${FIXTURES}/swagger-2.yaml`, '-o', output, '--default-anyone', '--destructive-method', 'fetch'], code: 2, says: 'fetch'},
      {
        name: '"none" with a method',
        args: [`${FIXTURES}/swagger-2.yaml`, '-o', output, '--default-anyone', '--destructive-method', 'none', '--destructive-method', 'get'],
        code: 2,
        says: 'none cannot be combined',
      },
    ])('$name: exit $code', async ({args, code, says}, {expect}) => {
      const result = await runCli(['document', 'adopt', ...args])
      expect(result.code, result.stderr).toBe(code)
      expect(result.stderr.toLowerCase()).toContain(says.toLowerCase())
      expect(result.stderr).not.toContain(PROJECT_ROOT)
      expect(await readdir(failures)).toStrictEqual([])
    })

    it('prints the error as JSON with --json', async () => {
      const result = await runCli(['document', 'adopt', `${FIXTURES}/swagger-2.yaml`, '-o', output, '--json'])
      expect(result.code).toBe(2)
      expect(parseJson<{error: {kind: string; message: string}}>(result).error).toMatchObject({kind: 'usage', message: expect.stringContaining('No scope option given')})
    })
  })
})
