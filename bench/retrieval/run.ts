/**
 * Retrieval benchmark: quality of tama-dex search on the public retrieval sets next to a
 * plain BM25 and MiniSearch, and search latency at 1k, 10k and 100k operations next to a
 * raw FTS5 query, and the confidence model's held-out figures from its training run. Usage: npx tsx bench/retrieval/run.ts [--quick] [--latency-only | --quality-only]
 * Sets are read from where tools/ranking/shared-inputs.ts says; results are printed and
 * written to bench/results/retrieval.json (not with --latency-only, which measures latency
 * alone, nor with --quality-only, which skips latency; both only print).
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {cpus, loadavg, tmpdir} from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {performance} from 'node:perf_hooks'
import {GCProfiler} from 'node:v8'

import MiniSearch from 'minisearch'

import type {OperationRecord} from '../../src/index.js'
import {compactSearchIndex, createOperationTables, insertOperations, openDatabase as openSqlite, searchOperations, type SqliteDatabase, words} from '../../src/internal.js'
import {gapClosed, median, percentile, quality, type Quality} from '../../tools/ranking/metrics.js'
import type {Separation} from '../../tools/ranking/fit-confidence.js'
import {PlainBm25, plainText} from '../../tools/ranking/plain-bm25.js'
import {loadRetrievalSet, SETS, type RetrievalSet} from '../../tools/ranking/retrieval-sets.js'
import {retrievalDir} from '../../tools/ranking/shared-inputs.js'
import {callerScopes, seededRandom, syntheticCatalogue} from '../lib/synthetic-catalogue.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const quick = process.argv.includes('--quick')
const latencyOnly = process.argv.includes('--latency-only')
const qualityOnly = process.argv.includes('--quality-only')
if (latencyOnly && qualityOnly) throw new Error('--latency-only and --quality-only exclude each other')
const root = retrievalDir()

/** Quick mode: a few hundred queries over all sets and latency at 1k operations only. */
const QUICK_QUERIES_PER_SET = 100
const SIZES = quick ? [1_000] : [1_000, 10_000, 100_000]
const LATENCY_QUERIES = quick ? 100 : 400
const LATENCY_RUNS = quick ? 1 : 3

function openDatabase(file = ':memory:'): SqliteDatabase {
  const db = openSqlite(file)
  if (file !== ':memory:') db.pragma('journal_mode = WAL')
  createOperationTables(db)
  return db
}

interface SetResult {
  set: string
  operations: number
  queries: number
  ours: Quality
  bm25: Quality
  minisearch: Quality
  gap_closed: {recall5: number; mrr: number}
}

function evaluateSet(set: RetrievalSet): SetResult {
  const db = openDatabase()
  db.transaction(() => insertOperations(db, set.cassette, set.records))()
  const ours = quality(
    set.queries.map(({query, relevant}) => ({
      relevant,
      ranked: searchOperations(db, query, {scopes: [], limit: 10, schemas: 0}).results.map((hit) => hit.operation_id),
    })),
  )
  db.close()
  const bm25Index = new PlainBm25(set.records.map((record) => ({id: record.operationId, text: plainText(record)})))
  const bm25 = quality(set.queries.map(({query, relevant}) => ({relevant, ranked: bm25Index.search(query, 10)})))
  // MiniSearch gets the text plain BM25 gets, field by field (the id's camelCase words split:
  // its tokenizer splits only at spaces and punctuation), with its default configuration.
  const mini = new MiniSearch<{id: string; name: string; summary: string; description: string; tags: string; fields: string}>({
    fields: ['name', 'summary', 'description', 'tags', 'fields'],
  })
  mini.addAll(
    set.records.map((record) => ({
      id: record.operationId,
      name: record.operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2'),
      summary: record.summary,
      description: record.description,
      tags: record.tags.join(' '),
      fields: Object.keys((record.inputSchema as {properties: object}).properties).join(' '),
    })),
  )
  const minisearch = quality(set.queries.map(({query, relevant}) => ({relevant, ranked: mini.search(query).slice(0, 10).map((r) => String(r.id))})))
  return {
    set: set.name,
    operations: set.records.length,
    queries: set.queries.length,
    ours,
    bm25,
    minisearch,
    gap_closed: {recall5: gapClosed(ours.recall5, bm25.recall5), mrr: gapClosed(ours.mrr, bm25.mrr)},
  }
}

interface LatencyResult {
  operations: number
  insert_ms: number
  p50_ms: number
  p99_ms: number
  cpu_p50_ms: number
  cpu_p99_ms: number
  raw_fts_p50_ms: number
  raw_fts_p99_ms: number
  /** Young-generation collections during one pass of our searches: each lands in one search, so more than 1% of the queries sets the p99. */
  scavenges_per_pass: number
  ratio_p50: number
  ratio_p99: number
}

// The plain FTS5 query a naive store would run: every query word ORed, ranked by bm25.
const RAW_FTS = 'SELECT rowid FROM operations_fts WHERE operations_fts MATCH ? ORDER BY rank LIMIT 10'

function measureLatency(real: readonly OperationRecord[], queries: readonly string[], size: number): LatencyResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'tama-bench-'))
  try {
    const db = openDatabase(path.join(dir, 'index.db'))
    const catalogue = syntheticCatalogue(real, size)
    const started = performance.now()
    db.transaction(() => {
      for (const [cassette, records] of catalogue) insertOperations(db, cassette, records)
      // As an install does before it commits.
      compactSearchIndex(db)
    })()
    const insertMs = performance.now() - started
    const scopes = callerScopes([...catalogue.keys()])
    const raw = db.prepare(RAW_FTS)
    const rawMatch = queries.map((query) => [...new Set(words(query))].slice(0, 32).map((w) => `"${w}"`).join(' OR '))
    const runs: Array<{p50: number; p99: number; cpuP50: number; cpuP99: number; rawP50: number; rawP99: number; scavenges: number}> = []
    // One unmeasured pass first, so the figures are of compiled code and warm caches.
    for (const query of queries) searchOperations(db, query, {scopes, limit: 10})
    for (let run = 0; run < LATENCY_RUNS; run++) {
      const ours: number[] = []
      const cpu: number[] = []
      const plain: number[] = []
      // Each in its own pass, so neither runs on caches the other just churned.
      const gc = new GCProfiler()
      gc.start()
      for (const query of queries) {
        const cpuStart = process.cpuUsage()
        const t = performance.now()
        searchOperations(db, query, {scopes, limit: 10})
        ours.push(performance.now() - t)
        const used = process.cpuUsage(cpuStart)
        cpu.push((used.user + used.system) / 1000)
      }
      const scavenges = gc.stop().statistics.filter((entry) => entry.gcType === 'Scavenge').length
      for (const match of rawMatch) {
        const t = performance.now()
        raw.all(match)
        plain.push(performance.now() - t)
      }
      runs.push({
        p50: percentile(ours, 50),
        p99: percentile(ours, 99),
        cpuP50: percentile(cpu, 50),
        cpuP99: percentile(cpu, 99),
        rawP50: percentile(plain, 50),
        rawP99: percentile(plain, 99),
        scavenges,
      })
    }
    db.close()
    const p50 = median(runs.map((r) => r.p50))
    const p99 = median(runs.map((r) => r.p99))
    const rawP50 = median(runs.map((r) => r.rawP50))
    const rawP99 = median(runs.map((r) => r.rawP99))
    const cpuP50 = median(runs.map((r) => r.cpuP50))
    const cpuP99 = median(runs.map((r) => r.cpuP99))
    const scavenges = median(runs.map((r) => r.scavenges))
    return {operations: size, insert_ms: insertMs, p50_ms: p50, p99_ms: p99, cpu_p50_ms: cpuP50, cpu_p99_ms: cpuP99, raw_fts_p50_ms: rawP50, raw_fts_p99_ms: rawP99, scavenges_per_pass: scavenges, ratio_p50: p50 / rawP50, ratio_p99: p99 / rawP99}
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

const f3 = (n: number) => n.toFixed(3)

/**
 * The confidence model's held-out figures, as the training run that fitted the shipped
 * model measured them (each set searched with and without its answers, which needs the
 * ranking refitted without it): read from bench/results/retrieval-training.json.
 */
function printConfidence(): void {
  const file = path.join(repo, 'bench/results/retrieval-training.json')
  if (!existsSync(file)) return
  const {confidence} = JSON.parse(readFileSync(file, 'utf8')) as {confidence?: Record<string, {answerable: number; nothingFits: number; confidence: Separation; topScore: Separation}>}
  if (confidence === undefined) return
  console.log('\nConfidence, held out (npm run train:ranking); kept: answerable, answer in the top 5, not none; flagged: nothing fits, none; precision: none, nothing fits')
  console.log('set                          answerable nothing  AUROC  kept   flagged  precision  top_score_AUROC kept  flagged  precision')
  for (const [set, row] of Object.entries(confidence)) {
    const {confidence: c, topScore: t} = row
    console.log(`${set.padEnd(28)} ${String(row.answerable).padStart(10)} ${String(row.nothingFits).padStart(7)}  ${f3(c.auroc)}  ${f3(c.kept)}  ${f3(c.flagged)}  ${f3(c.precision)}      ${f3(t.auroc)}           ${f3(t.kept)}  ${f3(t.flagged)}  ${f3(t.precision)}`)
  }
}

function main(): void {
  const sets = SETS.map((spec) => loadRetrievalSet(root, spec, quick ? QUICK_QUERIES_PER_SET : undefined))
  const quality: SetResult[] = latencyOnly ? [] : sets.map(evaluateSet)
  if (!latencyOnly) {
    console.log(`Retrieval quality${quick ? ' (quick)' : ''}: ours | plain BM25 | MiniSearch; gap closed = (ours - bm25) / (1 - bm25)`)
    console.log('set              ops   queries  method      R@1    R@5    R@10   MRR')
  }
  for (const r of quality) {
    for (const [method, q] of [['ours', r.ours], ['bm25', r.bm25], ['minisearch', r.minisearch]] as const) {
      console.log(`${r.set.padEnd(16)} ${String(r.operations).padStart(5)} ${String(r.queries).padStart(7)}  ${method.padEnd(10)} ${f3(q.recall1)}  ${f3(q.recall5)}  ${f3(q.recall10)}  ${f3(q.mrr)}`)
    }
    console.log(`${r.set.padEnd(16)} gap closed: Recall@5 ${f3(r.gap_closed.recall5)}, MRR ${f3(r.gap_closed.mrr)}`)
  }
  if (!latencyOnly) printConfidence()
  // Quality alone is not written: retrieval.json always pairs it with latency.
  if (qualityOnly) return

  const real = sets.flatMap((set) => set.records)
  const random = seededRandom(11)
  const pool = sets.flatMap((set) => set.queries.map((q) => q.query))
  const queries = Array.from({length: LATENCY_QUERIES}, () => pool[Math.floor(random() * pool.length)]!)
  const latency = SIZES.map((size) => measureLatency(real, queries, size))
  const load = loadavg().map((n) => n.toFixed(2)).join(' ')
  console.log(`\nSearch latency (in process, scopes applied, ${LATENCY_QUERIES} queries, median of ${LATENCY_RUNS} runs; ${cpus().length} CPUs, load average ${load})`)
  console.log('operations  insert_ms   p50_ms   p99_ms  cpu_p50  cpu_p99  raw_fts_p50  raw_fts_p99  ratio_p50  ratio_p99  scavenges')
  const pad = (n: number, width: number) => f3(n).padStart(width)
  for (const l of latency) {
    console.log(
      `${String(l.operations).padStart(10)}  ${l.insert_ms.toFixed(0).padStart(9)}  ${pad(l.p50_ms, 7)}  ${pad(l.p99_ms, 7)}  ${pad(l.cpu_p50_ms, 7)}  ${pad(l.cpu_p99_ms, 7)}  ${pad(l.raw_fts_p50_ms, 11)}  ${pad(l.raw_fts_p99_ms, 11)}  ${l.ratio_p50.toFixed(2).padStart(9)}  ${l.ratio_p99.toFixed(2).padStart(9)}  ${String(l.scavenges_per_pass).padStart(9)}`,
    )
  }
  if (latencyOnly) return
  mkdirSync(path.join(repo, 'bench/results'), {recursive: true})
  const out = path.join(repo, 'bench/results/retrieval.json')
  writeFileSync(out, `${JSON.stringify({quick, node: process.version, cpus: cpus().length, load_average: loadavg(), quality, latency}, null, 2)}\n`)
  console.log(`\nWrote ${path.relative(repo, out)}`)
}

main()
