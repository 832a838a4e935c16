/**
 * Ranking on real API descriptions: each catalogue of catalogue-queries.json (a document of
 * bench/adopt-corpus.ts) is adopted, loaded into an in-memory index, and searched with
 * requests written by hand; prints Recall@1/5 and MRR per catalogue, and each miss with
 * --verbose. Not a target: a check on long descriptions and REST-style ids, which the public
 * retrieval sets have few of. Usage: npx tsx bench/retrieval/catalogues.ts [--verbose]
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {adoptFile} from '../../src/core/adopt/index.js'
import {openIndex} from '../../src/core/index/index.js'
import {corpusFile, type CorpusName} from '../adopt-corpus.js'
import {quality} from '../lib/metrics.js'

interface CatalogueQueries {
  readonly catalogues: ReadonlyArray<{readonly name: CorpusName; readonly queries: ReadonlyArray<{readonly query: string; readonly want: string}>}>
}

const here = path.dirname(fileURLToPath(import.meta.url))
const verbose = process.argv.includes('--verbose')
const {catalogues} = JSON.parse(readFileSync(path.join(here, 'catalogue-queries.json'), 'utf8')) as CatalogueQueries

const dir = mkdtempSync(path.join(tmpdir(), 'tama-catalogues-'))
try {
  console.log('catalogue   ops  queries   R@1    R@5    MRR')
  for (const catalogue of catalogues) {
    const adopted = path.join(dir, `${catalogue.name}.json`)
    const result = await adoptFile(corpusFile(catalogue.name), adopted, {defaultScopes: ['bench']})
    const index = openIndex({path: ':memory:'})
    await index.load(JSON.parse(readFileSync(adopted, 'utf8')), {cassette: catalogue.name})
    const ranked = catalogue.queries.map(({query, want}) => {
      const ids = index.search(query, {scopes: ['bench'], limit: 10, schemas: 0}).results.map((hit) => hit.operation_id)
      if (verbose && ids[0] !== want) console.log(`  ${catalogue.name}: "${query}" wants ${want}, ranked ${ids.indexOf(want) + 1 || '>10'}; first ${ids[0] ?? 'none'}`)
      return {relevant: [want], ranked: ids}
    })
    index.close()
    const q = quality(ranked)
    console.log(`${catalogue.name.padEnd(10)} ${String(result.report.operations).padStart(5)} ${String(catalogue.queries.length).padStart(8)}  ${q.recall1.toFixed(3)}  ${q.recall5.toFixed(3)}  ${q.mrr.toFixed(3)}`)
  }
} finally {
  rmSync(dir, {recursive: true, force: true})
}
