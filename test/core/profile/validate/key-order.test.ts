import {fileURLToPath} from 'node:url'

import {describe, expect, it} from 'vitest'

import {canonicalJson} from '../../../../src/core/cassette/format/canonical-json.js'
import {isObject} from '../../../../src/core/json/index.js'
import {readDocumentFile, validateDocument} from '../../../../src/core/profile/index.js'
import {SeededRandom} from '../../../reliability/seeded-random.js'
import {type SourceDocument, corpusDocument, projectDocuments} from '../../../reliability/source-documents.js'

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

/** The value with every object's keys in another order: `order` rearranges each key list. */
function reordered(value: unknown, order: (keys: string[]) => string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => reordered(item, order))
  if (!isObject(value)) return value
  return Object.fromEntries(order(Object.keys(value)).map((key) => [key, reordered(value[key], order)]))
}

function shuffled(seed: number): (keys: string[]) => string[] {
  const random = new SeededRandom(seed)
  return (keys) => random.sample(keys, keys.length)
}

const ORDERS: ReadonlyArray<{name: string; order: () => (keys: string[]) => string[]}> = [
  {name: 'sorted, as a cassette stores it', order: () => (keys) => [...keys].sort()},
  {name: 'reversed', order: () => (keys) => [...keys].reverse()},
  {name: 'shuffled (seed 1)', order: () => shuffled(1)},
  {name: 'shuffled (seed 2)', order: () => shuffled(2)},
]

// A record is a function of the document's content: a cassette embeds its documents with
// sorted keys, so one whose records followed key order would differ from its own source.
// Stripe's responses reach more components than a record keeps, as the fixture's does.
const DOCUMENTS: readonly SourceDocument[] = [
  {name: 'test/fixtures/release/key-order.yaml', document: (await readDocumentFile(file('../../../fixtures/release/key-order.yaml'))) as Record<string, unknown>},
  ...(await projectDocuments()),
  await corpusDocument('stripe'),
]

describe.each(DOCUMENTS)('$name', ({document}) => {
  const want = canonicalJson(validateDocument(document).operations)

  it.each(ORDERS)('gives the same records with its keys $name', {timeout: 60_000}, ({order}) => {
    expect(canonicalJson(validateDocument(reordered(document, order())).operations)).toBe(want)
  })
})
