import {existsSync} from 'node:fs'
import {mkdtemp} from 'node:fs/promises'
import path from 'node:path'

import {openIndex} from '../../dist/index.js'
import type {BenchSettings} from './bench-settings.js'
import type {BuiltCatalogue} from './build-bench.js'
import {runNode} from './child-process.js'
import {progress} from './progress.js'
import {pairedRatios, summarise, type Summary} from './summary.js'

export interface ColdStartFigures {
  /** Whether oclif.manifest.json (written by `npm run build`) was there; oclif starts faster with it. */
  readonly manifest: boolean
  readonly cassette: string
  readonly query: string
  /** `node -e 0`: the floor, a Node.js process doing nothing. */
  readonly nodeMs: Summary
  readonly versionMs: Summary
  readonly searchMs: Summary
  /** The same search with --json, which oclif answers: a plain search is answered before oclif loads. */
  readonly searchJsonMs: Summary
  /** Each command over `node -e 0`, round by round. */
  readonly versionRatio: Summary
  readonly searchRatio: Summary
  readonly searchJsonRatio: Summary
}

const QUERY = 'list instances'

/**
 * End-to-end start-up of the built CLI, spawn to exit: `tama-dex --version` and
 * `tama-dex search` against a small index (the smallest cassette, imported pinned), as a
 * table and with --json, next to `node -e 0`, all interleaved round by round after one
 * unmeasured round.
 */
export async function benchColdStart(repo: string, built: readonly BuiltCatalogue[], workDir: string, settings: BenchSettings): Promise<ColdStartFigures> {
  const small = built.reduce((least, catalogue) => (catalogue.operations < least.operations ? catalogue : least))
  const indexFile = path.join(await mkdtemp(path.join(workDir, 'cold-start-')), 'index.sqlite3')
  const index = openIndex({path: indexFile})
  try {
    await index.import(small.cassette, {sha256: small.sha256})
  } finally {
    index.close()
  }
  const commands = {
    node: ['-e', '0'],
    version: ['bin/run.js', '--version'],
    search: ['bin/run.js', 'search', QUERY, '--index', indexFile, '--scope', `${small.name}.read`],
    searchJson: ['bin/run.js', 'search', QUERY, '--index', indexFile, '--scope', `${small.name}.read`, '--json'],
  }
  const times = {node: [] as number[], version: [] as number[], search: [] as number[], searchJson: [] as number[]}
  for (let round = -1; round < settings.coldStartRuns; round++) {
    if (round >= 0 && round % 5 === 0) progress(`CLI cold start: round ${round + 1}/${settings.coldStartRuns}`)
    for (const [name, args] of Object.entries(commands) as Array<[keyof typeof commands, string[]]>) {
      const {wallMs} = await runNode(args, {cwd: repo})
      if (round >= 0) times[name].push(wallMs)
    }
  }
  return {
    manifest: existsSync(path.join(repo, 'oclif.manifest.json')),
    cassette: small.name,
    query: QUERY,
    nodeMs: summarise(times.node),
    versionMs: summarise(times.version),
    searchMs: summarise(times.search),
    searchJsonMs: summarise(times.searchJson),
    versionRatio: pairedRatios(times.version, times.node),
    searchRatio: pairedRatios(times.search, times.node),
    searchJsonRatio: pairedRatios(times.searchJson, times.node),
  }
}
