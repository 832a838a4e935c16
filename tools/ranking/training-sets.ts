/**
 * The labelled sets ranking is fitted and judged on: the public retrieval sets
 * (../shared/retrieval) and the four real catalogues with the requests of
 * catalogue-queries.json, each as cassettes of operation records and queries whose
 * relevant operations are `cassette:operation_id` keys; and their candidate pools, which
 * is what the fitting reads.
 */
import {createHash} from 'node:crypto'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {adoptFile, type OperationRecord, validateDocument} from '../../src/index.js'
import {FEATURE_NAMES, openRecordIndex, type QueryCoverage, rankCandidates} from '../../src/internal.js'
import {CORPUS, corpusFile, type CorpusName} from './corpus-documents.js'
import {PlainBm25, plainText} from './plain-bm25.js'
import {jsonLines, loadRetrievalSet, SETS} from './retrieval-sets.js'
import {trainingRetrievalDir} from './shared-inputs.js'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The folder of the full public sets, or an error saying where training looked and what to do. */
function retrievalRoot(): string {
  const root = trainingRetrievalDir()
  if (root !== undefined && existsSync(root)) return root
  throw new Error(
    `the full public retrieval sets are not at ${root ?? '../shared/retrieval (hidden or missing)'}: ` +
      'put them in ../shared/retrieval beside the checkout, or name their folder with TAMA_TRAINING_SETS_DIR or TAMA_RETRIEVAL_DIR',
  )
}

interface LabelledQuery {
  readonly query: string
  /** `cassette:operation_id` of every operation that answers it. */
  readonly relevant: readonly string[]
}

export interface TrainingSet {
  readonly name: string
  readonly cassettes: ReadonlyMap<string, readonly OperationRecord[]>
  readonly queries: readonly LabelledQuery[]
  /**
   * Each operation's domain (`cassette:operation_id` to the category its set files it under),
   * where the set records one: the widest grouping it has, which confidencePools parts by.
   */
  readonly domains?: ReadonlyMap<string, string>
}

/** One query's candidates as the fitting reads them: each feature's values (FEATURE_NAMES order), tier, tie order, relevance. */
export interface QueryPool {
  readonly columns: Float64Array[]
  readonly tiers: Int8Array
  /** Rank of each candidate by cassette, then operation id: the last sort key. */
  readonly ties: Int32Array
  readonly relevant: Uint8Array
  /** How much of the query the pool holds at all (confidence features). */
  readonly coverage: QueryCoverage
}

export interface SetPools {
  readonly name: string
  readonly pools: readonly QueryPool[]
}

interface CatalogueQueries {
  readonly catalogues: ReadonlyArray<{readonly name: CorpusName; readonly queries: ReadonlyArray<{query: string; want: string | readonly string[]}>}>
}
/** Keywords to give operations: catalogue name, then operation id. */
export type CatalogueKeywords = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>

const CATALOGUE_QUERIES = path.join(here, 'catalogue-queries.json')

/** The public sets, as the retrieval benchmark samples them. */
export function publicSets(): TrainingSet[] {
  return SETS.map((spec) => {
    const set = loadRetrievalSet(retrievalRoot(), spec)
    const categories = categoriesOf(set.name)
    return {
      name: set.name,
      cassettes: new Map([[set.cassette, set.records]]),
      queries: set.queries.map(({query, relevant}) => ({query, relevant: relevant.map((id) => `${set.cassette}:${id}`)})),
      ...(categories === undefined ? {} : {domains: new Map(set.records.map((record, index) => [`${set.cassette}:${record.operationId}`, categories[index]!]))}),
    }
  })
}

/** The category of each operation of public set `name`, in corpus order, or undefined when its corpus files none. */
function categoriesOf(name: string, root = retrievalRoot()): string[] | undefined {
  const lines = jsonLines<{category?: string}>(path.join(root, name, 'corpus.jsonl'))
  return lines.some((line) => line.category !== undefined) ? lines.map((line) => line.category ?? 'other') : undefined
}

/**
 * `set` (a public set of one cassette) with its operations parted into one cassette per
 * category of its corpus lines, as a host installs several sources: the same queries, over
 * the same operations, in several cassettes.
 */
export function byCategory(set: TrainingSet, root = retrievalRoot()): TrainingSet {
  const [[cassette, records]] = [...set.cassettes] as [[string, readonly OperationRecord[]]]
  const categories = (categoriesOf(set.name, root) ?? []).map((category) => `${cassette}_${category.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`)
  const cassettes = new Map<string, OperationRecord[]>()
  const cassetteOf = new Map<string, string>()
  for (const [index, record] of records.entries()) {
    const category = categories[index]!
    ;(cassettes.get(category) ?? cassettes.set(category, []).get(category)!).push(record)
    cassetteOf.set(`${cassette}:${record.operationId}`, category)
  }
  const queries = set.queries.map(({query, relevant}) => ({query, relevant: relevant.map((key) => `${cassetteOf.get(key)}:${key.slice(cassette.length + 1)}`)}))
  return {name: `${set.name} by category`, cassettes, queries}
}

/** The four real catalogues, adopted, each with its requests, and with `keywords` given to the operations they name. */
export async function catalogueSets(keywords: CatalogueKeywords = {}): Promise<TrainingSet[]> {
  const {catalogues} = JSON.parse(readFileSync(CATALOGUE_QUERIES, 'utf8')) as CatalogueQueries
  const dir = mkdtempSync(path.join(tmpdir(), 'tama-training-'))
  try {
    const sets: TrainingSet[] = []
    for (const catalogue of catalogues) {
      const adopted = path.join(dir, `${catalogue.name}.json`)
      await adoptFile(await corpusFile(catalogue.name), adopted, {defaultScopes: ['bench']})
      const records = validateDocument(JSON.parse(readFileSync(adopted, 'utf8'))).operations.map((record) => {
        const extra = keywords[catalogue.name]?.[record.operationId]
        return extra === undefined ? record : {...record, keywords: extra}
      })
      sets.push({
        name: catalogue.name,
        cassettes: new Map([[catalogue.name, records]]),
        queries: catalogue.queries.map(({query, want}) => ({query, relevant: (typeof want === 'string' ? [want] : want).map((id) => `${catalogue.name}:${id}`)})),
      })
    }
    return sets
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/** The catalogues as one set (the four are fitted and held out together), and all four in one index: the pooled check. */
export function joined(name: string, sets: readonly TrainingSet[]): TrainingSet {
  return {name, cassettes: new Map(sets.flatMap((set) => [...set.cassettes])), queries: sets.flatMap((set) => set.queries)}
}

/** SHA-256 of every input the fitting reads: the public sets' files and the catalogue requests and documents. */
export async function trainingDataHash(): Promise<string> {
  const hash = createHash('sha256')
  const root = retrievalRoot()
  // Each input is named by what it is, not where it was read from (../shared or an npm package).
  const files: Array<readonly [string, string]> = [
    ...SETS.flatMap((spec) => ['corpus.jsonl', 'queries.jsonl'].map((file) => [`${spec.name}/${file}`, path.join(root, spec.name, file)] as const)),
    ['retrieval/catalogue-queries.json', CATALOGUE_QUERIES],
    ...(await Promise.all(CORPUS.map(async ({name}) => [`corpus/${name}`, await corpusFile(name)] as const))),
  ]
  for (const [label, file] of files) hash.update(`${label}\n`).update(readFileSync(file))
  return hash.digest('hex')
}

/** Searches for the confidence model: each query's pool in a part of the operations, and whether its answer is there. */
export interface ConfidencePools extends SetPools {
  /** 1: the part holds the query's answers (answerable); 0: it holds none (nothing fits). */
  readonly answerable: Uint8Array
}

/**
 * Each query of `set` searched in the half of its operations that holds its answers and in
 * the half that holds none. Operations are parted by their cassette when several are
 * installed, else by their group (first tag): whole cassettes or groups go to a half,
 * alternately in the order of their names' SHA-256, so both halves hold as many. A query
 * whose answers lie in both halves is left out.
 */
export function confidencePools(set: TrainingSet): ConfidencePools {
  const several = set.cassettes.size > 1
  const partOf = (cassette: string, record: OperationRecord) =>
    several ? cassette : (set.domains?.get(`${cassette}:${record.operationId}`) ?? record.tags[0] ?? record.operationId)
  const parts = [...new Set([...set.cassettes].flatMap(([cassette, records]) => records.map((record) => partOf(cassette, record))))]
  const digest = (part: string) => createHash('sha256').update(part).digest('hex')
  const halfOfPart = new Map(parts.map((part) => [part, digest(part)] as const).sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([part], index) => [part, index % 2]))
  const halves = [0, 1].map(() => ({cassettes: new Map<string, OperationRecord[]>(), queries: [] as LabelledQuery[]}))
  const halfOf = new Map<string, number>()
  for (const [cassette, records] of set.cassettes) {
    for (const record of records) {
      const half = halfOfPart.get(partOf(cassette, record))!
      const side = halves[half]!.cassettes
      ;(side.get(cassette) ?? side.set(cassette, []).get(cassette)!).push(record)
      halfOf.set(`${cassette}:${record.operationId}`, half)
    }
  }
  for (const query of set.queries) {
    const held = new Set(query.relevant.map((key) => halfOf.get(key)))
    if (held.size !== 1 || held.has(undefined)) continue
    const half = [...held][0]!
    halves[half]!.queries.push(query)
    halves[1 - half]!.queries.push({query: query.query, relevant: []})
  }
  const searched = halves.filter((half) => half.cassettes.size > 0).map((half) => ({half, pools: poolsOf({name: set.name, ...half}).pools}))
  return {
    name: set.name,
    pools: searched.flatMap(({pools}) => pools),
    answerable: Uint8Array.from(searched.flatMap(({half}) => half.queries.map((query) => (query.relevant.length > 0 ? 1 : 0)))),
  }
}

/** Every query's candidate pool, as search builds it (scopes: every one the records need). */
export function poolsOf(set: TrainingSet): SetPools {
  const db = openRecordIndex(set.cassettes)
  const scopes = [...new Set([...set.cassettes.values()].flatMap((records) => records.flatMap((record) => record.scopes)))]
  const pools = set.queries.map(({query, relevant}): QueryPool => {
    const wanted = new Set(relevant)
    const {candidates: ranked, coverage} = rankCandidates(db, query, {scopes})
    const ties = ranked.map((_, index) => index).sort((a, b) => tieOrder(ranked[a]!.candidate, ranked[b]!.candidate))
    const tieRank = new Int32Array(ranked.length)
    for (const [rank, index] of ties.entries()) tieRank[index] = rank
    return {
      columns: FEATURE_NAMES.map((_, column) => Float64Array.from(ranked, ({features}) => features[column]!)),
      tiers: Int8Array.from(ranked, ({tier}) => tier),
      ties: tieRank,
      relevant: Uint8Array.from(ranked, ({candidate}) => (wanted.has(`${candidate.cassette}:${candidate.operation_id}`) ? 1 : 0)),
      coverage,
    }
  })
  db.close()
  return {name: set.name, pools}
}

const tieOrder = (a: {cassette: string; operation_id: string}, b: {cassette: string; operation_id: string}) =>
  a.cassette < b.cassette ? -1 : a.cassette > b.cassette ? 1 : a.operation_id < b.operation_id ? -1 : a.operation_id > b.operation_id ? 1 : 0

/** Plain BM25's top 10 for every query of `set`, over the same operation text, cassettes pooled. */
export function plainBm25Rankings(set: TrainingSet): Array<{ranked: string[]; relevant: readonly string[]}> {
  const documents = [...set.cassettes].flatMap(([cassette, records]) => records.map((record) => ({id: `${cassette}:${record.operationId}`, text: plainText(record)})))
  const index = new PlainBm25(documents)
  return set.queries.map(({query, relevant}) => ({relevant, ranked: index.search(query, 10)}))
}
