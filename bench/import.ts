/**
 * Runs only the import benchmark (bench/suite/import-bench.ts) and prints its table:
 * copy against rebuild, in process and through the CLI, per catalogue and all together.
 * Usage: npx tsx bench/import.ts [--runs N] [--smoke]. Needs npm run build.
 */
import {mkdtemp, rm} from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

import {FULL, SMOKE} from './suite/bench-settings.js'
import type {BuiltCatalogue} from './suite/build-bench.js'
import {runNode} from './suite/child-process.js'
import {prepareCatalogues} from './suite/catalogues.js'
import {benchImport} from './suite/import-bench.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const {values} = parseArgs({options: {runs: {type: 'string', default: '3'}, smoke: {type: 'boolean', default: false}}})
const base = values.smoke ? SMOKE : FULL
const settings = {...base, buildRuns: 1, memoryRuns: 1, importRuns: Number(values.runs)}
const workDir = await mkdtemp(path.join(os.tmpdir(), 'tama-bench-import-'))
try {
  const catalogues = await prepareCatalogues(repo, settings.smoke, path.join(repo, 'bench/.cache/corpus'))
  const built: BuiltCatalogue[] = []
  for (const catalogue of catalogues) {
    const output = path.join(workDir, `${catalogue.name}.tama-cassette`)
    const args = ['bin/run.js', 'cassette', 'build', '--name', catalogue.name, '--version', '1.0.0', '--document', catalogue.document, '--output', output, '--json']
    const {stdout} = await runNode(args, {cwd: repo})
    const result = JSON.parse(stdout) as {sha256: string; operations: number}
    built.push({name: catalogue.name, cassette: output, sha256: result.sha256, operations: result.operations})
  }
  const figures = await benchImport(repo, built, workDir, settings)
  process.stdout.write(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}\n`)
  process.stdout.write('cassette | operations | copy ms | rebuild ms | speed-up | copy checks alone ms | copy writing alone ms | rebuild / writing | CLI copy ms | CLI rebuild ms | CLI speed-up\n')
  for (const f of figures) {
    const cells = [f.copyMs.median, f.rebuildMs.median, f.speedup.median, f.copyCheckMs.median, f.copyWriteMs.median, f.writeSpeedup.median, f.cliCopyMs.median, f.cliRebuildMs.median, f.cliSpeedup.median].map((value) => value.toFixed(1))
    process.stdout.write(`${f.name} | ${f.operations} | ${cells.join(' | ')}\n`)
  }
} finally {
  await rm(workDir, {recursive: true, force: true})
}
