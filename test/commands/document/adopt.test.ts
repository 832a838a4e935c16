import {mkdir, mkdtemp, readFile, readdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {AdoptCommandResult} from '../../../src/commands/document/adopt.js'
import {checkDocument, parseDocumentText, readDocumentFile} from '../../../src/core/profile/index.js'
import {PROJECT_ROOT, parseJson, runCli} from '../../helpers/cli.js'

// Relative to the project root, where runCli runs: messages must use paths as given.
const FIXTURES = 'test/fixtures/adopt'
const INCUS = 'test/fixtures/corpus/incus-rest-api.yaml'

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
    for (const warning of json.warnings) expect(warning.operation_id).toMatch(/^[A-Za-z_]/)
  })

  it('prints --json with exactly the documented fields', async () => {
    const output = path.join(dir, 'operations.json')
    const result = await runCli(['document', 'adopt', `${FIXTURES}/operations.yaml`, '-o', output, '--default-anyone', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const json = parseJson<AdoptCommandResult>(result)
    expect(Object.keys(json).sort()).toStrictEqual(
      ['derivedSummaries', 'destructive', 'from', 'generatedIds', 'input', 'operations', 'operationsIn', 'output', 'renamedIds', 'subsetLeftOut', 'warnings'].sort(),
    )
    expect(json.warnings).toHaveLength(8)
  })

  describe('warnings a person can read', () => {
    // Many operations with a body tama-dex cannot send (one kind of warning, repeated) and only descriptions, with HTML.
    const FORMS = 30
    let input: string
    beforeAll(async () => {
      const paths: Record<string, unknown> = {}
      for (let n = 1; n <= FORMS; n++) {
        paths[`/v1/things${n}`] = {
          post: {
            operationId: `PostThings${n}`,
            description: `With <a href="/docs/connect">Connect</a>, you can create thing ${n}.`,
            requestBody: {content: {'application/octet-stream': {schema: {type: 'string', format: 'binary'}}}},
            responses: {200: {description: 'OK'}},
          },
        }
      }
      paths['/v1/session'] = {get: {operationId: 'GetSession', parameters: [{name: 'sid', in: 'cookie', schema: {type: 'string'}}], responses: {200: {description: 'OK'}}}}
      input = path.join(dir, 'forms.json')
      await writeFile(input, JSON.stringify({openapi: '3.0.3', info: {title: 'Forms', version: '1.0.0'}, paths}))
    })
    const adopt = (output: string, ...flags: string[]) => runCli(['document', 'adopt', input, '-o', path.join(dir, output), '--default-scope', 'forms', ...flags])
    const warningLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('Warning: '))

    it('prints one line per kind of warning, with its count and an example', async () => {
      const result = await adopt('forms.yaml')
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain(`${FORMS + 1} operations, 0 ids generated, 0 renamed, ${FORMS + 1} summaries derived`)
      expect(warningLines(result.stderr)).toStrictEqual([
        `Warning: ${FORMS} request bodies dropped, e.g. ${path.join(dir, 'forms.yaml')}#/paths/~1v1~1things1/post/requestBody (PostThings1): the request body is application/octet-stream, where a profile input carries JSON and form bodies only; it was dropped, so this operation is called without a body.`,
        expect.stringMatching(/^Warning: \S+#\/paths\/~1v1~1session\/get\/parameters\/0 \(GetSession\): cookie parameter "sid" is not input: .*; it was dropped\./),
      ])
      expect(result.stderr).toContain('--verbose or --json lists every one.')
      const document = (await readDocumentFile(path.join(dir, 'forms.yaml'))) as {paths: Record<string, {post: {summary: string}}>}
      expect(document.paths['/v1/things7']!.post.summary).toBe('With Connect, you can create thing 7.')
    })

    it('lists every warning under --verbose and --json, and nothing but errors under --quiet', async () => {
      const verbose = await adopt('verbose.yaml', '--verbose')
      expect(warningLines(verbose.stderr)).toHaveLength(FORMS + 1)
      const json = parseJson<AdoptCommandResult>(await adopt('json.yaml', '--json'))
      expect(json.warnings).toHaveLength(FORMS + 1)
      expect(json.warnings.filter((warning) => warning.kind === 'request-body-dropped')).toHaveLength(FORMS)
      const quiet = await adopt('quiet.yaml', '--quiet')
      expect(quiet).toStrictEqual({code: 0, stdout: '', stderr: ''})
      const quietFailure = await runCli(['document', 'adopt', `${FIXTURES}/not-openapi.yaml`, '-o', path.join(dir, 'never.yaml'), '--default-anyone', '--quiet'])
      expect(quietFailure.code).toBe(3)
      expect(quietFailure.stderr).toContain('not an OpenAPI description')
      expect((await adopt('both.yaml', '--quiet', '--verbose')).code).toBe(2)
    })
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

  describe('mistakes in the input', () => {
    const input = `${FIXTURES}/mistakes.yaml`

    it('are repaired, a warning each', async () => {
      const output = path.join(dir, 'mistakes.json')
      const result = await runCli(['document', 'adopt', input, '-o', output, '--default-anyone', '--json'])
      expect(result.code, result.stderr).toBe(0)
      const json = parseJson<AdoptCommandResult>(result)
      expect(json.operations).toBe(3)
      expect(json.warnings.map((warning) => `${warning.kind} ${warning.pointer}`)).toStrictEqual([
        'path-lifted /paths/~1pets~1{id}',
        'field-converted /parameters',
        'field-converted /paths/~1pets/get/responses/200/schema',
        'field-removed /paths/~1pets~1{id}/get/method',
        'value-retyped /components/schemas/Pet/additionalProperties',
        'value-retyped /components/parameters/Limit/required',
        'value-retyped /components/parameters/Limit/schema/maximum',
        'title-added /info/title',
      ])
      const {problems} = checkDocument(await readDocumentFile(output), {source: output})
      expect(problems).toStrictEqual([])
    })

    it('are refused under --strict with exit 3, each listed, nothing written', async () => {
      const output = path.join(dir, 'strict.json')
      const result = await runCli(['document', 'adopt', input, '-o', output, '--default-anyone', '--strict', '--json'])
      expect(result.code).toBe(3)
      const {error} = parseJson<{error: {kind: string; message: string; problems: Array<{pointer: string; message: string}>}}>(result)
      expect(error.kind).toBe('invalid_document')
      expect(error.message).toContain(`${input}: strict adoption refuses the input: it has 8 mistakes adoption would repair`)
      expect(error.problems).toHaveLength(8)
      // Each problem says what is wrong in the input, never a repair that was not made.
      for (const problem of error.problems) expect(problem.message).not.toMatch(/\b(was|were) (removed|moved|lifted|added|taken|written|dropped)\b|\bit became\b/)
      expect(error.problems.map((problem) => problem.message)).toContain('"method" is not a field of an Operation in OpenAPI (name it "x-method" to keep it as an extension).')
      await expect(readFile(output)).rejects.toThrow()
    })

    it.each([
      {flags: ['--include-tag', 'pets'], want: ['listPets', 'getPet']},
      {flags: ['--exclude-tag', 'pets'], want: ['listStores']},
      {flags: ['--include-path', '/pets/{id}', '--include-path', '/stores'], want: ['getPet', 'listStores']},
    ])('adopt the subset $flags', async ({flags, want}) => {
      const output = path.join(dir, 'subset.json')
      const result = await runCli(['document', 'adopt', input, '-o', output, '--default-anyone', ...flags])
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain(`${want.length} operations (${3 - want.length} left out by the subset)`)
      const {document} = checkDocument(await readDocumentFile(output), {source: output})
      expect(document!.operations.map((operation) => operation.operationId).sort()).toStrictEqual([...want].sort())
    })
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
