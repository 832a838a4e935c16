import {mkdtemp, rm} from 'node:fs/promises'
import path from 'node:path'

import type {BenchSettings} from './bench-settings.js'
import type {BuiltCatalogue} from './build-bench.js'
import {runNode} from './child-process.js'
import {progress} from './progress.js'
import {pairedRatios, summarise, type Summary} from './summary.js'

const CHILD = 'bench/suite/import-child.mjs'

export interface ImportFigures {
  /** A catalogue's name, or `all` for every catalogue imported one after another. */
  readonly name: string
  readonly operations: number
  /** `index.import(file, {sha256})`: the pinned cassette's prebuilt rows are copied. */
  readonly copyMs: Summary
  /** `index.import(file)`: the index is rebuilt from the documents embedded in the cassette. */
  readonly rebuildMs: Summary
  /** rebuildMs / copyMs, run by run: how many times faster copy mode is. */
  readonly speedup: Summary
  /** What copy mode reads and checks alone: the cassette read, hashed and checked (planCopy), its modules loaded before. */
  readonly copyCheckMs: Summary
  /** What copy mode writes alone: the checked copy committed (attach, SQL copy, FTS5, commit), its reading and checks done before. */
  readonly copyWriteMs: Summary
  /** rebuildMs / copyWriteMs, run by run: the speed-up a copy that checked nothing would reach. */
  readonly writeSpeedup: Summary
  /** `tama-dex index import FILE --sha256 HEX`, one process per cassette, spawn to exit (cold start included). */
  readonly cliCopyMs: Summary
  /** `tama-dex index import FILE`, the same way. */
  readonly cliRebuildMs: Summary
  /** cliRebuildMs / cliCopyMs, run by run. */
  readonly cliSpeedup: Summary
}

/**
 * Imports each cassette into a fresh file index, pinned (copy mode) and unpinned
 * (rebuild mode) alternately, then all of them into one fresh index the same two ways,
 * and times what the copy writes alone. Each import is the library's `index.import`, timed
 * inside a fresh plain Node.js process: see import-child.mjs.
 */
export async function benchImport(repo: string, built: readonly BuiltCatalogue[], workDir: string, settings: BenchSettings): Promise<ImportFigures[]> {
  const groups = [...built.map((catalogue) => ({name: catalogue.name, cassettes: [catalogue]})), {name: 'all', cassettes: built}]
  const figures: ImportFigures[] = []
  for (const {name, cassettes} of groups) {
    const copyMs: number[] = []
    const rebuildMs: number[] = []
    const copyCheckMs: number[] = []
    const copyWriteMs: number[] = []
    const cliCopyMs: number[] = []
    const cliRebuildMs: number[] = []
    for (let run = 0; run < settings.importRuns; run++) {
      progress(`import ${name}: run ${run + 1}/${settings.importRuns}`)
      const modes = run % 2 === 0 ? [true, false] : [false, true]
      for (const pinned of modes) (pinned ? copyMs : rebuildMs).push(await importInto(repo, workDir, cassettes, pinned ? 'copy' : 'rebuild'))
      const halves = await copyHalves(repo, workDir, cassettes)
      copyCheckMs.push(halves.checkMs)
      copyWriteMs.push(halves.writeMs)
      for (const pinned of modes) (pinned ? cliCopyMs : cliRebuildMs).push(await importThroughCli(repo, workDir, cassettes, pinned))
    }
    figures.push({
      name,
      operations: cassettes.reduce((sum, catalogue) => sum + catalogue.operations, 0),
      copyMs: summarise(copyMs),
      rebuildMs: summarise(rebuildMs),
      speedup: pairedRatios(rebuildMs, copyMs),
      copyCheckMs: summarise(copyCheckMs),
      copyWriteMs: summarise(copyWriteMs),
      writeSpeedup: pairedRatios(rebuildMs, copyWriteMs),
      cliCopyMs: summarise(cliCopyMs),
      cliRebuildMs: summarise(cliRebuildMs),
      cliSpeedup: pairedRatios(cliRebuildMs, cliCopyMs),
    })
  }
  return figures
}

/** Milliseconds, spawn to exit, of one `tama-dex index import` process per cassette into a new, empty index file. */
async function importThroughCli(repo: string, workDir: string, cassettes: readonly BuiltCatalogue[], pinned: boolean): Promise<number> {
  const dir = await mkdtemp(path.join(workDir, 'import-cli-'))
  try {
    let total = 0
    for (const cassette of cassettes) {
      const pin = pinned ? ['--sha256', cassette.sha256] : []
      total += (await runNode(['bin/run.js', 'index', 'import', cassette.cassette, ...pin, '--index', path.join(dir, 'index.sqlite3')], {cwd: repo})).wallMs
    }
    return total
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}

/** Milliseconds to import `cassettes` one after another into a new, empty index file. */
async function importInto(repo: string, workDir: string, cassettes: readonly BuiltCatalogue[], mode: 'copy' | 'rebuild'): Promise<number> {
  return Number(await runChild(repo, workDir, cassettes, mode))
}

/** Milliseconds a pinned copy of `cassettes` takes to read and check them, and to write them, timed apart (see import-child.mjs). */
async function copyHalves(repo: string, workDir: string, cassettes: readonly BuiltCatalogue[]): Promise<CopyHalves> {
  return JSON.parse(await runChild(repo, workDir, cassettes, 'halves')) as CopyHalves
}

/** What import-child.mjs prints in `halves` mode. */
interface CopyHalves {
  readonly checkMs: number
  readonly writeMs: number
}

async function runChild(repo: string, workDir: string, cassettes: readonly BuiltCatalogue[], mode: 'copy' | 'rebuild' | 'halves'): Promise<string> {
  const dir = await mkdtemp(path.join(workDir, 'import-'))
  try {
    const args = cassettes.flatMap((cassette) => [cassette.cassette, cassette.sha256])
    return (await runNode([CHILD, path.join(dir, 'index.sqlite3'), mode, ...args], {cwd: repo})).stdout
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}
