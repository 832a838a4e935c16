/**
 * How much a search's latency says about operations the caller may not see: the median
 * time of a search for a word only hidden operations hold, against a word nothing holds,
 * at several counts of hidden operations holding it (and, for scale, the same count of
 * visible ones). The figures are quoted in docs/security.md ("Known limits").
 * Usage: npx tsx bench/hidden-row-timing.ts [--runs N] [--counts 100,2000,20000]
 * Needs the built library (npm run build). Prints a Markdown table on stdout.
 */
import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {parseArgs} from 'node:util'

import {openIndex} from '../dist/index.js'

const {values} = parseArgs({options: {runs: {type: 'string', default: '2000'}, counts: {type: 'string', default: '100,2000,20000'}}})
const RUNS = Number(values.runs)
const COUNTS = values.counts.split(',').map(Number)
// Background operations every index holds, visible and hidden, none holding the probe words.
const BACKGROUND = 2_000
const PER_DOCUMENT = 10_000

function document(title: string, count: number, scopes: readonly string[], word: (i: number) => string): Record<string, unknown> {
  const paths: Record<string, unknown> = {}
  for (let i = 0; i < count; i++) {
    paths[`/${title}/${i}`] = {
      get: {operationId: `${title}_${i}`, summary: `Show ${word(i)} record number ${i}`, 'x-tama-scopes': [...scopes], responses: {'200': {description: 'OK'}}},
    }
  }
  return {openapi: '3.1.0', 'x-tama-profile': 'tama-operations/1', info: {title, version: '1.0.0'}, paths}
}

const BACKGROUND_WORDS = ['ledger', 'invoice', 'parcel', 'voucher', 'ticket', 'badge', 'sensor', 'beacon']

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function measure(count: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tama-hidden-timing-'))
  const index = openIndex({path: path.join(dir, 'index.sqlite3')})
  try {
    await index.load(document('open', BACKGROUND, [], (i) => BACKGROUND_WORDS[i % BACKGROUND_WORDS.length]!), {cassette: 'open'})
    await index.load(document('vault', BACKGROUND, ['vault.admin'], (i) => BACKGROUND_WORDS[i % BACKGROUND_WORDS.length]!), {cassette: 'vault'})
    // A document holds at most 10,000 operations (docs/profile.md): larger counts span cassettes.
    for (let part = 0; part * PER_DOCUMENT < count; part++) {
      const size = Math.min(PER_DOCUMENT, count - part * PER_DOCUMENT)
      await index.load(document(`secret${part}`, size, ['vault.admin'], () => 'quokka'), {cassette: `secret${part}`})
      await index.load(document(`public${part}`, size, [], () => 'wombat'), {cassette: `public${part}`})
    }
    const queries = {hidden: 'quokka', absent: 'platypus', visible: 'wombat'}
    const times: Record<string, number[]> = {hidden: [], absent: [], visible: []}
    for (let run = -50; run < RUNS; run++) {
      // Alternate which goes first, so load from elsewhere hits each alike.
      const order = run % 2 === 0 ? (['hidden', 'absent', 'visible'] as const) : (['visible', 'absent', 'hidden'] as const)
      for (const name of order) {
        const started = performance.now()
        index.search(queries[name], {scopes: []})
        if (run >= 0) times[name]!.push((performance.now() - started) * 1000)
      }
    }
    return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]))
  } finally {
    index.close()
    rmSync(dir, {recursive: true, force: true})
  }
}

const rows = ['| operations holding the word | hidden word (µs) | absent word (µs) | hidden − absent (µs) | visible word (µs) |', '|---:|---:|---:|---:|---:|']
for (const count of COUNTS) {
  const m = await measure(count)
  rows.push(`| ${count.toLocaleString('en')} | ${m.hidden!.toFixed(0)} | ${m.absent!.toFixed(0)} | ${(m.hidden! - m.absent!).toFixed(0)} | ${m.visible!.toFixed(0)} |`)
  process.stderr.write(`measured ${count}\n`)
}
process.stdout.write(`Medians of ${RUNS} searches each, caller with no scopes, ${BACKGROUND * 2} background operations, Node ${process.version}, ${os.cpus().length} CPUs.\n\n${rows.join('\n')}\n`)
