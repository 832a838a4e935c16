/**
 * Adopts the real OpenAPI corpus (tools/ranking/corpus-documents.ts says where it is read from) into profile
 * documents other benchmarks can build cassettes from, and measures it: operations in and
 * out, warnings, time and peak RSS per document. Each document is adopted in a process of
 * its own, so its peak RSS is its own.
 * Usage: npx tsx bench/adopt-corpus.ts [OUT_DIR]   (default bench/.cache/corpus/)
 * Writes OUT_DIR/<name>.json for incus, github, stripe and kubernetes.
 */
import {execFile} from 'node:child_process'
import {mkdir} from 'node:fs/promises'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {performance} from 'node:perf_hooks'
import {promisify} from 'node:util'

import {adoptFile} from '../src/index.js'
import {CORPUS, corpusFile, type CorpusName} from '../tools/ranking/corpus-documents.js'

const here = fileURLToPath(import.meta.url)
const repo = path.resolve(path.dirname(here), '..')

export interface CorpusAdoption {
  readonly name: CorpusName
  /** The adopted profile document. */
  readonly output: string
  readonly operationsIn: number
  readonly operationsOut: number
  readonly warnings: number
  readonly milliseconds: number
  /** Peak resident set size of the process that adopted it (node and tsx included). */
  readonly peakRssMiB: number
}

export const DEFAULT_OUT_DIR = path.join(repo, 'bench/.cache/corpus')

/** Adopts every corpus document into `outDir`, one child process each, in CORPUS order. */
export async function adoptCorpus(outDir: string = DEFAULT_OUT_DIR): Promise<CorpusAdoption[]> {
  await mkdir(outDir, {recursive: true})
  const results: CorpusAdoption[] = []
  for (const {name} of CORPUS) {
    const {stdout} = await promisify(execFile)(process.execPath, [...process.execArgv, here, '--one', name, outDir], {maxBuffer: 1 << 20})
    results.push(JSON.parse(stdout) as CorpusAdoption)
  }
  return results
}

async function adoptOne(name: CorpusName, outDir: string): Promise<CorpusAdoption> {
  const output = path.join(outDir, `${name}.json`)
  const started = performance.now()
  const {report, warnings} = await adoptFile(await corpusFile(name), output, {readScopes: [`${name}.read`], writeScopes: [`${name}.write`]})
  return {
    name,
    output,
    operationsIn: report.operationsIn,
    operationsOut: report.operations,
    warnings: warnings.length,
    milliseconds: Math.round(performance.now() - started),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  if (args[0] === '--one') {
    process.stdout.write(JSON.stringify(await adoptOne(args[1] as CorpusName, args[2]!)))
    return
  }
  const results = await adoptCorpus(args[0] === undefined ? DEFAULT_OUT_DIR : path.resolve(args[0]))
  console.log('document     ops in  ops out  warnings     time  peak RSS')
  for (const r of results) {
    console.log(
      `${r.name.padEnd(11)} ${String(r.operationsIn).padStart(7)} ${String(r.operationsOut).padStart(8)} ${String(r.warnings).padStart(9)} ` +
        `${`${r.milliseconds} ms`.padStart(8)} ${`${r.peakRssMiB} MiB`.padStart(9)}`,
    )
  }
  if (results.some((r) => r.operationsOut !== r.operationsIn)) process.exitCode = 1
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === here) await main()
