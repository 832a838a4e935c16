import type {OperationRecord} from '../../src/index.js'
import {words} from '../../src/internal.js'

/**
 * The reference ranking the benchmark compares against: textbook Okapi BM25 (k1 1.2,
 * b 0.75) over one bag of words per operation, identifiers split, no stemming, no stop
 * words, no field weights.
 */
export class PlainBm25 {
  private readonly postings = new Map<string, Array<{doc: number; tf: number}>>()
  private readonly lengths: number[] = []
  private readonly ids: string[] = []
  private averageLength = 0

  constructor(documents: ReadonlyArray<{id: string; text: string}>, private readonly k1 = 1.2, private readonly b = 0.75) {
    for (const {id, text} of documents) {
      const doc = this.ids.push(id) - 1
      const tokens = words(text)
      this.lengths.push(tokens.length)
      const counts = new Map<string, number>()
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1)
      for (const [token, tf] of counts) {
        let list = this.postings.get(token)
        if (list === undefined) this.postings.set(token, (list = []))
        list.push({doc, tf})
      }
    }
    this.averageLength = this.lengths.reduce((sum, n) => sum + n, 0) / Math.max(this.lengths.length, 1)
  }

  /** The ids of the best `limit` documents for `query`, ties in corpus order. */
  search(query: string, limit: number): string[] {
    const scores = new Map<number, number>()
    const n = this.ids.length
    for (const term of new Set(words(query))) {
      const list = this.postings.get(term)
      if (list === undefined) continue
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5))
      for (const {doc, tf} of list) {
        const norm = tf + this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / this.averageLength)
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (this.k1 + 1)) / norm)
      }
    }
    return [...scores]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, limit)
      .map(([doc]) => this.ids[doc]!)
  }
}

/**
 * The text the reference BM25 indexes for an operation: its id, summary, description, tags
 * and input field names, as one bag of words. A summary that only repeats the description's
 * start or the id (the public sets derive it so) is not counted twice.
 */
export function plainText(record: OperationRecord): string {
  const fields = Object.keys((record.inputSchema as {properties?: object}).properties ?? {})
  const summary = record.description.startsWith(record.summary) || record.summary === record.operationId ? [] : [record.summary]
  return [record.operationId, ...summary, record.description, ...record.tags, ...fields].join(' ')
}
