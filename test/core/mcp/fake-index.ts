import {readFileSync} from 'node:fs'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {type ExecuteOptions, executeOperation} from '../../../src/core/execute/index.js'
import type {ExecuteIndex, SearchAnswer, SearchHit, SearchIndex, SearchOptions} from '../../../src/core/mcp/index.js'
import {FakeCatalog} from '../execute/fake-catalog.js'

type StoredHit = SearchHit & {scopes: string[]}

/** A query holding this is answered as one nothing installed fits. */
export const NOTHING_FITS = 'teleport'

/** What the fake's cassettes say they are. */
const TITLES: Record<string, string> = {incus: 'Incus'}

/**
 * A host index in memory: search answers the hits of test/fixtures/execute/search-hits.json
 * the caller's scopes allow (plus whatever fields the fixture adds), as nearest results
 * with the cassettes they are in when the query holds NOTHING_FITS; execute is the real
 * executeOperation over the fake catalog.
 */
export class FakeIndex implements SearchIndex, ExecuteIndex {
  readonly searches: Array<{query: string; options: SearchOptions}> = []
  private readonly hits = JSON.parse(readFileSync(new URL('../../fixtures/execute/search-hits.json', import.meta.url), 'utf8')) as StoredHit[]

  constructor(private readonly catalog = new FakeCatalog()) {}

  search(query: string, options: SearchOptions): SearchAnswer {
    this.searches.push({query, options})
    if (!this.catalog.isReady()) throw new TamaError('not_ready', 'The index has no cassette installed yet.')
    const visible = this.hits.filter((hit) => hit.scopes.every((scope) => options.scopes.includes(scope)))
    const results = visible.slice(0, options.limit ?? 10)
    if (!query.includes(NOTHING_FITS)) return {match: 'possible', results}
    // A title where the fake knows one (a number where a host index might give one), and a field the index may add.
    const cassettes = [...new Set(visible.map((hit) => hit.cassette))].map((cassette) => ({cassette, title: (TITLES[cassette] ?? 7) as string, hidden: 'extra field the index may add'}))
    return {match: 'none', results: results.map((hit) => ({...hit, nearest: true})), cassettes}
  }

  execute(cassette: string, operationId: string, input: unknown, options: ExecuteOptions): ReturnType<typeof executeOperation> {
    return executeOperation(this.catalog, cassette, operationId, input, options)
  }
}
