/**
 * Ranking on real API descriptions: each catalogue of catalogue-queries.json (a document of
 * bench/adopt-corpus.ts) is adopted, loaded into an in-memory index, and searched with
 * requests written by hand; prints Recall@1/5 and MRR per catalogue next to the plain BM25
 * of the retrieval benchmark on the same operation text, with the share of the gap to
 * perfect that search closes, and each miss with --verbose. Not a target: a check on long
 * descriptions and REST-style ids, which the public retrieval sets have few of.
 * Usage: npx tsx bench/retrieval/catalogues.ts [--verbose]
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {adoptFile} from '../../src/core/adopt/index.js'
import {openIndex} from '../../src/core/index/index.js'
import {validateDocument} from '../../src/core/profile/index.js'
import {corpusFile, type CorpusName} from '../adopt-corpus.js'
import {gapClosed, quality} from '../lib/metrics.js'
import {PlainBm25, plainText} from '../lib/plain-bm25.js'

/** A request and the operation, or any of the operations, that answers it. */
interface CatalogueQuery {
  readonly query: string
  readonly want: string | readonly string[]
}

interface CatalogueQueries {
  readonly catalogues: ReadonlyArray<{readonly name: CorpusName; readonly queries: readonly CatalogueQuery[]}>
}

const here = path.dirname(fileURLToPath(import.meta.url))
const verbose = process.argv.includes('--verbose')
const {catalogues} = JSON.parse(readFileSync(path.join(here, 'catalogue-queries.json'), 'utf8')) as CatalogueQueries
const figure = (value: number) => value.toFixed(3).padStart(6)

const dir = mkdtempSync(path.join(tmpdir(), 'tama-catalogues-'))
try {
  console.log('catalogue    ops  queries    R@1    R@5    MRR  bm25_R@5  bm25_MRR  gap_R@5  gap_MRR')
  for (const catalogue of catalogues) {
    const adopted = path.join(dir, `${catalogue.name}.json`)
    await adoptFile(await corpusFile(catalogue.name), adopted, {defaultScopes: ['bench']})
    const document: unknown = JSON.parse(readFileSync(adopted, 'utf8'))
    const records = validateDocument(document).operations
    const bm25Index = new PlainBm25(records.map((record) => ({id: record.operationId, text: plainText(record)})))
    const index = openIndex({path: ':memory:'})
    await index.load(document, {cassette: catalogue.name})
    const ours = []
    const bm25 = []
    for (const {query, want} of catalogue.queries) {
      const relevant = typeof want === 'string' ? [want] : [...want]
      const ranked = index.search(query, {scopes: ['bench'], limit: 10, schemas: 0}).results.map((hit) => hit.operation_id)
      const rank = ranked.findIndex((id) => relevant.includes(id))
      if (verbose && rank !== 0) console.log(`  ${catalogue.name}: "${query}" wants ${relevant.join(' or ')}, ranked ${rank + 1 || '>10'}; first ${ranked[0] ?? 'none'}`)
      ours.push({relevant, ranked})
      bm25.push({relevant, ranked: bm25Index.search(query, 10)})
    }
    index.close()
    const q = quality(ours)
    const b = quality(bm25)
    console.log(
      `${catalogue.name.padEnd(10)} ${String(records.length).padStart(5)} ${String(catalogue.queries.length).padStart(8)} ${figure(q.recall1)} ${figure(q.recall5)} ${figure(q.mrr)}    ${figure(b.recall5)}    ${figure(b.mrr)}   ${figure(gapClosed(q.recall5, b.recall5))}   ${figure(gapClosed(q.mrr, b.mrr))}`,
    )
  }
} finally {
  rmSync(dir, {recursive: true, force: true})
}
