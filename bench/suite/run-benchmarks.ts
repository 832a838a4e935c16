import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {performance} from 'node:perf_hooks'

import type {BenchReport} from './bench-report.js'
import type {BenchSettings} from './bench-settings.js'
import {benchBuild} from './build-bench.js'
import {prepareCatalogues} from './catalogues.js'
import {benchColdStart} from './cold-start-bench.js'
import {benchImport} from './import-bench.js'
import {markdownReport} from './markdown-report.js'
import {benchMcp} from './mcp-bench.js'
import {progress} from './progress.js'
import {reportCharts} from './report-charts.js'
import {benchRetrieval} from './retrieval-bench.js'
import {benchSearchLatency} from './search-latency-bench.js'
import {benchSearchUnderImport} from './search-under-import-bench.js'
import {loadSearchWorkload} from './search-workload.js'
import {judgeTargets} from './targets.js'

const CHARTS = {searchLatency: 'search-latency.svg', buildTime: 'build-time.svg'}

/** Runs every benchmark and writes latest.json, latest.md and the charts into `outDir`. */
export async function runBenchmarks(repo: string, settings: BenchSettings, outDir: string): Promise<BenchReport> {
  const startedAt = new Date()
  const started = performance.now()
  const loadStart = os.loadavg()[0]!
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'tama-bench-'))
  try {
    const catalogues = await prepareCatalogues(repo, settings.smoke, path.join(repo, 'bench/.cache/corpus'))
    const {figures: build, built} = await benchBuild(repo, catalogues, workDir, settings)
    const imports = await benchImport(repo, built, workDir, settings)
    progress('search: loading the retrieval sets as seeds and queries')
    const workload = loadSearchWorkload(settings.searchQueries)
    const searchLatency = await benchSearchLatency(repo, workDir, settings)
    const searchUnderImport = await benchSearchUnderImport(repo, workload, built, workDir, settings)
    const coldStart = await benchColdStart(repo, built, workDir, settings)
    const mcp = await benchMcp(repo, built, workDir, settings)
    const retrieval = await benchRetrieval(repo)
    const cpus = os.cpus()
    const report: BenchReport = {
      mode: settings.smoke ? 'smoke' : 'full',
      settings,
      startedAt: startedAt.toISOString(),
      durationSeconds: (performance.now() - started) / 1000,
      machine: {
        node: process.version,
        platform: `${os.platform()} ${os.release()} ${os.arch()}`,
        cpus: cpus.length,
        cpuModel: cpus[0]?.model.trim() ?? 'unknown',
        memoryGB: os.totalmem() / 1e9,
        loadAverage: {start: loadStart, end: os.loadavg()[0]!},
      },
      tamaDexVersion: await packageVersion(repo),
      swaggerParserVersion: await packageVersion(path.join(repo, 'node_modules/@apidevtools/swagger-parser')),
      build,
      import: imports,
      searchLatency,
      searchUnderImport,
      coldStart,
      mcp,
      retrieval,
      targets: judgeTargets({build, import: imports, searchLatency, searchUnderImport, coldStart, mcp}),
    }
    await mkdir(outDir, {recursive: true})
    const charts = reportCharts(report)
    await writeFile(path.join(outDir, CHARTS.searchLatency), charts.searchLatency)
    await writeFile(path.join(outDir, CHARTS.buildTime), charts.buildTime)
    await writeFile(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`)
    await writeFile(path.join(outDir, 'latest.md'), markdownReport(report, CHARTS))
    return report
  } finally {
    await rm(workDir, {recursive: true, force: true})
  }
}

async function packageVersion(dir: string): Promise<string> {
  return (JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {version: string}).version
}
