import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {parseDocumentText} from '../../../src/core/profile/index.js'
import {parseJson, PROJECT_ROOT, runCli} from '../../helpers/cli.js'

const INVALID = 'test/fixtures/profile/invalid'
const invalid = readdirSync(join(PROJECT_ROOT, INVALID))
  .filter((name) => !name.endsWith('.expected.json'))
  .sort()
  .map((name) => ({
    file: `${INVALID}/${name}`,
    problems: JSON.parse(readFileSync(join(PROJECT_ROOT, INVALID, name.replace(/\.(ya?ml|json)$/, '.expected.json')), 'utf8')) as Array<{pointer: string; message: string}>,
  }))

interface Report {
  files: Array<{file: string; valid: boolean; operations: number; problems: Array<{source: string; pointer: string; message: string}>}>
}

describe('tama-dex document validate', () => {
  it('accepts the examples: one OK line per file with its operation count, exit 0', async () => {
    const result = await runCli(['document', 'validate', 'examples/incus.yaml', 'examples/runtime.yaml'])
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe('examples/incus.yaml: OK, 36 operations\nexamples/runtime.yaml: OK, 9 operations\n2 documents: 2 valid\n')
    expect(result.code).toBe(0)
  })

  it('accepts examples/* as a shell expands it: documents, and directories searched for API descriptions', async () => {
    const expanded = readdirSync(join(PROJECT_ROOT, 'examples')).sort().map((name) => `examples/${name}`)
    const result = await runCli(['document', 'validate', ...expanded, '--json'])
    expect(result.code, result.stdout).toBe(0)
    const report = parseJson<Report & {skipped: string[]}>(result)
    expect(report.files.map((file) => [file.file, file.valid])).toEqual([
      ['examples/incus-v2.yaml', true],
      ['examples/incus.yaml', true],
      ['examples/runtime.yaml', true],
    ])
    expect(report.skipped).toEqual(['examples/ci/gitlab-ci.yml', 'examples/ci/incus-keywords.yaml', 'examples/ci/incus-lint-baseline.json', 'examples/ci/release.yml', 'examples/ci/tama-dex.config.yaml'])
  })

  it('validates every API description found in a directory and skips files that are none', async () => {
    const result = await runCli(['document', 'validate', INVALID, '--json'])
    expect(result.code).toBe(3)
    const report = parseJson<Report & {skipped: string[]}>(result)
    const documents = readdirSync(join(PROJECT_ROOT, INVALID)).filter((name) => /\.(ya?ml|json)$/.test(name)).map((name) => `${INVALID}/${name}`)
    expect([...report.files.map((file) => file.file), ...report.skipped].sort()).toEqual(documents.sort())
    expect(report.files.every((file) => !file.valid)).toBe(true)
    // The expectation files are JSON but not API descriptions: skipped, not failed.
    expect(report.skipped.filter((file) => !file.endsWith('.expected.json'))).toEqual(
      invalid.map(({file}) => file).filter((file) => !report.files.some((reported) => reported.file === file)),
    )
  })

  it('leaves out hidden files and folders and node_modules/ of a directory, and does not follow symbolic links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tama-validate-walk-'))
    try {
      const valid = readFileSync(join(PROJECT_ROOT, 'examples/runtime.yaml'))
      const broken = '{"openapi": "3.1.0", "paths": 1}'
      for (const [path, text] of [['api.yaml', valid], ['nested/deeper/api.json', JSON.stringify(parseDocumentText(valid, 'runtime.yaml'))], ['node_modules/pkg/openapi.json', broken], ['.git/openapi.yaml', broken], ['.hidden.yaml', broken], ['nested/.cache/openapi.yaml', broken]] as const) {
        mkdirSync(dirname(join(dir, path)), {recursive: true})
        writeFileSync(join(dir, path), text)
      }
      symlinkSync(join(dir, 'node_modules'), join(dir, 'linked'))
      const result = await runCli(['document', 'validate', dir, '--json'])
      expect(result.code, result.stdout + result.stderr).toBe(0)
      expect(parseJson<Report>(result).files.map((file) => file.file)).toEqual([join(dir, 'api.yaml'), join(dir, 'nested/deeper/api.json')])
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })

  it('lists a document\'s problems in the order of its text, whatever order the checks find them in', async () => {
    const file = 'test/fixtures/profile/problems-out-of-check-order.yaml'
    const result = await runCli(['document', 'validate', file])
    expect(result.code).toBe(3)
    const places = result.stdout.split('\n').filter((line) => line.startsWith(`${file}:`)).map((line) => line.split('#')[0]!.split(':').slice(1).map(Number))
    expect(places.map(([line]) => line)).toEqual([13, 13, 17])
    const json = parseJson<{files: Array<{problems: Array<{line: number}>}>}>(await runCli(['document', 'validate', file, '--json']))
    const lines = json.files[0]!.problems.map((problem) => problem.line)
    expect(lines).toEqual([...lines].sort((a, b) => a - b))
  })

  it('prints every problem of every invalid fixture as FILE:LINE:COLUMN#POINTER: message, then a total, exit 3', async () => {
    const result = await runCli(['document', 'validate', ...invalid.map(({file}) => file)])
    const lines = result.stdout.trimEnd().split('\n')
    for (const {file, problems} of invalid) {
      for (const {pointer, message} of problems) {
        expect(lines.some((line) => new RegExp(`^${escape(file)}:[1-9][0-9]*:[1-9][0-9]*#${escape(pointer)}: `).test(line) && line.includes(message)), `${file}#${pointer}`).toBe(true)
      }
    }
    const problems = invalid.reduce((sum, {problems}) => sum + problems.length, 0)
    expect(lines).toHaveLength(problems + 1)
    expect(lines.at(-1)).toBe(`${invalid.length} documents: 0 valid, ${invalid.length} with ${problems} problems`)
    expect(result.code).toBe(3)
  })

  it('--json reports each file with its problems, exit 3', async () => {
    const result = await runCli(['document', 'validate', 'examples/runtime.yaml', ...invalid.map(({file}) => file), '--json'])
    const report = parseJson<Report>(result)
    expect(report.files[0]).toEqual({file: 'examples/runtime.yaml', valid: true, operations: 9, problems: []})
    expect(report.files.slice(1).map(({file, valid, operations}) => ({file, valid, operations}))).toEqual(invalid.map(({file}) => ({file, valid: false, operations: 0})))
    report.files.slice(1).forEach((file, index) => {
      expect(file.problems.map(({source, pointer}) => ({source, pointer}))).toEqual(
        expect.arrayContaining(invalid[index]!.problems.map(({pointer}) => ({source: invalid[index]!.file, pointer}))),
      )
    })
    expect(result.code).toBe(3)
  })

  it.each([
    {given: [`${INVALID}/missing-scopes.yaml`], want: {code: 3, line: `${INVALID}/missing-scopes.yaml:8:7#/paths/~1a/get/x-tama-scopes: `}},
    {given: ['test/fixtures/profile/parse/billion-laughs.yaml'], want: {code: 3, line: 'test/fixtures/profile/parse/billion-laughs.yaml#: YAML aliases expand too much'}},
    {given: ['examples/incus.yaml', 'no/such.yaml', `${INVALID}/root-array.json`], want: {code: 5, line: 'no/such.yaml#: No such file. Check the path.'}},
  ])('exits $want.code for $given, with and without --json', async ({given, want}) => {
    const human = await runCli(['document', 'validate', ...given])
    expect(human.stdout).toContain(want.line)
    expect(human.code).toBe(want.code)
    const json = await runCli(['document', 'validate', ...given, '--json'])
    expect(parseJson<Report>(json).files.map((file) => file.file)).toEqual(given)
    expect(json.code).toBe(want.code)
  })

  it('needs at least one file, or a config that lists the documents (exit 2)', async () => {
    const result = await runCli(['document', 'validate'])
    expect(result.stderr).toContain('Missing FILE: give it, or set `documents` in tama-dex.config.yaml')
    expect(result.code).toBe(2)
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
