/**
 * One timed run of `index.import` calls, in a plain Node.js process: an install's worker
 * thread then starts exactly as in a host, without the TypeScript loader the benchmark
 * runs under (which every worker would otherwise load too, ~0.1 s each). Plain
 * JavaScript for that reason; it uses the built library.
 * Usage: node bench/suite/import-child.mjs INDEX_FILE copy|rebuild|halves CASSETTE SHA256 [CASSETTE SHA256]...
 * Imports each cassette in turn (pinned in copy mode) and prints the milliseconds taken.
 * `halves` times a pinned copy's two halves apart and prints them as JSON {checkMs, writeMs}:
 * reading each cassette, hashing and checking it (planCopy), then committing its checked
 * plan, as the library's copy does. The install's modules load before either is timed.
 */
import {performance} from 'node:perf_hooks'

import {openIndex} from '../../dist/index.js'

const [indexFile, mode, ...pairs] = process.argv.slice(2)
const index = openIndex({path: indexFile})
try {
  process.stdout.write(mode === 'halves' ? JSON.stringify(await timeHalves()) : String(await timeImports()))
} finally {
  index.close()
}

async function timeImports() {
  const started = performance.now()
  for (let i = 0; i < pairs.length; i += 2) {
    const result = await index.import(pairs[i], mode === 'copy' ? {sha256: pairs[i + 1]} : {})
    if (result.mode !== mode) throw new Error(`${pairs[i]} was imported in ${result.mode} mode, not ${mode}`)
  }
  return performance.now() - started
}

// The install's modules load inside the timed import as in a host, so only `halves` loads them beforehand.
async function timeHalves() {
  const {commitInstall, planCopy, findInstalled, openCopyConnection} = await import('../../dist/internal.js')
  // The connection the library's copy writes through, set as it sets it.
  const db = openCopyConnection(indexFile)
  try {
    let checkMs = 0
    let writeMs = 0
    for (let i = 0; i < pairs.length; i += 2) {
      const planned = performance.now()
      const plan = await planCopy({kind: 'import', file: pairs[i], sha256: pairs[i + 1]}, (name) => findInstalled(db, name), () => {})
      if (plan === undefined) throw new Error(`${pairs[i]} cannot be copied`)
      const started = performance.now()
      checkMs += started - planned
      commitInstall(db, plan)
      writeMs += performance.now() - started
    }
    return {checkMs, writeMs}
  } finally {
    db.close()
  }
}
