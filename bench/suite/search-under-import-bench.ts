import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'

import {percentile} from '../../tools/ranking/metrics.js'
import {callerScopes, syntheticCatalogue} from '../lib/synthetic-catalogue.js'
import type {BenchSettings} from './bench-settings.js'
import type {BuiltCatalogue} from './build-bench.js'
import {runNode} from './child-process.js'
import {progress} from './progress.js'
import type {SearchWorkload} from './search-workload.js'
import {pairedRatios, summarise, type Summary} from './summary.js'
import {fillIndex} from './synthetic-index.js'

export interface SearchUnderImportFigures {
  /** Operations in the index before the import starts. */
  readonly operations: number
  /** The cassette imported in the background (rebuild mode: the most work an import does). */
  readonly importCassette: string
  readonly importOperations: number
  readonly importMs: Summary
  /** Searches answered while the import ran, per run. */
  readonly searches: Summary
  /** The same search loop with no import running, just before it. */
  readonly idleP99Ms: Summary
  readonly busyP50Ms: Summary
  readonly busyP99Ms: Summary
  /** busyP99Ms / idleP99Ms, run by run. */
  readonly ratioP99: Summary
}

const CHILD = 'bench/suite/search-under-import-child.mjs'

/**
 * Search latency while the largest cassette is imported into the same index file: the
 * import runs in `index.import`'s worker thread while the main thread searches in a loop.
 * The index is filled here; the loop runs in a plain Node.js process (see the child).
 */
export async function benchSearchUnderImport(
  repo: string,
  workload: SearchWorkload,
  built: readonly BuiltCatalogue[],
  workDir: string,
  settings: BenchSettings,
): Promise<SearchUnderImportFigures> {
  const large = built.reduce((most, catalogue) => (catalogue.operations > most.operations ? catalogue : most))
  const dir = await mkdtemp(path.join(workDir, 'under-import-'))
  try {
    progress(`search under import: filling an index with ${settings.underImportOperations} operations`)
    const catalogue = syntheticCatalogue(workload.seeds, settings.underImportOperations)
    const index = path.join(dir, 'index.sqlite3')
    fillIndex(index, catalogue)
    const job = path.join(dir, 'workload.json')
    const scopes = callerScopes([...catalogue.keys()])
    await writeFile(job, JSON.stringify({index, cassette: large.cassette, name: large.name, runs: settings.underImportRuns, queries: workload.queries, scopes}))
    progress(`search under import: ${settings.underImportRuns} imports of ${large.name} (${large.operations} operations)`)
    const {stdout} = await runNode([CHILD, job], {cwd: repo})
    const runs = (JSON.parse(stdout) as {runs: Array<{idle: number[]; busy: number[]; importMs: number}>}).runs
    const idleP99 = runs.map((run) => percentile(run.idle, 99))
    const busyP99 = runs.map((run) => percentile(run.busy, 99))
    return {
      operations: settings.underImportOperations,
      importCassette: large.name,
      importOperations: large.operations,
      importMs: summarise(runs.map((run) => run.importMs)),
      searches: summarise(runs.map((run) => run.busy.length)),
      idleP99Ms: summarise(idleP99),
      busyP50Ms: summarise(runs.map((run) => percentile(run.busy, 50))),
      busyP99Ms: summarise(busyP99),
      ratioP99: pairedRatios(busyP99, idleP99),
    }
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}
