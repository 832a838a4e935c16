import {performance} from 'node:perf_hooks'

/** Wall-clock milliseconds `work` takes, with its result. */
export async function timed<T>(work: () => T | Promise<T>): Promise<{ms: number; value: T}> {
  const started = performance.now()
  const value = await work()
  return {ms: performance.now() - started, value}
}
