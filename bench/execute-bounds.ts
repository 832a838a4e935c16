/**
 * Times the costliest inputs of test/reliability/costly-inputs.ts: the median of several
 * runs of execute per input, from the call to the executor's answer, against the worst
 * case docs/execute.md#input-limits documents.
 * Usage: npx tsx bench/execute-bounds.ts [--runs N] [--only WORDS]
 */
import {parseArgs} from 'node:util'

import {executeOperation} from '../src/index.js'
import {FakeCatalog} from '../test/core/execute/fake-catalog.js'
import {COSTLY, ok, records} from '../test/reliability/costly-inputs.js'

/** The documented worst case of checking one input, in milliseconds. */
const WORST_CASE_MS = 250

const {values} = parseArgs({options: {runs: {type: 'string', default: '9'}, only: {type: 'string', default: ''}}})
const runs = Number(values.runs)
let worst = 0
for (const {name, body, schemas, input} of COSTLY.filter(({name}) => name.includes(values.only))) {
  const catalog = new FakeCatalog({bounds: records(body, {schemas})})
  const value = input()
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    await executeOperation(catalog, 'bounds', 'op', value, {scopes: [], executors: {bounds: ok}}).catch(() => undefined)
    times.push(performance.now() - started)
  }
  const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
  worst = Math.max(worst, median)
  console.log(`${median.toFixed(1).padStart(8)} ms  ${name}`)
}
console.log(`slowest median ${worst.toFixed(1)} ms; documented worst case ${WORST_CASE_MS} ms: ${worst < WORST_CASE_MS ? 'within' : 'OVER'}`)
process.exitCode = worst < WORST_CASE_MS ? 0 : 1
