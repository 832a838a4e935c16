/**
 * Runs only the search-under-import benchmark (bench/suite/search-under-import-bench.ts)
 * on GitHub's catalogue and prints its figures.
 * Usage: npx tsx bench/search-under-import.ts [--runs N] [--mode rebuild|copy]. Needs npm run build.
 */
import {mkdtemp, rm} from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

import {FULL} from './suite/bench-settings.js'
import {runNode} from './suite/child-process.js'
import {benchSearchUnderImport} from './suite/search-under-import-bench.js'
import {loadSearchWorkload} from './suite/search-workload.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const {values} = parseArgs({options: {runs: {type: 'string', default: '3'}}})
const settings = {...FULL, underImportRuns: Number(values.runs)}
const workDir = await mkdtemp(path.join(os.tmpdir(), 'tama-bench-under-import-'))
try {
  const output = path.join(workDir, 'github.tama-cassette')
  const document = path.join(repo, 'bench/.cache/corpus/github.json')
  const {stdout} = await runNode(['bin/run.js', 'cassette', 'build', '--name', 'github', '--version', '1.0.0', '--document', document, '--output', output, '--json'], {cwd: repo})
  const result = JSON.parse(stdout) as {sha256: string; operations: number}
  const workload = loadSearchWorkload(settings.searchQueries)
  const figures = await benchSearchUnderImport(repo, workload, [{name: 'github', cassette: output, sha256: result.sha256, operations: result.operations}], workDir, settings)
  process.stdout.write(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}\n${JSON.stringify(figures, null, 2)}\n`)
} finally {
  await rm(workDir, {recursive: true, force: true})
}
