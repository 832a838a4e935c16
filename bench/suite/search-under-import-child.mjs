/**
 * Search latency while a cassette is imported into the same index, in a plain Node.js
 * process: the install worker thread then starts exactly as in a host, without the
 * TypeScript loader the benchmark runs under. Plain JavaScript for that reason; it uses
 * the built library.
 * Usage: node bench/suite/search-under-import-child.mjs WORKLOAD_JSON
 *   WORKLOAD_JSON: {index, cassette, name, runs, queries, scopes}; the index already holds
 *   the operations to search, and not the cassette.
 * Each run searches every query once with nothing importing (idle), then keeps searching
 * while `index.import(cassette)` runs (busy), then removes the cassette again. Prints
 * {runs: [{idle, busy, importMs}]}, latencies in milliseconds.
 */
import {readFileSync} from 'node:fs'
import {performance} from 'node:perf_hooks'
import {setImmediate as yieldToEvents} from 'node:timers/promises'

import {openIndex} from '../../dist/index.js'

const {index: indexFile, cassette, name, runs, queries, scopes} = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const index = openIndex({path: indexFile})
let next = 0
// One search, timed; then a turn of the event loop, as a server answering requests takes.
async function search() {
  const started = performance.now()
  index.search(queries[next++ % queries.length], {scopes, limit: 10})
  const ms = performance.now() - started
  await yieldToEvents()
  return ms
}
try {
  const results = []
  for (let run = 0; run < runs; run++) {
    const idle = []
    for (let i = 0; i < queries.length; i++) idle.push(await search())
    const busy = []
    let done = false
    const started = performance.now()
    const install = index.import(cassette).finally(() => (done = true))
    while (!done) busy.push(await search())
    await install
    const importMs = performance.now() - started
    await index.remove(name)
    results.push({idle, busy, importMs})
  }
  process.stdout.write(JSON.stringify({runs: results}))
} finally {
  index.close()
}
