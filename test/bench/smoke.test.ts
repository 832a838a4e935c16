import {spawn} from 'node:child_process'
import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {PROJECT_ROOT} from '../helpers/cli.js'

// The benchmark's smoke mode, run as `npm run bench:smoke` would: it must produce every
// section with well-formed figures. Their values are never checked: a test is no benchmark.
const SECTIONS = [
  '## Targets',
  '## Cassette build vs swagger-parser `validate()`',
  '## Import into a host index: copy vs rebuild',
  '## Search latency by catalogue size',
  '## Search while an import runs',
  '## CLI cold start',
  '## MCP server',
  '## Retrieval quality',
  '## Charts',
]

let out: string
let markdown: string
let report: Record<string, unknown>

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'tama-bench-smoke-test-'))
  await run([process.execPath, '--import', 'tsx', 'bench/run.ts', '--smoke', '--out', out])
  markdown = await readFile(path.join(out, 'latest.md'), 'utf8')
  report = JSON.parse(await readFile(path.join(out, 'latest.json'), 'utf8')) as Record<string, unknown>
}, 300_000)

afterAll(async () => {
  await rm(out, {recursive: true, force: true})
})

describe('bench/run.ts --smoke', () => {
  it('writes every section of the report', () => {
    for (const section of SECTIONS) expect(markdown).toContain(`\n${section}\n`)
    expect(markdown).not.toMatch(/NaN|undefined|Infinity|\[object/)
  })

  it('measures every benchmark', () => {
    expect(report).toMatchObject({mode: 'smoke'})
    for (const key of ['build', 'import', 'searchLatency']) expect((report[key] as unknown[]).length).toBeGreaterThan(0)
    for (const key of ['searchUnderImport', 'coldStart', 'mcp']) expect(report[key]).toBeTypeOf('object')
    expect((report.retrieval as {sets: unknown[]}).sets.length).toBeGreaterThan(0)
  })

  it('writes only finite numbers, and every median between its min and max', () => {
    const summaries = numbersIn(report)
    expect(summaries).toBeGreaterThan(20)
  })

  it('judges every target as met, missed or not measured', () => {
    const targets = report.targets as Array<{status: string; measured: unknown}>
    expect(targets).toHaveLength(25)
    for (const target of targets) {
      expect(['met', 'missed', 'not measured']).toContain(target.status)
      expect(target.measured === null).toBe(target.status === 'not measured')
    }
  })

  it('draws the charts as SVG', async () => {
    for (const chart of ['search-latency.svg', 'build-time.svg']) {
      const svg = await readFile(path.join(out, chart), 'utf8')
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
      expect(svg).not.toMatch(/NaN|undefined|Infinity/)
      expect(markdown).toContain(`](${chart})`)
    }
  })
})

/** Checks every number under `value` and every {median, min, max, runs}; returns how many summaries it saw. */
function numbersIn(value: unknown, where = '$'): number {
  if (typeof value === 'number') {
    expect(Number.isFinite(value), `${where} is ${value}`).toBe(true)
    return 0
  }
  if (value === null || typeof value !== 'object') return 0
  let summaries = 0
  if ('median' in value && 'min' in value && 'max' in value && 'runs' in value) {
    const {median, min, max, runs} = value as {median: number; min: number; max: number; runs: number}
    expect(min, where).toBeLessThanOrEqual(median)
    expect(median, where).toBeLessThanOrEqual(max)
    expect(Number.isInteger(runs) && runs >= 1, `${where}.runs`).toBe(true)
    summaries++
  }
  for (const [key, child] of Object.entries(value)) summaries += numbersIn(child, `${where}.${key}`)
  return summaries
}

function run(argv: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), {cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe']})
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.stdout.resume()
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bench/run.ts --smoke exited with ${code}:\n${stderr.slice(-4000)}`))))
  })
}
