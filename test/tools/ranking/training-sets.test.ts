import {readFileSync} from 'node:fs'
import path from 'node:path'

import {describe, expect, it} from 'vitest'

import {byCategory, type TrainingSet} from '../../../tools/ranking/training-sets.js'
import {loadRetrievalSet} from '../../../tools/ranking/retrieval-sets.js'

const root = path.resolve(import.meta.dirname, '../../fixtures/retrieval')
const loaded = loadRetrievalSet(root, {name: 'stabletoolbench', every: 1})
const set: TrainingSet = {
  name: loaded.name,
  cassettes: new Map([[loaded.cassette, loaded.records]]),
  queries: loaded.queries.map(({query, relevant}) => ({query, relevant: relevant.map((id) => `${loaded.cassette}:${id}`)})),
}
const corpus = readFileSync(path.join(root, 'stabletoolbench/corpus.jsonl'), 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as {name: string; category: string})
const parted = byCategory(set, root)

describe('a public set parted by category', () => {
  it('has one cassette per category of its corpus', () => {
    expect([...parted.cassettes.keys()].sort()).toEqual([...new Set(corpus.map((line) => `stabletoolbench_${line.category.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`))].sort())
  })

  it('holds every operation once', () => {
    const ids = [...parted.cassettes.values()].flatMap((records) => records.map((record) => record.operationId))
    expect(ids.sort()).toEqual(loaded.records.map((record) => record.operationId).sort())
  })

  describe.each(parted.queries.slice(0, 5).map((query, index) => ({index, query})))('query $index', ({index, query}) => {
    it('asks the same, with its answers in the cassettes that now hold them', () => {
      expect(query.query).toBe(set.queries[index]!.query)
      for (const key of query.relevant) {
        const [cassette, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]
        expect(parted.cassettes.get(cassette)?.some((record) => record.operationId === id)).toBe(true)
      }
      expect(query.relevant.map((key) => key.slice(key.indexOf(':') + 1))).toEqual(set.queries[index]!.relevant.map((key) => key.slice(key.indexOf(':') + 1)))
    })
  })
})
