import {existsSync} from 'node:fs'
import {readFile, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'

import type {Quality} from '../../tools/ranking/metrics.js'
import {runNode} from './child-process.js'
import {progress} from './progress.js'

/** One public set's quality, as bench/retrieval/run.ts reports it. */
export interface RetrievalSetFigures {
  readonly set: string
  readonly operations: number
  readonly queries: number
  readonly ours: Quality
  readonly bm25: Quality
  readonly minisearch: Quality
}

export interface RetrievalFigures {
  /** The command that produced the figures. */
  readonly command: string
  /** True when only a sample of each set's queries was run (the module's --quick mode). */
  readonly quick: boolean
  readonly sets: RetrievalSetFigures[]
}

const MODULE = 'bench/retrieval/run.ts'
// Where that module always writes its figures.
const MODULE_OUTPUT = 'bench/results/retrieval.json'

/**
 * Runs the retrieval benchmark module as it is (a child process: it runs on import) and
 * reads its figures. Its --quick mode samples 100 queries per set: the full mode also
 * measures latency at 100k operations with a slow raw-FTS baseline, ~12 minutes alone.
 * The module's own output file is that module's; whatever it held before is put back.
 */
export async function benchRetrieval(repo: string): Promise<RetrievalFigures> {
  const output = path.join(repo, MODULE_OUTPUT)
  const previous = existsSync(output) ? await readFile(output) : undefined
  progress(`retrieval quality: ${MODULE} --quick`)
  try {
    await runNode([...process.execArgv, MODULE, '--quick'], {cwd: repo})
    const written = JSON.parse(await readFile(output, 'utf8')) as {quick: boolean; quality: RetrievalSetFigures[]}
    return {
      command: `npx tsx ${MODULE} --quick`,
      quick: written.quick,
      sets: written.quality.map(({set, operations, queries, ours, bm25, minisearch}) => ({set, operations, queries, ours, bm25, minisearch})),
    }
  } finally {
    await (previous === undefined ? rm(output, {force: true}) : writeFile(output, previous))
  }
}
