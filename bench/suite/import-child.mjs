/**
 * One timed run of `index.import` calls, in a plain Node.js process: the install worker
 * thread then starts exactly as in a host, without the TypeScript loader the benchmark
 * runs under (which every worker would otherwise load too, ~0.1 s each). Plain
 * JavaScript for that reason; it uses the built library.
 * Usage: node bench/suite/import-child.mjs INDEX_FILE copy|rebuild CASSETTE SHA256 [CASSETTE SHA256]...
 * Imports each cassette in turn (pinned in copy mode) and prints the milliseconds taken.
 */
import {performance} from 'node:perf_hooks'

import {openIndex} from '../../dist/core/host-index/index.js'

const [indexFile, mode, ...pairs] = process.argv.slice(2)
const index = openIndex({path: indexFile})
try {
  const started = performance.now()
  for (let i = 0; i < pairs.length; i += 2) {
    const result = await index.import(pairs[i], mode === 'copy' ? {sha256: pairs[i + 1]} : {})
    if (result.mode !== mode) throw new Error(`${pairs[i]} was imported in ${result.mode} mode, not ${mode}`)
  }
  process.stdout.write(String(performance.now() - started))
} finally {
  index.close()
}
