import type {BuildFigures} from './build-bench.js'
import type {ColdStartFigures} from './cold-start-bench.js'
import type {ImportFigures} from './import-bench.js'
import type {McpFigures} from './mcp-bench.js'
import type {SearchLatencyFigures} from './search-latency-bench.js'
import type {SearchUnderImportFigures} from './search-under-import-bench.js'
import {type Summary, summarise} from './summary.js'

/** One target of issue 8, judged on the median of its runs. */
export interface TargetResult {
  readonly target: string
  readonly limit: number
  readonly comparison: '<=' | '<' | '>='
  readonly unit: 'x' | 'MB' | 'ms'
  /** The figure the target is judged on; null when this run did not measure it (smoke). */
  readonly measured: Summary | null
  readonly status: 'met' | 'missed' | 'not measured'
}

/** Issue 8's search p99 targets, in milliseconds at a catalogue size. */
export const SEARCH_P99_TARGETS = [
  {operations: 10_000, ms: 2},
  {operations: 100_000, ms: 10},
] as const

interface Measured {
  readonly build: readonly BuildFigures[]
  readonly import: readonly ImportFigures[]
  readonly searchLatency: readonly SearchLatencyFigures[]
  readonly searchUnderImport: SearchUnderImportFigures
  readonly coldStart: ColdStartFigures
  readonly mcp: McpFigures
}

/** Each target of issue 8, met or missed. The build targets are on GitHub, else the largest catalogue. */
export function judgeTargets(measured: Measured): TargetResult[] {
  const github = measured.build.find((figures) => figures.name === 'github') ?? [...measured.build].sort((a, b) => b.operations - a.operations)[0]!
  const atSize = (operations: number) => measured.searchLatency.find((figures) => figures.operations === operations)?.p99Ms ?? null
  const all = measured.import.find((figures) => figures.name === 'all')!
  const githubImport = measured.import.find((figures) => figures.name === 'github') ?? measured.import[0]!
  return [
    judge(`\`cassette build\` of ${github.name} takes at most half the time of swagger-parser \`validate()\``, github.timeRatio, '<=', 0.5, 'x'),
    judge(`\`cassette build\` of ${github.name} peaks under 400 MB`, github.cliPeakRssMB, '<', 400, 'MB'),
    judge(`\`cassette build\` of ${github.name} peaks at most 1.5x swagger-parser \`validate()\`'s memory`, github.memoryRatio, '<=', 1.5, 'x'),
    judge('copy-mode import is at least 10x faster than rebuild mode (all catalogues together)', all.speedup, '>=', 10, 'x'),
    judge(`copy-mode import is at least 10x faster than rebuild mode (${githubImport.name})`, githubImport.speedup, '>=', 10, 'x'),
    judge('through the CLI, cold start included: copy-mode import at least 10x faster (all catalogues together)', all.cliSpeedup, '>=', 10, 'x'),
    judge(`through the CLI, cold start included: copy-mode import at least 10x faster (${githubImport.name})`, githubImport.cliSpeedup, '>=', 10, 'x'),
    judge('`tama-dex search` cold start is at most 2.0x `node -e 0`', measured.coldStart.searchRatio, '<=', 2.0, 'x'),
    judge('`tama-dex --version` is at most 1.5x `node -e 0`', measured.coldStart.versionRatio, '<=', 1.5, 'x'),
    judge('`tama-dex mcp` answers `initialize` within 2.5x `node -e 0`', measured.mcp.initializeRatio, '<=', 2.5, 'x'),
    judge(`a search through the MCP v2 client over stdio (${measured.mcp.cassettes.join(' + ')}) is at most 2 ms over the same search in process (p50)`, measured.mcp.overheadMs, '<=', 2, 'ms'),
    ...measured.mcp.http.map(({revision, overheadMs}) =>
      judge(`a search through the MCP v2 client over HTTP on ${revision} (${measured.mcp.cassettes.join(' + ')}) is at most 3 ms over the same search in process (p50)`, overheadMs, '<=', 3, 'ms'),
    ),
    ...measured.mcp.concurrent.flatMap((held) => [
      judge(`${held.callers} HTTP callers on ${held.revision}, ${pacing(held.pace)}, held ${held.heldSeconds} s: no error`, single(held.errors), '<=', 0, 'x'),
      judge(`${held.callers} HTTP callers on ${held.revision}, ${pacing(held.pace)}, held ${held.heldSeconds} s: search p99`, single(held.p99Ms), '<=', 50, 'ms'),
    ]),
    ...SEARCH_P99_TARGETS.map(({operations, ms}) => judge(`search p99 at ${operations / 1000}k operations`, atSize(operations), '<=', ms, 'ms')),
    judge(`search p99 while ${measured.searchUnderImport.importCassette} is imported`, measured.searchUnderImport.busyP99Ms, '<=', 10, 'ms'),
    judge(`search p99 while ${measured.searchUnderImport.importCassette} is imported is at most 3x the idle p99`, measured.searchUnderImport.ratioP99, '<=', 3, 'x'),
  ]
}

/** One figure measured once, as a summary of itself. */
/** How fast each caller searches, in words. */
export function pacing(pace: number | null): string {
  if (pace === null) return 'each searching back to back'
  return `each searching ${pace === 1 ? 'once' : `${pace} times`} a second`
}

function single(value: number): Summary {
  return summarise([value])
}

function judge(target: string, measured: Summary | null, comparison: TargetResult['comparison'], limit: number, unit: TargetResult['unit']): TargetResult {
  if (measured === null) return {target, limit, comparison, unit, measured, status: 'not measured'}
  const value = measured.median
  const met = comparison === '<=' ? value <= limit : comparison === '<' ? value < limit : value >= limit
  return {target, limit, comparison, unit, measured, status: met ? 'met' : 'missed'}
}
