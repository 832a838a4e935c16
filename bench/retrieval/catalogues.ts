/**
 * Ranking on real API descriptions: each catalogue of tools/ranking/catalogue-queries.json
 * (a document of tools/ranking/corpus-documents.ts) is adopted, loaded into an in-memory index, and searched with
 * requests written by hand; then all four in one index (the pooled check: a request must
 * find its own catalogue's operation among the others'); then both again with the
 * keywords of catalogue-keywords.json. Prints Recall@1/5 and MRR next to the plain BM25 of
 * the retrieval benchmark on the same operation text, with the share of the gap to
 * perfect that search closes, and each miss with --verbose.
 * Usage: npx tsx bench/retrieval/catalogues.ts [--verbose]
 */
import {readFileSync} from 'node:fs'

import {openRecordIndex, searchOperations} from '../../src/internal.js'
import {gapClosed, quality} from '../../tools/ranking/metrics.js'
import {catalogueSets, joined, plainBm25Rankings, type CatalogueKeywords, type TrainingSet} from '../../tools/ranking/training-sets.js'

const verbose = process.argv.includes('--verbose')
const figure = (value: number) => value.toFixed(3).padStart(6)
const keywords = (JSON.parse(readFileSync(new URL('catalogue-keywords.json', import.meta.url), 'utf8')) as {catalogues: CatalogueKeywords}).catalogues

function report(set: TrainingSet, label: string): void {
  const db = openRecordIndex(set.cassettes)
  const ours = set.queries.map(({query, relevant}) => {
    const ranked = searchOperations(db, query, {scopes: ['bench'], limit: 10, schemas: 0}).results.map((hit) => `${hit.cassette}:${hit.operation_id}`)
    const rank = ranked.findIndex((id) => relevant.includes(id))
    if (verbose && rank !== 0) console.log(`  ${label}: "${query}" wants ${relevant.join(' or ')}, ranked ${rank + 1 || '>10'}; first ${ranked[0] ?? 'none'}`)
    return {relevant, ranked}
  })
  db.close()
  const q = quality(ours)
  const b = quality(plainBm25Rankings(set))
  const operations = [...set.cassettes.values()].reduce((sum, records) => sum + records.length, 0)
  console.log(
    `${label.padEnd(20)} ${String(operations).padStart(5)} ${String(set.queries.length).padStart(8)} ${figure(q.recall1)} ${figure(q.recall5)} ${figure(q.mrr)}    ${figure(b.recall5)}    ${figure(b.mrr)}   ${figure(gapClosed(q.recall5, b.recall5))}   ${figure(gapClosed(q.mrr, b.mrr))}`,
  )
}

console.log('catalogue              ops  queries    R@1    R@5    MRR  bm25_R@5  bm25_MRR  gap_R@5  gap_MRR')
for (const withKeywords of [false, true]) {
  const sets = await catalogueSets(withKeywords ? keywords : {})
  const suffix = withKeywords ? '+keywords' : ''
  for (const set of sets) report(set, `${set.name}${suffix}`)
  report(joined('pooled', sets), `pooled${suffix}`)
}
