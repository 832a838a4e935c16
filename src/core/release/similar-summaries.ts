import type {OperationRecord} from '../profile/index.js'
import {STOP_WORDS, stem, words} from '../search/index.js'
import {compareCodeUnits} from '../text/index.js'
import type {SummaryGroup} from './lint-types.js'

/** Summaries whose word sets overlap at least this much (Jaccard) are indistinguishable. */
const SIMILARITY = 0.9

/**
 * Groups of operations whose summaries are the same or nearly so, compared as sets of
 * the stemmed content words search sees ("List the instances" = "List instances"), so
 * an agent searching for one cannot tell it from the others. Largest groups first, then
 * in operationId order, members in operationId order; operations without a summary are
 * left out.
 */
export function similarSummaries(records: readonly OperationRecord[]): SummaryGroup[] {
  // Operations with the same word set share one entry, so pairs are compared once per set.
  const bySet = new Map<string, {terms: Set<string>; records: OperationRecord[]}>()
  for (const record of records) {
    const terms = summaryTerms(record.summary)
    if (terms.size === 0) continue
    const key = [...terms].sort().join(' ')
    const entry = bySet.get(key) ?? {terms, records: []}
    entry.records.push(record)
    bySet.set(key, entry)
  }
  const sets = [...bySet.values()]
  const groups = new UnionFind(sets.length)
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      if (jaccard(sets[i]!.terms, sets[j]!.terms) >= SIMILARITY) groups.union(i, j)
    }
  }
  const members = new Map<number, OperationRecord[]>()
  for (const [index, entry] of sets.entries()) {
    const root = groups.find(index)
    members.set(root, [...(members.get(root) ?? []), ...entry.records])
  }
  return [...members.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort((a, b) => compareCodeUnits(a.operationId, b.operationId)))
    .map((group) => ({operations: group.map((record) => record.operationId), summary: group[0]!.summary}))
    .sort((a, b) => b.operations.length - a.operations.length || compareCodeUnits(a.operations[0]!, b.operations[0]!))
}

function summaryTerms(summary: string): Set<string> {
  const all = words(summary)
  const content = all.filter((word) => !STOP_WORDS.has(word))
  return new Set((content.length > 0 ? content : all).map(stem))
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  // Sets of very different sizes cannot reach the threshold: skip counting.
  if (Math.min(a.size, b.size) / Math.max(a.size, b.size) < SIMILARITY) return 0
  let shared = 0
  for (const term of a) if (b.has(term)) shared++
  return shared / (a.size + b.size - shared)
}

class UnionFind {
  private readonly parent: number[]

  constructor(size: number) {
    this.parent = Array.from({length: size}, (_, index) => index)
  }

  find(index: number): number {
    let root = index
    while (this.parent[root] !== root) root = this.parent[root]!
    this.parent[index] = root
    return root
  }

  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b)
  }
}
