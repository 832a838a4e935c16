import {performance} from 'node:perf_hooks'

const started = performance.now()

/** A progress line on stderr, stamped with the seconds since the benchmark started. */
export function progress(message: string): void {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`)
}
