import {createHash} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, describe, expect, it} from 'vitest'

import {buildCassette, readDocumentInputs, verifyCassette} from '../../../src/core/cassette/index.js'
import {validateFiles} from '../../../src/core/profile/index.js'
import {diffGateFailure, diffReleases, lintGateFailure, lintRelease, withBaseline} from '../../../src/core/release/index.js'
import {REPORT_FORMATS, type ReportFormat, type ReportSubject, formatReport} from '../../../src/core/report/index.js'
import {PROJECT_ROOT} from '../../helpers/cli.js'

/**
 * Every reporter's output for one result of each check, compared with its golden file in
 * test/fixtures/report/, so that a change to what CI systems read shows in review. After a
 * change made on purpose: UPDATE_REPORT_SNAPSHOTS=1 npx vitest run test/core/report.
 */
const GOLDEN = join(PROJECT_ROOT, 'test/fixtures/report')
const EXTENSIONS: Readonly<Record<ReportFormat, string>> = {text: 'txt', json: 'json', sarif: 'sarif', github: 'github.txt', junit: 'junit.xml', markdown: 'md'}
const scratch = mkdtempSync(join(tmpdir(), 'tama-report-golden-'))

afterAll(() => rmSync(scratch, {recursive: true, force: true}))

const LINT_GATE = {failOn: ['example-missed']}

/**
 * The results, named as their golden files are; each from the shipped examples or a fixture
 * with findings at known lines. `unstable` names what changes with every change to the
 * cassette format or search (a file's digest, the search data's identity), put in the golden
 * files as its name.
 */
const SUBJECTS: ReadonlyArray<{name: string; subject: () => Promise<ReportSubject & {unstable?: Record<string, string>}>}> = [
  {
    name: 'validate-problems',
    subject: async () => {
      const {report, failure} = await validateFiles(['test/fixtures/profile/problems-out-of-check-order.yaml', 'examples/incus.yaml'])
      return {check: 'document validate', result: report, failed: failure !== null}
    },
  },
  {
    name: 'verify-incus',
    subject: async () => {
      const file = join(scratch, 'incus.tama-cassette')
      await buildCassette({name: 'incus', version: '1.0.0', documents: await readDocumentInputs(['examples/incus.yaml'])}, file)
      const bytes = readFileSync(file)
      const result = await verifyCassette(bytes, {source: 'incus-1.0.0.tama-cassette', sha256: '0'.repeat(64)})
      const unstable = {'<sha256 of the file>': createHash('sha256').update(bytes).digest('hex'), '<search data>': result.meta?.searchData ?? 'none'}
      return {check: 'cassette verify', result, failed: !result.ok, unstable}
    },
  },
  {
    name: 'lint-examples',
    subject: async () => {
      const result = await lintRelease('test/fixtures/release/lint-examples.yaml', {examplesFiles: ['test/fixtures/release/lint-examples.jsonl']})
      return {check: 'cassette lint', result, failOn: LINT_GATE.failOn, failed: lintGateFailure(result, LINT_GATE) !== null}
    },
  },
  {
    name: 'lint-baseline',
    subject: async () => {
      const linted = await lintRelease('test/fixtures/release/lint.yaml')
      const result = withBaseline(linted, 'lint-baseline.json', [{rule: 'no-tags', operation_id: 'cluster_members_list'}])
      const failOn = ['no-tags', 'unsplit-id']
      return {check: 'cassette lint', result, failOn, failed: lintGateFailure(result, {failOn}) !== null}
    },
  },
  {
    name: 'diff-incus',
    subject: async () => {
      const diff = await diffReleases('examples/incus.yaml', 'examples/incus-v2.yaml')
      const failed = diffGateFailure(diff, 'security') !== null
      return {check: 'cassette diff', result: {...diff, gate: {fail_on: 'security', failed}}, failed}
    },
  },
]

describe.each(SUBJECTS)('the reports of $name', ({name, subject}) => {
  const made = subject()

  it.each(REPORT_FORMATS)('in %s are its golden file', async (format) => {
    const golden = join(GOLDEN, `${name}.${EXTENSIONS[format]}`)
    const {unstable = {}, ...report} = await made
    const written = Object.entries(unstable).reduce((text, [name, value]) => text.replaceAll(value, name), `${formatReport(format, report)}\n`)
    if (process.env.UPDATE_REPORT_SNAPSHOTS === '1') writeFileSync(golden, written)
    expect(written).toBe(readFileSync(golden, 'utf8'))
  })
})
