import {mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import type {ValidateFunction} from 'ajv/dist/2020.js'
import {XMLParser, XMLValidator} from 'fast-xml-parser'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {RULES} from '../../../src/core/report/index.js'
import {type CliResult, runCli} from '../../helpers/cli.js'
import {sarifValidator} from '../../helpers/sarif-schema.js'

const PROBLEMS = 'test/fixtures/profile/problems-out-of-check-order.yaml'
const LINT_DOCUMENT = 'test/fixtures/release/lint-examples.yaml'
const LINT_EXAMPLES = 'test/fixtures/release/lint-examples.jsonl'

let dir: string
let cassette: string
let sarifSchema: ValidateFunction

beforeAll(async () => {
  sarifSchema = await sarifValidator()
  dir = mkdtempSync(join(tmpdir(), 'tama-report-formats-'))
  cassette = join(dir, 'incus.tama-cassette')
  const built = await runCli(['cassette', 'build', '--name', 'incus', '--version', '1.0.0', '--document', 'examples/incus.yaml', '--output', cassette])
  expect(built.code, built.stderr).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

interface Case {
  readonly given: string
  readonly args: () => string[]
  readonly code: number
  /** Problems the report must hold: rule, and the line and column where the file's text has them. */
  readonly problems: number
  readonly located?: ReadonlyArray<{rule: string; line: number; column: number}>
  /** JUnit test cases: one per document, check, operation or example request. */
  readonly cases: number
}

const CASES: readonly Case[] = [
  {given: 'validate on the shipped examples', args: () => ['document', 'validate', 'examples/incus.yaml', 'examples/incus-v2.yaml', 'examples/runtime.yaml'], code: 0, problems: 0, cases: 3},
  {
    given: 'validate on a document with problems at known lines',
    args: () => ['document', 'validate', PROBLEMS],
    code: 3,
    problems: 3,
    located: [
      {rule: 'document-problem', line: 13, column: 16},
      {rule: 'document-problem', line: 17, column: 10},
    ],
    cases: 1,
  },
  {given: 'verify on a cassette of a shipped example', args: () => ['cassette', 'verify', cassette], code: 0, problems: 0, cases: 9},
  {given: 'verify against a wrong digest', args: () => ['cassette', 'verify', cassette, '--sha256', '0'.repeat(64)], code: 4, problems: 1, cases: 10},
  {given: 'lint on a shipped example', args: () => ['cassette', 'lint', 'examples/incus.yaml'], code: 0, problems: 5, cases: 53},
  {
    given: 'lint on a document with findings at known lines',
    args: () => ['cassette', 'lint', 'test/fixtures/release/lint.yaml'],
    code: 0,
    problems: 8,
    located: [
      {rule: 'missing-summary', line: 38, column: 7},
      {rule: 'no-tags', line: 64, column: 7},
      {rule: 'unsplit-id', line: 70, column: 7},
    ],
    cases: 9,
  },
  {
    given: 'lint with missed example requests, one at a line of its file',
    args: () => ['cassette', 'lint', LINT_DOCUMENT, '--examples', LINT_EXAMPLES],
    code: 14,
    problems: 2,
    located: [{rule: 'example-missed', line: 3, column: 0}],
    cases: 10,
  },
  {given: 'diff of the shipped examples', args: () => ['cassette', 'diff', 'examples/incus.yaml', 'examples/incus-v2.yaml'], code: 13, problems: 11, cases: 10},
  {given: 'diff of a release with itself', args: () => ['cassette', 'diff', 'examples/incus.yaml', 'examples/incus.yaml'], code: 0, problems: 0, cases: 0},
]

describe.each(CASES)('the reports of $given', (test) => {
  let plain: CliResult
  beforeAll(async () => {
    plain = await runCli(test.args())
  })

  it('keep text the default and --json its alias, with the same exit code', async () => {
    expect(plain.code, plain.stderr).toBe(test.code)
    const text = await runCli([...test.args(), '--format', 'text'])
    expect(text).toEqual(plain)
    const json = await runCli([...test.args(), '--json'])
    const format = await runCli([...test.args(), '--format', 'json'])
    expect(format).toEqual(json)
    expect(json.code).toBe(test.code)
  })

  it('write SARIF 2.1.0 with one result per problem, each with a described rule and its line and column', async () => {
    const result = await runCli([...test.args(), '--format', 'sarif'])
    expect(result.code, result.stderr).toBe(test.code)
    const sarif = JSON.parse(result.stdout) as SarifLog
    expect(sarifSchema(sarif), JSON.stringify(sarifSchema.errors)).toBe(true)
    expect(sarif.version).toBe('2.1.0')
    const [run] = sarif.runs
    expect(run!.tool.driver).toMatchObject({name: 'tama-dex', version: expect.stringMatching(/^\d+\.\d+\.\d+/)})
    expect(run!.results).toHaveLength(test.problems)
    const rules = run!.tool.driver.rules
    for (const rule of rules) expect(rule.shortDescription.text).toBe(RULES[rule.id])
    for (const finding of run!.results) {
      expect(rules[finding.ruleIndex]!.id).toBe(finding.ruleId)
      expect(['error', 'warning', 'note']).toContain(finding.level)
      expect(finding.message.text).not.toBe('')
    }
    for (const want of test.located ?? []) {
      const regions = run!.results.filter((finding) => finding.ruleId === want.rule).map((finding) => finding.locations?.[0]?.physicalLocation?.region)
      expect(regions).toContainEqual(want.column === 0 ? {startLine: want.line} : {startLine: want.line, startColumn: want.column})
    }
  })

  it('write GitHub annotations, one line per problem and a summary', async () => {
    const result = await runCli([...test.args(), '--format', 'github'])
    expect(result.code, result.stderr).toBe(test.code)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(test.problems + 1)
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) [^:\n]*::[^\n]+$/)
    for (const want of test.located ?? []) expect(result.stdout).toContain(`,line=${want.line}${want.column === 0 ? '' : `,col=${want.column}`},title=${want.rule}::`)
  })

  it('write JUnit XML that a parser reads, one test case per thing checked, failing as the gate does', async () => {
    const result = await runCli([...test.args(), '--format', 'junit'])
    expect(result.code, result.stderr).toBe(test.code)
    expect(XMLValidator.validate(result.stdout)).toBe(true)
    const xml = new XMLParser({ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase'}).parse(result.stdout) as JUnit
    const cases = (xml.testsuites.testsuite ?? []).flatMap((suite) => suite.testcase ?? [])
    expect(cases).toHaveLength(test.cases)
    expect(Number(xml.testsuites['@_tests'])).toBe(test.cases)
    const failures = cases.filter((testCase) => testCase.failure !== undefined).length
    expect(Number(xml.testsuites['@_failures'])).toBe(failures)
    // A failing run has a failing test case, unless what failed is the score alone.
    if (test.code !== 0) expect(failures).toBeGreaterThan(0)
  })

  it('write a Markdown summary with the outcome and the problems', async () => {
    const result = await runCli([...test.args(), '--format', 'markdown'])
    expect(result.code, result.stderr).toBe(test.code)
    expect(result.stdout).toMatch(new RegExp(`^### tama-dex \\w+ \\w+: ${test.code === 0 ? 'passed' : 'failed'}\\n`))
    const rows = result.stdout.split('\n').filter((line) => /^\| (error|warning|note) \|/.test(line))
    expect(rows).toHaveLength(Math.min(test.problems, 20))
    for (const row of rows) expect(row.split(/(?<!\\)\|/)).toHaveLength(6)
  })

  it('write several reports with -o while the terminal keeps the text', async () => {
    const sarif = join(dir, `${test.given}.sarif`)
    const junit = join(dir, `${test.given}.xml`)
    const result = await runCli([...test.args(), '--format', 'sarif', '-o', sarif, '--format', 'junit', '--output', junit])
    expect(result).toEqual(plain)
    expect(JSON.parse(readFileSync(sarif, 'utf8')).runs[0].results).toHaveLength(test.problems)
    expect(XMLValidator.validate(readFileSync(junit, 'utf8'))).toBe(true)
    const withJson = await runCli([...test.args(), '--format', 'markdown', '-o', join(dir, `${test.given}.md`), '--json'])
    expect(withJson.code).toBe(test.code)
    expect(JSON.parse(withJson.stdout)).toEqual(JSON.parse((await runCli([...test.args(), '--json'])).stdout))
  })
})

describe('pairing --format and -o', () => {
  it.each([
    {given: 'an -o with no --format before it', args: ['-o', 'a.sarif'], want: '-o a.sarif: say which report goes there with a --format just before it'},
    {given: 'two -o after one --format', args: ['--format', 'sarif', '-o', 'a.sarif', '-o', 'b.sarif'], want: '-o b.sarif: say which report goes there'},
    {given: 'two formats for the terminal', args: ['--format', 'sarif', '--format', 'junit'], want: 'Only one report can go to the terminal, and sarif and junit were given without -o FILE'},
    {given: '--json and another format for the terminal', args: ['--json', '--format', 'github'], want: 'Only one report can go to the terminal'},
    {given: 'an -o after --json', args: ['--json', '-o', 'a.json'], want: '--json prints to the terminal; write JSON to a file with --format json -o a.json'},
    {given: 'one file for two reports', args: ['--format', 'sarif', '-o', 'a', '--format', 'junit', '-o', 'a'], want: '-o a was given for two reports'},
    {given: 'an unknown format', args: ['--format', 'html'], want: 'Expected --format=html to be one of: text, json, sarif, github, junit, markdown'},
  ])('refuses $given as a usage error, writing nothing', async ({args, want}) => {
    const result = await runCli(['cassette', 'lint', 'examples/incus.yaml', ...args], {cwd: dir})
    expect(result.code).toBe(2)
    // With --json the failure is the JSON on stdout; else stderr's, and stdout holds no report.
    const said = args.includes('--json') ? (JSON.parse(result.stdout) as {error: {message: string}}).error.message : (expect(result.stdout).toBe(''), result.stderr)
    expect(said).toContain(want)
    expect(readdirSync(dir).filter((name) => !name.endsWith('.tama-cassette'))).toEqual(readdirSync(dir).filter((name) => !name.endsWith('.tama-cassette') && !/^a(\.|$)/.test(name)))
  })

  it('reports a file it cannot write as a usage error', async () => {
    const result = await runCli(['document', 'validate', 'examples/incus.yaml', '--format', 'sarif', '-o', join(dir, 'missing', 'a.sarif')])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('cannot write the output: its folder does not exist')
  })
})

interface SarifLog {
  readonly version: string
  readonly runs: ReadonlyArray<{
    tool: {driver: {name: string; version: string; rules: Array<{id: string; shortDescription: {text: string}}>}}
    results: Array<{ruleId: string; ruleIndex: number; level: string; message: {text: string}; locations?: Array<{physicalLocation?: {region?: unknown}}>}>
  }>
}

interface JUnit {
  readonly testsuites: {'@_tests': string; '@_failures': string; testsuite?: Array<{testcase?: Array<{failure?: unknown}>}>}
}
