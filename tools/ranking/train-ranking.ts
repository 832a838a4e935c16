/**
 * Fits the ranking model (src/core/search/ranking-model.json) on the public retrieval sets
 * and the catalogue requests, and on two sets of several cassettes in one index (each held
 * out with the set whose requests it repeats), and prints each set's leave-one-set-out
 * figures (scored by a model fitted without it) beside plain BM25 and the shipped model
 * (fitted on all), then the pooled check: the four catalogues in one index. Writes the
 * model and bench/results/retrieval-training.json.
 * Usage: npm run train:ranking -- [--ablate 'a,b;c'] [--dry-run]
 *   --ablate: then, for each ;-separated group of features, the held-out figures with
 *     those weights kept at 0: what the group adds, held out (bench/results/retrieval-ablation.json)
 *   --dry-run: print only, write nothing
 */
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {confidenceOf, FEATURE_NAMES, type FeatureName, RANKING_MODEL} from '../../src/internal.js'
import {evaluate, fitWeights, modelHash, TIED, type Weights} from './fit-ranking.js'
import {gapClosed, quality, type Quality} from './metrics.js'
import {REPOSITORY} from './shared-inputs.js'
import {fitConfidence, judge, type Judged, separation, type Separation, thresholds} from './fit-confidence.js'
import {byCategory, catalogueSets, type ConfidencePools, confidencePools, joined, plainBm25Rankings, poolsOf, publicSets, trainingDataHash, type SetPools, type TrainingSet} from './training-sets.js'

const argument = (name: string) => {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}
const groups = (argument('--ablate') ?? '').split(';').filter((group) => group !== '').map((group) => group.split(','))
for (const name of groups.flat()) if (!(FEATURE_NAMES as readonly string[]).includes(name)) throw new Error(`--ablate: no feature named ${name}`)
const dryRun = process.argv.includes('--dry-run')
const START = Object.fromEntries(FEATURE_NAMES.map((name) => [name, name === 'bm25' ? 1 : 0])) as Weights

const catalogues = await catalogueSets()
const sets: TrainingSet[] = [...publicSets(), joined('catalogues', catalogues)]
// The catalogues are fitted and held out as one set, each catalogue in an index of its own.
const poolsOfSet = (set: TrainingSet): SetPools =>
  set.name === 'catalogues' ? {name: set.name, pools: catalogues.flatMap((catalogue) => poolsOf(catalogue).pools)} : poolsOf(set)
const pooledSet = joined('pooled', catalogues)
const pooled = poolsOf(pooledSet)
const catalogueSet = sets.findIndex((set) => set.name === 'catalogues')
const stableSet = sets.findIndex((set) => set.name === 'stabletoolbench')
// Sets with several cassettes in one index are fitted on too: the pooled check, and
// stabletoolbench parted by category. Each repeats the requests of a set, and is held out with it.
const stableByCategory = byCategory(sets[stableSet]!)
const repeats = [
  {of: catalogueSet, set: pooledSet, pools: pooled},
  {of: stableSet, set: stableByCategory, pools: poolsOf(stableByCategory)},
]
const training = [...sets.map(poolsOfSet), ...repeats.map((repeat) => repeat.pools)]
const heldOutWith = (index: number, other: number) => other === index || repeats[other - sets.length]?.of === index
const bm25Of = (set: TrainingSet): Quality =>
  set.name === 'catalogues' ? quality(catalogues.flatMap(plainBm25Rankings)) : quality(plainBm25Rankings(set))

interface Row {
  readonly set: string
  readonly queries: number
  readonly bm25: Quality
  readonly heldOut: Quality
  readonly shipped: Quality
  readonly gapClosed: {readonly recall5: number; readonly mrr: number}
  /** The share of requests whose answer is among the candidates: what no weight can raise. */
  readonly candidateRecall: number
}

const candidateRecall = (set: SetPools) => round(set.pools.filter((pool) => pool.relevant.includes(1)).length / Math.max(1, set.pools.length))

/** Leave-one-set-out figures of a model fitting only `fitted`, and the shipped (fitted on all) weights. */
function leaveOneSetOut(fitted: readonly FeatureName[]): {rows: Row[]; shippedWeights: Weights; heldOutWeights: Weights[]} {
  const shippedWeights = fitWeights(training, START, fitted)
  const heldOutWeights = sets.map((_, index) => fitWeights(training.filter((__, other) => !heldOutWith(index, other)), START, fitted))
  const rows: Row[] = sets.map((set, index) => {
    const bm25 = bm25Of(set)
    const heldOut = evaluate(training[index]!, heldOutWeights[index]!)
    return {set: set.name, queries: set.queries.length, bm25, heldOut, shipped: evaluate(training[index]!, shippedWeights), gapClosed: gaps(heldOut, bm25), candidateRecall: candidateRecall(training[index]!)}
  })
  // The pooled check is held out with the catalogues: scored by the model fitted without either.
  const withoutCatalogues = heldOutWeights[catalogueSet]!
  const pooledBm25 = quality(plainBm25Rankings(pooledSet))
  const pooledHeldOut = evaluate(pooled, withoutCatalogues)
  rows.push({set: 'pooled', queries: pooledSet.queries.length, bm25: pooledBm25, heldOut: pooledHeldOut, shipped: evaluate(pooled, shippedWeights), gapClosed: gaps(pooledHeldOut, pooledBm25), candidateRecall: candidateRecall(pooled)})
  return {rows, shippedWeights, heldOutWeights}
}

const mean = (rows: readonly Row[], pick: (row: Row) => number) => round(rows.filter((row) => row.set !== 'pooled').reduce((sum, row) => sum + pick(row), 0) / (rows.length - 1))
const averagesOf = (rows: readonly Row[]) => ({recall5: mean(rows, (row) => row.heldOut.recall5), mrr: mean(rows, (row) => row.heldOut.mrr), gapRecall5: mean(rows, (row) => row.gapClosed.recall5), gapMrr: mean(rows, (row) => row.gapClosed.mrr)})

const started = Date.now()
const {rows, shippedWeights, heldOutWeights} = leaveOneSetOut(FEATURE_NAMES)

function gaps(ours: Quality, bm25: Quality) {
  return {recall5: round(gapClosed(ours.recall5, bm25.recall5)), mrr: round(gapClosed(ours.mrr, bm25.mrr))}
}

const f3 = (value: number) => value.toFixed(3).padStart(6)
console.log('Leave-one-set-out (each set scored by a model fitted without it)')
console.log('set               queries  bm25_R@5 bm25_MRR  held_R@5 held_MRR  gap_R@5 gap_MRR  shipped_R@5 shipped_MRR  candidate_recall')
for (const row of rows) {
  console.log(
    `${row.set.padEnd(16)} ${String(row.queries).padStart(8)}    ${f3(row.bm25.recall5)}   ${f3(row.bm25.mrr)}    ${f3(row.heldOut.recall5)}   ${f3(row.heldOut.mrr)}   ${f3(row.gapClosed.recall5)}  ${f3(row.gapClosed.mrr)}       ${f3(row.shipped.recall5)}      ${f3(row.shipped.mrr)}       ${f3(row.candidateRecall)}`,
  )
}
const averages = averagesOf(rows)
console.log(`held-out average over the sets: R@5 ${averages.recall5}, MRR ${averages.mrr}, gap R@5 ${averages.gapRecall5}, gap MRR ${averages.gapMrr}`)
console.log(`shipped weights: ${FEATURE_NAMES.map((name) => `${name} ${shippedWeights[name]}`).join(', ')}`)
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s fitting)`)
// The confidence model: each request searched where its answer is installed and where it is
// not, on the same sets (the catalogues each in an index of its own), each held out with its repeats.
const confidenceOfSet = (set: TrainingSet): ConfidencePools => {
  if (set.name !== 'catalogues') return confidencePools(set)
  const parts = catalogues.map(confidencePools)
  return {name: set.name, pools: parts.flatMap((part) => part.pools), answerable: Uint8Array.from(parts.flatMap((part) => [...part.answerable]))}
}
const confidenceSets = [...sets.map(confidenceOfSet), ...repeats.map((repeat) => confidencePools(repeat.set))]
interface ConfidenceRow {
  readonly set: string
  readonly answerable: number
  readonly nothingFits: number
  readonly confidence: Separation
  readonly topScore: Separation
}
const confidenceRows: ConfidenceRow[] = []
for (const [index] of sets.entries()) {
  // Every search is judged by the ranking model fitted without this set, as its held-out figures are.
  const judged = confidenceSets.map((set) => judge(set, heldOutWeights[index]!))
  const trainedOn = judged.filter((_, other) => !heldOutWith(index, other))
  const fitted = fitConfidence(trainedOn)
  const rawFrom = thresholds(trainedOn, (j) => j.topScore).keepFrom
  for (const [other, set] of confidenceSets.entries()) {
    if (!heldOutWith(index, other)) continue
    confidenceRows.push(confidenceRow(set.name, judged[other]!, fitted, rawFrom))
  }
}
const pooledRows = confidenceRows.filter((row) => sets.some((set) => set.name === row.set))
const shippedConfidence = fitConfidence(confidenceSets.map((set) => judge(set, shippedWeights)))

function confidenceRow(name: string, judged: readonly Judged[], fitted: ReturnType<typeof fitConfidence>, rawFrom: number): ConfidenceRow {
  const confidences = judged.map((j) => confidenceOf(j.row, fitted))
  return {
    set: name,
    answerable: judged.filter((j) => j.answerable).length,
    nothingFits: judged.filter((j) => !j.answerable).length,
    confidence: separation(judged, confidences, fitted.noneBelow),
    topScore: separation(judged, judged.map((j) => j.topScore), rawFrom),
  }
}

console.log('\nConfidence, leave-one-set-out (each request searched where its answer is installed and where it is not)')
console.log('set                          answerable nothing  conf_AUROC kept flagged precision   top_score_AUROC kept flagged precision')
for (const row of confidenceRows) {
  console.log(
    `${row.set.padEnd(28)} ${String(row.answerable).padStart(8)} ${String(row.nothingFits).padStart(8)}   ${f3(row.confidence.auroc)} ${f3(row.confidence.kept)} ${f3(row.confidence.flagged)} ${f3(row.confidence.precision)}   ${f3(row.topScore.auroc)}     ${f3(row.topScore.kept)} ${f3(row.topScore.flagged)} ${f3(row.topScore.precision)}`,
  )
}
const meanOf = (pick: (row: ConfidenceRow) => number) => round(pooledRows.reduce((sum, row) => sum + pick(row), 0) / pooledRows.length)
console.log(`held-out average over the sets: confidence AUROC ${meanOf((row) => row.confidence.auroc)}, kept ${meanOf((row) => row.confidence.kept)}, flagged ${meanOf((row) => row.confidence.flagged)}; top score AUROC ${meanOf((row) => row.topScore.auroc)}, kept ${meanOf((row) => row.topScore.kept)}, flagged ${meanOf((row) => row.topScore.flagged)}`)
console.log(`shipped confidence: bias ${shippedConfidence.bias}, ${Object.entries(shippedConfidence.weights).map(([name, weight]) => `${name} ${weight}`).join(', ')}; none below ${shippedConfidence.noneBelow}, confident from ${shippedConfidence.confidentFrom}`)

const ablation = groups.map((group) => {
  const withoutRows = leaveOneSetOut(FEATURE_NAMES.filter((name) => !group.includes(name))).rows
  for (const row of withoutRows) console.log(`  without ${group.join(', ')}: ${row.set} held-out R@5 ${f3(row.heldOut.recall5)}, MRR ${f3(row.heldOut.mrr)}`)
  const without = averagesOf(withoutRows)
  const effect = {recall5: round(averages.recall5 - without.recall5), mrr: round(averages.mrr - without.mrr)}
  console.log(`without ${group.join(', ')}: held-out R@5 ${without.recall5}, MRR ${without.mrr}; the group adds R@5 ${effect.recall5}, MRR ${effect.mrr}`)
  return {without: group, held_out: without, adds: effect, sets: Object.fromEntries(withoutRows.map((row) => [row.set, rounded(row.heldOut)]))}
})

if (!dryRun) {
  const figures = Object.fromEntries(rows.map((row) => [row.set, {queries: row.queries, bm25: rounded(row.bm25), held_out: rounded(row.heldOut), shipped: rounded(row.shipped), gap_closed: row.gapClosed, candidate_recall: row.candidateRecall}]))
  const model = {
    about: 'Written by npm run train:ranking (scripts/train-ranking.ts); do not edit by hand. See docs/search.md#the-model.',
    method: 'coordinate ascent on the mean over sets of (MRR@10 + Recall@5) / 2, from bm25 1 and every other weight 0 (bench/retrieval/fit-ranking.ts)',
    fitted_on: [...sets, ...repeats.map((repeat) => repeat.set)].map((set) => ({set: set.name, queries: set.queries.length, cassettes: set.cassettes.size})),
    data_sha256: await trainingDataHash(),
    tied: TIED,
    bm25Columns: RANKING_MODEL.bm25Columns,
    // The limits are set by hand, not fitted: kept as they are.
    candidates: RANKING_MODEL.candidates,
    terms: RANKING_MODEL.terms,
    weights: Object.fromEntries(FEATURE_NAMES.map((name) => [name, shippedWeights[name]])),
    confidence: shippedConfidence,
    held_out: figures,
    confidence_held_out: Object.fromEntries(confidenceRows.map(({set, ...row}) => [set, row])),
  }
  const file = path.join(REPOSITORY, 'src/core/search/ranking-model.json')
  writeFileSync(file, `${JSON.stringify({...model, model_sha256: modelHash(model.weights, model.bm25Columns, model.confidence)}, null, 2)}\n`)
  mkdirSync(path.join(REPOSITORY, 'bench/results'), {recursive: true})
  writeFileSync(path.join(REPOSITORY, 'bench/results/retrieval-training.json'), `${JSON.stringify({node: process.version, data_sha256: model.data_sha256, averages, sets: figures, confidence: model.confidence_held_out}, null, 2)}\n`)
  if (ablation.length > 0) writeFileSync(path.join(REPOSITORY, 'bench/results/retrieval-ablation.json'), `${JSON.stringify({averages, ablation}, null, 2)}\n`)
  console.log('Wrote src/core/search/ranking-model.json and bench/results/retrieval-training.json')
}

function rounded(q: Quality): Quality {
  return {recall1: round(q.recall1), recall5: round(q.recall5), recall10: round(q.recall10), mrr: round(q.mrr)}
}
function round(value: number): number {
  return Math.round(value * 1e4) / 1e4
}
