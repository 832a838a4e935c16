import {readFileSync} from 'node:fs'
import path from 'node:path'

import type {OperationRecord} from '../../src/index.js'

/** One operation of a public retrieval set, as its corpus.jsonl line gives it. */
interface CorpusLine {
  readonly id: string
  readonly group: string
  readonly name: string
  readonly method?: string
  readonly description: string
  readonly parameters: ReadonlyArray<{name: string; description?: string; type?: string; required?: boolean}>
}

interface QueryLine {
  readonly id: string
  readonly query: string
  readonly relevant: readonly string[]
}

interface RetrievalQuery {
  readonly query: string
  /** Operation ids that answer the query. */
  readonly relevant: readonly string[]
}

/** A public set loaded as one cassette of operations plus its labelled queries. */
export interface RetrievalSet {
  readonly name: string
  /** The cassette name the set is loaded as. */
  readonly cassette: string
  readonly records: readonly OperationRecord[]
  readonly queries: readonly RetrievalQuery[]
}

export interface SetSpec {
  readonly name: string
  /** Keep every n-th query (1: all). */
  readonly every: number
}

/** The sets and query samples the benchmark uses (metatool: every 10th query, as its README does). */
export const SETS: readonly SetSpec[] = [
  {name: 'stabletoolbench', every: 1},
  {name: 'metatool', every: 10},
  {name: 'seal-tools', every: 1},
]

const ID_GRAMMAR = /^[A-Za-z_][A-Za-z0-9_./-]{0,127}$/

/**
 * A set's `name` as an operation id: characters outside the id grammar become `_`, a
 * leading non-letter gets a `_` prefix, and repeats within the set get `_2`, `_3`, ...
 * in corpus order, so the mapping is deterministic.
 */
function operationIds(names: readonly string[]): string[] {
  const taken = new Set<string>()
  return names.map((name) => {
    let base = name.replace(/[^A-Za-z0-9_./-]+/g, '_').replace(/^_+|_+$/g, '') || 'operation'
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`
    base = base.slice(0, 120)
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}_${n}`
    if (!ID_GRAMMAR.test(id)) throw new Error(`sanitised id ${id} breaks the id grammar`)
    taken.add(id)
    return id
  })
}

/** The first sentence of a description, as a realistic one-line summary. */
function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/su.exec(text.trim())
  return (match?.[1] ?? text.trim()).slice(0, 1024)
}

/** Loads a set from `<root>/<name>/{corpus,queries}.jsonl` as operation records with no scopes. */
export function loadRetrievalSet(root: string, spec: SetSpec, maxQueries = Number.POSITIVE_INFINITY): RetrievalSet {
  const dir = path.join(root, spec.name)
  const corpus = jsonLines<CorpusLine>(path.join(dir, 'corpus.jsonl'))
  const ids = operationIds(corpus.map((line) => line.name))
  const idOf = new Map(corpus.map((line, i) => [line.id, ids[i]!]))
  const records = corpus.map((line, i): OperationRecord => ({
    operationId: ids[i]!,
    method: (line.method ?? 'post').toLowerCase(),
    path: `/${ids[i]}`,
    summary: firstSentence(line.description) || ids[i]!,
    description: line.description,
    tags: [line.group],
    keywords: [],
    examples: [],
    scopes: [],
    destructive: false,
    confirmation: null,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(line.parameters.map((p) => [p.name, {description: p.description ?? ''}])),
      required: line.parameters.filter((p) => p.required === true).map((p) => p.name),
      additionalProperties: false,
    },
    outputSchema: null,
    parameters: [],
    body: null,
  }))
  const queries = jsonLines<QueryLine>(path.join(dir, 'queries.jsonl'))
    .filter((_, i) => i % spec.every === 0)
    .slice(0, maxQueries)
    .map((line) => ({query: line.query, relevant: line.relevant.map((id) => idOf.get(id)).filter((id): id is string => id !== undefined)}))
    .filter((query) => query.relevant.length > 0)
  return {name: spec.name, cassette: spec.name.replace(/[^a-z0-9]+/g, '_'), records, queries}
}

/** The JSON values of a JSON Lines file, blank lines skipped. */
export function jsonLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T)
}
