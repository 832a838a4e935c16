import {mkdtemp, rm} from 'node:fs/promises'
import path from 'node:path'
import {performance} from 'node:perf_hooks'

import {openIndex} from '../../dist/index.js'
import {openDatabase, parseQuery} from '../../dist/internal.js'
import {percentile} from '../../tools/ranking/metrics.js'
import {callerScopes, syntheticCatalogue} from '../lib/synthetic-catalogue.js'
import type {BenchSettings} from './bench-settings.js'
import {runNode} from './child-process.js'
import {progress} from './progress.js'
import {loadSearchWorkload, type SearchWorkload} from './search-workload.js'
import {pairedRatios, summarise, type Summary} from './summary.js'
import {fillIndex} from './synthetic-index.js'
import {timed} from './timing.js'

export interface SearchLatencyFigures {
  readonly operations: number
  readonly cassettes: number
  /** Time to write the synthetic catalogue into the index (setup, not a target). */
  readonly fillMs: number
  /** `index.search(query, {scopes, limit: 10})` on a file index: p50 and p99 of each run. */
  readonly p50Ms: Summary
  readonly p99Ms: Summary
  /**
   * The p99 of the CPU time the process spent on each search: unlike wall time, it does
   * not grow while other processes hold the CPU, so it tells work from waiting.
   */
  readonly cpuP99Ms: Summary
  /** The floor: raw FTS5 `MATCH ... ORDER BY rank LIMIT 10` on the same table, same terms. */
  readonly floorP50Ms: Summary
  readonly floorP99Ms: Summary
  /** Ours over the floor, run by run. */
  readonly ratioP50: Summary
  readonly ratioP99: Summary
}

const WARM_UP_QUERIES = 20
// No scopes, no re-ranking, no exact-id lookup, no schemas: FTS5's own top ten.
const FLOOR = 'SELECT rowid FROM operations_fts WHERE operations_fts MATCH ? ORDER BY rank LIMIT 10'

/**
 * Search latency at each size, each measured in a Node.js process of its own holding only
 * the index (search-latency-child.ts): the benchmark's other sections leave a heap no
 * searching host holds, whose collections would be timed as search.
 */
export async function benchSearchLatency(repo: string, workDir: string, settings: BenchSettings): Promise<SearchLatencyFigures[]> {
  const figures: SearchLatencyFigures[] = []
  for (const size of settings.searchSizes) {
    progress(`search latency at ${size} operations, in a process of its own: filling an index, then ${settings.searchRuns} run(s) of the queries`)
    const {stdout} = await runNode(['--import', 'tsx', CHILD, workDir, String(size), JSON.stringify(settings)], {cwd: repo})
    figures.push(JSON.parse(stdout) as SearchLatencyFigures)
  }
  return figures
}

const CHILD = 'bench/suite/search-latency-child.ts'

/**
 * Search latency at one size: a synthetic catalogue (the retrieval sets' operations
 * recombined, scopes mixed) in cassettes of 500, searched with the caller's scopes; each
 * query also runs as the raw FTS5 floor, alternating, on a second connection to the file.
 */
export async function measureSearchLatency(workDir: string, size: number, settings: BenchSettings): Promise<SearchLatencyFigures> {
  const workload = loadSearchWorkload(settings.searchQueries)
  // The floor ORs the terms search itself looks up, quoted so they are never FTS5 syntax.
  const floorMatches = workload.queries.map((query) => parseQuery(query).terms.map((term) => `"${term}"`).join(' OR '))
  const dir = await mkdtemp(path.join(workDir, 'search-'))
  const file = path.join(dir, 'index.sqlite3')
  try {
    progress(`search latency at ${size} operations: filling the index`)
    const {fillMs, cassettes, scopes} = await fillSynthetic(file, workload, size)
    const index = openIndex({path: file})
    const floor = openDatabase(file, {readonly: true})
    try {
      const floorQuery = floor.prepare(FLOOR)
      const pass = (count: number) => {
        const ours: number[] = []
        const cpu: number[] = []
        const plain: number[] = []
        workload.queries.slice(0, count).forEach((query, i) => {
          const cpuBefore = process.cpuUsage()
          let started = performance.now()
          index.search(query, {scopes, limit: 10})
          ours.push(performance.now() - started)
          const {user, system} = process.cpuUsage(cpuBefore)
          cpu.push((user + system) / 1000)
          started = performance.now()
          floorQuery.all(floorMatches[i])
          plain.push(performance.now() - started)
        })
        return {ours, cpu, plain}
      }
      // An unmeasured pass over a few queries warms the page cache and both connections.
      pass(WARM_UP_QUERIES)
      const runs = {p50: [] as number[], p99: [] as number[], cpuP99: [] as number[], floorP50: [] as number[], floorP99: [] as number[]}
      for (let run = 0; run < settings.searchRuns; run++) {
        progress(`search latency at ${size} operations: run ${run + 1}/${settings.searchRuns}`)
        const {ours, cpu, plain} = pass(workload.queries.length)
        runs.p50.push(percentile(ours, 50))
        runs.p99.push(percentile(ours, 99))
        runs.cpuP99.push(percentile(cpu, 99))
        runs.floorP50.push(percentile(plain, 50))
        runs.floorP99.push(percentile(plain, 99))
      }
      return {
        operations: size,
        cassettes,
        fillMs,
        p50Ms: summarise(runs.p50),
        p99Ms: summarise(runs.p99),
        cpuP99Ms: summarise(runs.cpuP99),
        floorP50Ms: summarise(runs.floorP50),
        floorP99Ms: summarise(runs.floorP99),
        ratioP50: pairedRatios(runs.p50, runs.floorP50),
        ratioP99: pairedRatios(runs.p99, runs.floorP99),
      }
    } finally {
      floor.close()
      index.close()
    }
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}

/**
 * Fills `file` with a synthetic catalogue of `size` operations, which is let go before any
 * search is timed: kept, its operations would make each collection of the searches' garbage
 * walk a heap no host holds.
 */
async function fillSynthetic(file: string, workload: SearchWorkload, size: number): Promise<{fillMs: number; cassettes: number; scopes: string[]}> {
  const catalogue = syntheticCatalogue(workload.seeds, size)
  const {ms: fillMs} = await timed(() => fillIndex(file, catalogue))
  return {fillMs, cassettes: catalogue.size, scopes: callerScopes([...catalogue.keys()])}
}
