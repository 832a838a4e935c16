import {stat} from 'node:fs/promises'
import path from 'node:path'

import SwaggerParser from '@apidevtools/swagger-parser'

import {buildCassette, type BuiltCassette, readDocumentInputs} from '../../dist/internal.js'
import type {BenchSettings} from './bench-settings.js'
import type {Catalogue} from './catalogues.js'
import {runNode} from './child-process.js'
import {progress} from './progress.js'
import {pairedRatios, summarise, type Summary} from './summary.js'
import {timed} from './timing.js'

/** A built cassette the later benchmarks import. */
export interface BuiltCatalogue {
  readonly name: string
  readonly cassette: string
  readonly sha256: string
  readonly operations: number
}

export interface BuildFigures {
  readonly name: string
  readonly operations: number
  readonly documentBytes: number
  readonly cassetteBytes: number
  /** `readDocumentInputs` + `buildCassette`, in process: what `cassette build` does. */
  readonly buildMs: Summary
  readonly operationsPerSecond: number
  /** `SwaggerParser.validate(file)` in process: reads, parses, dereferences and validates. */
  readonly validateMs: Summary
  /** Whether swagger-parser accepted the document. */
  readonly validateAccepted: boolean
  /** buildMs / validateMs, run by run. */
  readonly timeRatio: Summary
  /** `node bin/run.js cassette build ...`, a fresh process each run: peak RSS and wall time. */
  readonly cliPeakRssMB: Summary
  readonly cliWallMs: Summary
  /** A fresh `node` process that imports swagger-parser and calls validate() on the file. */
  readonly validatePeakRssMB: Summary
  /** cliPeakRssMB / validatePeakRssMB, run by run. */
  readonly memoryRatio: Summary
}

const VERSION = '1.0.0'
// The peer in a child of its own: plain node, the library, one validate() call. A rejected
// document still shows what validate() costs (acceptance is reported from the in-process runs).
const VALIDATE_SCRIPT = "import SwaggerParser from '@apidevtools/swagger-parser'; await SwaggerParser.validate(process.argv[1]).catch(() => {})"

/**
 * `cassette build` of each catalogue against swagger-parser's validate() of the same
 * document: wall time in process (the two alternate, run by run), then peak memory and
 * wall time each in fresh child processes.
 */
export async function benchBuild(repo: string, catalogues: readonly Catalogue[], workDir: string, settings: BenchSettings): Promise<{figures: BuildFigures[]; built: BuiltCatalogue[]}> {
  // One unmeasured round on the first (smallest) document loads and compiles both libraries.
  const first = catalogues[0]!
  await build(first, path.join(workDir, 'warm-up.tama-cassette'))
  await validate(first.document)
  const figures: BuildFigures[] = []
  const built: BuiltCatalogue[] = []
  for (const catalogue of catalogues) {
    const output = path.join(workDir, `${catalogue.name}.tama-cassette`)
    const buildMs: number[] = []
    const validateMs: number[] = []
    let accepted = true
    let result: BuiltCassette | undefined
    for (let run = 0; run < settings.buildRuns; run++) {
      progress(`build ${catalogue.name}: in-process run ${run + 1}/${settings.buildRuns}`)
      // Alternate which goes first, so neither always runs on the other's garbage.
      const ours = async () => {
        const {ms, value} = await timed(() => build(catalogue, output))
        buildMs.push(ms)
        result = value
      }
      const theirs = async () => {
        const {ms, value} = await timed(() => validate(catalogue.document))
        validateMs.push(ms)
        accepted &&= value
      }
      if (run % 2 === 0) await ours().then(theirs)
      else await theirs().then(ours)
    }
    const cliPeak: number[] = []
    const cliWall: number[] = []
    const validatePeak: number[] = []
    for (let run = 0; run < settings.memoryRuns; run++) {
      progress(`build ${catalogue.name}: child-process run ${run + 1}/${settings.memoryRuns}`)
      const cli = await runNode(['bin/run.js', 'cassette', 'build', '--name', catalogue.name, '--version', VERSION, '--document', catalogue.document, '--output', output], {cwd: repo, peakRss: true})
      cliPeak.push(cli.peakRssMB)
      cliWall.push(cli.wallMs)
      validatePeak.push((await runNode(['--input-type=module', '-e', VALIDATE_SCRIPT, catalogue.document], {cwd: repo, peakRss: true})).peakRssMB)
    }
    const {operations, sha256} = result!
    const buildSummary = summarise(buildMs)
    figures.push({
      name: catalogue.name,
      operations,
      documentBytes: (await stat(catalogue.document)).size,
      cassetteBytes: (await stat(output)).size,
      buildMs: buildSummary,
      operationsPerSecond: operations / (buildSummary.median / 1000),
      validateMs: summarise(validateMs),
      validateAccepted: accepted,
      timeRatio: pairedRatios(buildMs, validateMs),
      cliPeakRssMB: summarise(cliPeak),
      cliWallMs: summarise(cliWall),
      validatePeakRssMB: summarise(validatePeak),
      memoryRatio: pairedRatios(cliPeak, validatePeak),
    })
    built.push({name: catalogue.name, cassette: output, sha256, operations})
  }
  return {figures, built}
}

async function build(catalogue: Catalogue, output: string): Promise<BuiltCassette> {
  const documents = await readDocumentInputs([catalogue.document])
  return buildCassette({name: catalogue.name, version: VERSION, documents}, output)
}

async function validate(file: string): Promise<boolean> {
  try {
    await SwaggerParser.validate(file)
    return true
  } catch {
    return false
  }
}
