/**
 * The benchmark command: measures tama-dex against its peers and its limits and writes
 * bench/results/latest.md, latest.json and the charts (see docs/benchmarks.md).
 * Usage: npx tsx bench/run.ts [--smoke] [--out DIR]
 *   --smoke  seconds, not minutes: one small catalogue, tiny sizes, 1-2 runs; writes to a
 *            temporary directory (printed on stdout) unless --out is given.
 * Needs the built CLI and library (npm run build). Progress goes to stderr.
 */
import {existsSync, mkdtempSync, statSync} from 'node:fs'
import {readdir} from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

import {FULL, SMOKE} from './suite/bench-settings.js'
import {progress} from './suite/progress.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main(): Promise<void> {
  const {values} = parseArgs({options: {smoke: {type: 'boolean', default: false}, out: {type: 'string'}}})
  const settings = values.smoke ? SMOKE : FULL
  const built = path.join(repo, 'dist/index.js')
  if (!existsSync(built)) throw new Error('The library is not built: run `npm run build` first; the benchmarks measure dist/ and bin/run.js.')
  if (await newerThan(path.join(repo, 'src'), statSync(built).mtimeMs)) progress('warning: src/ has changed since dist/ was built; the figures are of dist/')
  if (!existsSync(path.join(repo, 'oclif.manifest.json'))) progress('warning: no oclif.manifest.json (npm run build writes it); CLI start-up is slower without it')
  const outDir = values.out !== undefined ? path.resolve(values.out) : values.smoke ? mkdtempSync(path.join(os.tmpdir(), 'tama-bench-smoke-')) : path.join(repo, 'bench/results')
  // Loaded only now, so a missing build fails with the message above rather than a module error.
  const {runBenchmarks} = await import('./suite/run-benchmarks.js')
  const report = await runBenchmarks(repo, settings, outDir)
  progress(`wrote ${path.join(outDir, 'latest.md')} in ${report.durationSeconds.toFixed(0)} s`)
  for (const target of report.targets) progress(`${target.status.padEnd(12)} ${target.target}`)
  process.stdout.write(`${outDir}\n`)
}

async function newerThan(dir: string, mtimeMs: number): Promise<boolean> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true})
  return entries.some((entry) => entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > mtimeMs)
}

await main()
