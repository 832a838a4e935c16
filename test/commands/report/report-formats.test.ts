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

/** The reports a run can write besides the text, each to a file of its own with `--format F -o FILE`. */
const FORMATS = ['json', 'sarif', 'github', 'junit', 'markdown'] as const
type Format = (typeof FORMATS)[number]

/** Runs `args` with every report written to a file, and reads the files back: one run for all five. */
async function writeReports(args: readonly string[], name: string): Promise<{run: CliResult; reports: Record<Format, string>}> {
  const files = Object.fromEntries(FORMATS.map((format) => [format, join(dir, `${name}.${format}`)])) as Record<Format, string>
  // Both spellings of the output flag, taken in turn.
  const run = await runCli([...args, ...FORMATS.flatMap((format, at) => ['--format', format, at % 2 === 0 ? '-o' : '--output', files[format]])])
  const reports = Object.fromEntries(FORMATS.map((format) => [format, readFileSync(files[format], 'utf8')])) as Record<Format, string>
  return {run, reports}
}

describe.each(CASES.map((test, at) => ({...test, name: `case-${at}`})))('the reports of $given', (test) => {
  let plain: CliResult
  let written: CliResult
  let reports: Record<Format, string>
  beforeAll(async () => {
    plain = await runCli(test.args())
    ;({run: written, reports} = await writeReports(test.args(), test.name))
  })

  it('write every report to its file with the gate\'s exit code, while the terminal keeps the text', () => {
    expect(plain.code, plain.stderr).toBe(test.code)
    expect(written).toEqual(plain)
  })

  it('write SARIF 2.1.0 with one result per problem, each with a described rule and its line and column', () => {
    const sarif = JSON.parse(reports.sarif) as SarifLog
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

  it('write GitHub annotations, one line per problem and a summary', () => {
    const lines = reports.github.trimEnd().split('\n')
    expect(lines).toHaveLength(test.problems + 1)
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) [^:\n]*::[^\n]+$/)
    for (const want of test.located ?? []) expect(reports.github).toContain(`,line=${want.line}${want.column === 0 ? '' : `,col=${want.column}`},title=${want.rule}::`)
  })

  it('write JUnit XML that a parser reads, one test case per thing checked, failing as the gate does', () => {
    expect(XMLValidator.validate(reports.junit)).toBe(true)
    const xml = new XMLParser({ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase'}).parse(reports.junit) as JUnit
    const cases = (xml.testsuites.testsuite ?? []).flatMap((suite) => suite.testcase ?? [])
    expect(cases).toHaveLength(test.cases)
    expect(Number(xml.testsuites['@_tests'])).toBe(test.cases)
    const failures = cases.filter((testCase) => testCase.failure !== undefined).length
    expect(Number(xml.testsuites['@_failures'])).toBe(failures)
    // A failing run has a failing test case, unless what failed is the score alone.
    if (test.code !== 0) expect(failures).toBeGreaterThan(0)
  })

  it('write a Markdown summary with the outcome and the problems', () => {
    expect(reports.markdown).toMatch(new RegExp(`^### tama-dex \\w+ \\w+: ${test.code === 0 ? 'passed' : 'failed'}\\n`))
    const rows = reports.markdown.split('\n').filter((line) => /^\| (error|warning|note) \|/.test(line))
    expect(rows).toHaveLength(Math.min(test.problems, 20))
    for (const row of rows) expect(row.split(/(?<!\\)\|/)).toHaveLength(6)
  })

  it('write to a file the JSON that --json prints, also while --json goes with a report to a file', async () => {
    const json = await runCli([...test.args(), '--format', 'markdown', '-o', join(dir, `${test.name}-with-json.md`), '--json'])
    expect(json.code).toBe(test.code)
    expect(JSON.parse(reports.json)).toEqual(JSON.parse(json.stdout))
  })
})

// The terminal and a file get one report from one renderer: checked on a passing run with findings and on a failing one.
describe.each([
  {given: 'a passing lint with findings', args: ['cassette', 'lint', 'test/fixtures/release/lint.yaml'], code: 0},
  {given: 'a failing diff', args: ['cassette', 'diff', 'examples/incus.yaml', 'examples/incus-v2.yaml'], code: 13},
])('a report sent to the terminal, for $given', ({args, code}) => {
  let reports: Record<Format, string>
  beforeAll(async () => {
    ;({reports} = await writeReports(args, `terminal-${code}`))
  })

  it.each(FORMATS)('is the %s report written to a file, with the same exit code', async (format) => {
    const terminal = await runCli([...args, '--format', format])
    expect(terminal.code, terminal.stderr).toBe(code)
    expect(terminal.stdout).toBe(reports[format])
  })

  it('is the text with --format text, and the JSON with --json', async () => {
    const [plain, text, json] = await Promise.all([runCli(args), runCli([...args, '--format', 'text']), runCli([...args, '--json'])])
    expect(text).toEqual(plain)
    expect(json.code).toBe(code)
    expect(json.stdout).toBe(reports.json)
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
