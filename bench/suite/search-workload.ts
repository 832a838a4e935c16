import type {OperationRecord} from '../../src/index.js'
import {loadRetrievalSet, SETS} from '../../tools/ranking/retrieval-sets.js'
import {retrievalDir} from '../../tools/ranking/shared-inputs.js'
import {seededRandom} from '../lib/synthetic-catalogue.js'

/** What the search benchmarks search: real operations to recombine, and real user queries. */
export interface SearchWorkload {
  /** The public retrieval sets' operations, the seeds of every synthetic catalogue. */
  readonly seeds: readonly OperationRecord[]
  /** Natural-language queries drawn from the same sets, in a fixed pseudo-random order. */
  readonly queries: readonly string[]
}

/** `count` queries sampled (seeded, so every run searches the same ones) from every set. */
export function loadSearchWorkload(count: number): SearchWorkload {
  const sets = SETS.map((spec) => loadRetrievalSet(retrievalDir(), spec))
  const pool = sets.flatMap((set) => set.queries.map((query) => query.query))
  const random = seededRandom(11)
  return {
    seeds: sets.flatMap((set) => set.records),
    queries: Array.from({length: count}, () => pool[Math.floor(random() * pool.length)]!),
  }
}
