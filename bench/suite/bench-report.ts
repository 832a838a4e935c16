import type {BenchSettings} from './bench-settings.js'
import type {BuildFigures} from './build-bench.js'
import type {ColdStartFigures} from './cold-start-bench.js'
import type {ImportFigures} from './import-bench.js'
import type {McpFigures} from './mcp-bench.js'
import type {RetrievalFigures} from './retrieval-bench.js'
import type {SearchLatencyFigures} from './search-latency-bench.js'
import type {SearchUnderImportFigures} from './search-under-import-bench.js'
import type {TargetResult} from './targets.js'

/** Where and on what the figures were measured: read them only next to this. */
export interface MachineFacts {
  readonly node: string
  readonly platform: string
  readonly cpus: number
  readonly cpuModel: string
  readonly memoryGB: number
  /** 1-minute load average at the start and the end of the run: other work on the machine. */
  readonly loadAverage: {readonly start: number; readonly end: number}
}

/** Everything one run measured: what latest.json holds and latest.md renders. */
export interface BenchReport {
  readonly mode: 'full' | 'smoke'
  /** How many runs and how large: the repetition counts behind every median. */
  readonly settings: BenchSettings
  readonly startedAt: string
  readonly durationSeconds: number
  readonly machine: MachineFacts
  readonly tamaDexVersion: string
  readonly swaggerParserVersion: string
  readonly build: BuildFigures[]
  readonly import: ImportFigures[]
  readonly searchLatency: SearchLatencyFigures[]
  readonly searchUnderImport: SearchUnderImportFigures
  readonly coldStart: ColdStartFigures
  readonly mcp: McpFigures
  readonly retrieval: RetrievalFigures
  readonly targets: TargetResult[]
}
