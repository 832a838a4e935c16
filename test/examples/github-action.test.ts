import {createHash} from 'node:crypto'
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {delimiter, join} from 'node:path'

import type {ValidateFunction} from 'ajv/dist/2020.js'
import {XMLValidator} from 'fast-xml-parser'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'

import {CLI, type CliResult, PROJECT_ROOT, runProcess} from '../helpers/cli.js'
import {sarifValidator} from '../helpers/sarif-schema.js'

/** The parts of a composite action's step this runner plays: GitHub runs the same. */
interface Step {
  readonly name: string
  readonly id?: string
  readonly if?: string
  readonly shell?: string
  readonly 'working-directory'?: string
  readonly env?: Record<string, string>
  readonly run?: string
  readonly uses?: string
  readonly with?: Record<string, string>
}
interface Action {
  readonly inputs: Record<string, {description: string; required?: boolean; default?: string}>
  readonly outputs: Record<string, {description: string; value: string}>
  readonly runs: {using: string; steps: Step[]}
}

const ACTION = parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as Action

interface Run {
  readonly steps: ReadonlyArray<{name: string; ran: boolean; result?: CliResult}>
  readonly outputs: Record<string, string>
  readonly summary: string
  /** What a `uses` step would have been given, by step name. */
  readonly uses: Record<string, Record<string, string>>
  readonly failed: boolean
}

let dir: string
let bin: string
let sarif: ValidateFunction

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-action-'))
  bin = join(dir, 'bin')
  mkdirSync(bin)
  writeFileSync(join(bin, 'tama-dex'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`)
  chmodSync(join(bin, 'tama-dex'), 0o755)
  sarif = await sarifValidator()
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/**
 * Runs action.yml's steps as GitHub's runner does for a composite action: each `run` step
 * in bash with `-eo pipefail`, its `${{ }}` expressions filled from the inputs and earlier
 * steps' outputs, a step without `if` skipped once one failed, `always()` run regardless.
 * A `uses` step cannot run here: what it would be given is recorded.
 */
async function runAction(given: Record<string, string>, name: string): Promise<Run> {
  const inputs = Object.fromEntries(Object.entries(ACTION.inputs).map(([key, input]) => [key, given[key] ?? input.default ?? '']))
  for (const [key, input] of Object.entries(ACTION.inputs)) if (input.required === true) expect(inputs[key], key).not.toBe('')
  const workspace = join(dir, name)
  mkdirSync(workspace)
  const summary = join(workspace, 'summary.md')
  writeFileSync(summary, '')
  const outputs: Record<string, Record<string, string>> = {}
  const expression = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, path: string) => {
      const [scope, key, kind, output] = path.split('.')
      if (scope === 'inputs' && key! in inputs) return inputs[key!]!
      if (scope === 'steps' && kind === 'outputs') return outputs[key!]?.[output!] ?? ''
      throw new Error(`action.yml: ${path} is no input or step output`)
    })
  const condition = (text: string | undefined, failed: boolean): boolean => {
    if (text === undefined) return !failed
    return text.split('&&').every((part) => {
      const term = part.trim()
      if (term === 'always()') return true
      if (term.startsWith('hashFiles(')) return true
      const match = /^inputs\.([\w-]+) (==|!=) '([^']*)'$/.exec(term)
      if (match === null) throw new Error(`action.yml: this runner does not play the condition ${term}`)
      return (inputs[match[1]!] === match[3]) === (match[2] === '==')
    }) && (text.includes('always()') || !failed)
  }
  const steps: Array<{name: string; ran: boolean; result?: CliResult}> = []
  const uses: Record<string, Record<string, string>> = {}
  let failed = false
  for (const step of ACTION.runs.steps) {
    if (!condition(step.if, failed)) {
      steps.push({name: step.name, ran: false})
      continue
    }
    if (step.uses !== undefined) {
      uses[step.name] = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, expression(value)]))
      steps.push({name: step.name, ran: false})
      continue
    }
    expect(step.shell).toBe('bash')
    const output = join(workspace, `${step.id ?? steps.length}.output`)
    writeFileSync(output, '')
    const script = join(workspace, `${steps.length}.sh`)
    writeFileSync(script, step.run!)
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expression(value)]))
    const result = await runProcess('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: join(PROJECT_ROOT, expression(step['working-directory'] ?? '.')),
      env: {...env, GITHUB_ACTION_PATH: PROJECT_ROOT, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`},
    })
    if (step.id !== undefined) {
      outputs[step.id] = Object.fromEntries(readFileSync(output, 'utf8').split('\n').filter((line) => line.includes('=')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
    }
    steps.push({name: step.name, ran: true, result})
    failed ||= result.code !== 0
  }
  const actionOutputs = Object.fromEntries(Object.entries(ACTION.outputs).map(([key, output]) => [key, expression(output.value)]))
  return {steps, outputs: actionOutputs, summary: readFileSync(summary, 'utf8'), uses, failed}
}

const release = (run: Run) => run.steps.find((step) => step.name === 'Validate, build, verify, diff and lint')!.result!

function expectValidReports(reports: string, names: readonly string[]): void {
  for (const name of names) {
    const report = JSON.parse(readFileSync(join(reports, `${name}.sarif`), 'utf8')) as unknown
    expect(sarif(report), `${name}.sarif: ${JSON.stringify(sarif.errors)}`).toBe(true)
    expect(XMLValidator.validate(readFileSync(join(reports, `${name}.junit.xml`), 'utf8')), `${name}.junit.xml`).toBe(true)
  }
}

describe('action.yml', () => {
  it('declares what its steps use: every input has a description, every output a step that sets it', () => {
    expect(ACTION.runs.using).toBe('composite')
    for (const [key, input] of Object.entries(ACTION.inputs)) expect(input.description, key).not.toBe('')
    expect(Object.keys(ACTION.outputs).sort()).toEqual(['cassette', 'sha256'])
  })

  it('releases with the repository\'s config: outputs the cassette and its SHA-256, writes the summary, and hands code scanning valid SARIF', async () => {
    const reports = join(dir, 'first-reports')
    const run = await runAction({version: '1.0.0', config: 'examples/ci/tama-dex.config.yaml', 'output-dir': join(dir, 'first'), 'reports-dir': reports, package: ''}, 'first')
    expect(run.failed, release(run).stderr).toBe(false)
    expect(run.steps.map((step) => [step.name, step.ran])).toEqual([
      ['Install tama-dex', false],
      ['Validate, build, verify, diff and lint', true],
      ['Write the job summary', true],
      ['Upload the SARIF reports to code scanning', false],
    ])
    expect(run.outputs.cassette).toBe(join(dir, 'first', 'incus-1.0.0.tama-cassette'))
    expect(run.outputs.sha256).toBe(createHash('sha256').update(readFileSync(run.outputs.cassette!)).digest('hex'))
    expect(run.summary).toContain('### tama-dex cassette lint: passed')
    expect(run.summary).toContain('### tama-dex document validate: passed')
    expect(run.uses['Upload the SARIF reports to code scanning']).toEqual({sarif_file: `./${reports}`})
    expectValidReports(reports, ['validate', 'verify', 'lint'])
    // The shipped baseline accepts the shipped request that misses: suppressed, not an alert.
    const lint = JSON.parse(readFileSync(join(reports, 'lint.sarif'), 'utf8')) as {runs: Array<{results: Array<{ruleId: string; suppressions?: unknown[]}>}>}
    expect(lint.runs[0]!.results.filter((result) => result.suppressions !== undefined).map((result) => result.ruleId)).toEqual(['example-missed'])
  })

  it('fails on a missed example request no baseline accepts, annotating its line, and still writes the summary and reports', async () => {
    const config = join(dir, 'no-baseline.yaml')
    writeFileSync(config, `documents: [${join(PROJECT_ROOT, 'examples/incus.yaml')}]\ncassette:\n  name: incus\nlint:\n  examples: [${join(PROJECT_ROOT, 'examples/ci/incus-requests.jsonl')}]\n`)
    const reports = join(dir, 'missed-reports')
    const run = await runAction({version: '1.0.1', config, 'output-dir': join(dir, 'missed'), 'reports-dir': reports, package: ''}, 'missed')
    expect(run.failed).toBe(true)
    expect(release(run).code).toBe(14)
    expect(release(run).stdout).toMatch(/::error file=.*examples\/ci\/incus-requests\.jsonl,line=1,title=example-missed::"which containers are running" should find instances_get/)
    expect(run.steps.find((step) => step.name === 'Write the job summary')!.ran).toBe(true)
    expect(run.summary).toContain('### tama-dex cassette lint: failed')
    expectValidReports(reports, ['validate', 'verify', 'lint'])
  })

  it('diffs against the previous release and stops at the diff gate', async () => {
    const previous = join(dir, 'first', 'incus-1.0.0.tama-cassette')
    expect(existsSync(previous)).toBe(true)
    const reports = join(dir, 'next-reports')
    const run = await runAction({version: '1.1.0', config: 'examples/ci/tama-dex.config.yaml', documents: 'examples/incus-v2.yaml', 'previous-cassette': previous, 'output-dir': join(dir, 'next'), 'reports-dir': reports, package: ''}, 'next')
    expect(release(run).code).toBe(13)
    expect(run.summary).toContain('### tama-dex cassette diff: failed')
    expect(readdirSync(reports).sort()).toEqual(['diff.junit.xml', 'diff.md', 'diff.sarif', 'validate.junit.xml', 'validate.md', 'validate.sarif', 'verify.junit.xml', 'verify.md', 'verify.sarif'])
    expectValidReports(reports, ['validate', 'verify', 'diff'])
  })
})

describe('examples/ci/release.yml', () => {
  const workflow = parse(readFileSync(join(PROJECT_ROOT, 'examples/ci/release.yml'), 'utf8')) as {jobs: Record<string, {steps: Step[]}>}
  const step = Object.values(workflow.jobs).flatMap((job) => job.steps).find((candidate) => candidate.uses?.startsWith('tama-dex/tama-dex@') === true)

  it('releases through the Action, giving it only inputs it declares and every one it requires', () => {
    expect(step).toBeDefined()
    const given = Object.keys(step!.with ?? {})
    expect(given.filter((input) => !(input in ACTION.inputs))).toEqual([])
    expect(Object.entries(ACTION.inputs).filter(([input, {required}]) => required === true && !given.includes(input))).toEqual([])
  })
})

describe('examples/ci/gitlab-ci.yml', () => {
  interface Job {
    variables: Record<string, string>
    script: string[]
    artifacts: {reports: {junit: string}}
  }
  const job = Object.values(parse(readFileSync(join(PROJECT_ROOT, 'examples/ci/gitlab-ci.yml'), 'utf8')) as Record<string, Job>)[0]!

  // GitLab runs each script line in one shell, the job's variables in its environment.
  it('runs release.sh in a producer\'s repository, leaving a JUnit report for each check where GitLab reads them', async () => {
    const repository = join(dir, 'gitlab')
    mkdirSync(join(repository, 'ci'), {recursive: true})
    writeFileSync(join(repository, 'incus.yaml'), readFileSync(join(PROJECT_ROOT, 'examples/incus.yaml')))
    for (const file of readdirSync(join(PROJECT_ROOT, 'examples/ci'))) writeFileSync(join(repository, 'ci', file), readFileSync(join(PROJECT_ROOT, 'examples/ci', file)))
    // tama-dex is on PATH already: the line that installs it has nothing to install here.
    const script = job.script.filter((line) => !line.startsWith('npm install --global')).join('\n')
    const result = await runProcess('bash', ['-eo', 'pipefail', '-c', script], {
      cwd: repository,
      env: {...job.variables, CI_COMMIT_TAG: 'v1.2.0', PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`},
    })
    expect(result.code, result.stderr).toBe(0)
    expect(existsSync(join(repository, 'release', 'incus-1.2.0.tama-cassette'))).toBe(true)
    const [folder, pattern] = job.artifacts.reports.junit.split('/')
    const suffix = pattern!.replace('*', '')
    const reports = readdirSync(join(repository, folder!)).filter((file) => file.endsWith(suffix))
    expect(reports.sort()).toEqual(['lint.junit.xml', 'validate.junit.xml', 'verify.junit.xml'])
    for (const report of reports) expect(XMLValidator.validate(readFileSync(join(repository, folder!, report), 'utf8')), report).toBe(true)
  })
})
