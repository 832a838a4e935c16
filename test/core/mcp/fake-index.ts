import {readFileSync} from 'node:fs'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {type ExecuteOptions, executeOperation} from '../../../src/core/execute/index.js'
import type {ExecuteIndex, SearchHit, SearchIndex, SearchOptions} from '../../../src/core/mcp/index.js'
import {FakeCatalog} from '../execute/fake-catalog.js'

type StoredHit = SearchHit & {scopes: string[]}

/**
 * A host index in memory: search answers the hits of test/fixtures/execute/search-hits.json
 * the caller's scopes allow (plus whatever fields the fixture adds), execute is the real
 * executeOperation over the fake catalog.
 */
export class FakeIndex implements SearchIndex, ExecuteIndex {
  readonly searches: Array<{query: string; options: SearchOptions}> = []
  private readonly hits = JSON.parse(readFileSync(new URL('../../fixtures/execute/search-hits.json', import.meta.url), 'utf8')) as StoredHit[]

  constructor(private readonly catalog = new FakeCatalog()) {}

  search(query: string, options: SearchOptions): {results: SearchHit[]} {
    this.searches.push({query, options})
    if (!this.catalog.isReady()) throw new TamaError('not_ready', 'The index has no cassette installed yet.')
    const visible = this.hits.filter((hit) => hit.scopes.every((scope) => options.scopes.includes(scope)))
    return {results: visible.slice(0, options.limit ?? 10)}
  }

  execute(cassette: string, operationId: string, input: unknown, options: ExecuteOptions): ReturnType<typeof executeOperation> {
    return executeOperation(this.catalog, cassette, operationId, input, options)
  }
}
