/** Retrieval quality of one ranking method over a query set. */
export interface Quality {
  readonly recall1: number
  readonly recall5: number
  readonly recall10: number
  readonly mrr: number
}

/**
 * Recall@k counts a query as answered when any relevant id is in the top k (the sets'
 * convention: "a hit is any relevant id"); MRR uses the first relevant id's rank.
 */
export function quality(rankings: ReadonlyArray<{ranked: readonly string[]; relevant: readonly string[]}>): Quality {
  return qualityOfRanks(
    rankings.map(({ranked, relevant}) => {
      const wanted = new Set(relevant)
      return ranked.findIndex((id) => wanted.has(id))
    }),
  )
}

/** Recall@1/5/10 and MRR@10 from each query's 0-based rank of its first relevant id (-1 for none). */
export function qualityOfRanks(ranks: readonly number[]): Quality {
  let [r1, r5, r10, rr] = [0, 0, 0, 0]
  for (const rank of ranks) {
    if (rank < 0 || rank >= 10) continue
    if (rank < 1) r1++
    if (rank < 5) r5++
    r10++
    rr += 1 / (rank + 1)
  }
  const n = Math.max(ranks.length, 1)
  return {recall1: r1 / n, recall5: r5 / n, recall10: r10 / n, mrr: rr / n}
}

/** How much of the distance from a baseline to a perfect score a method covers. */
export function gapClosed(ours: number, baseline: number): number {
  return baseline >= 1 ? 0 : (ours - baseline) / (1 - baseline)
}

/** The p-th percentile (0..100) of `values`, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}
