import {callerScopes, checkArguments, toToolError} from './tool-failure.js'
import {searchTool} from './tool-definitions.js'
import type {Caller, SearchHit, SearchIndex, SearchToolOutput} from './tool-index.js'

interface SearchArguments {
  readonly query: string
  readonly limit?: number
  readonly cassettes?: readonly string[]
}

/**
 * The search tool: validates the arguments, searches with the caller's scopes and
 * answers `{match, results}` (with `cassettes` when nothing fits) or `{error}` — never
 * throws for a tool-level failure.
 */
export async function handleSearch(index: SearchIndex, args: unknown, caller: Caller): Promise<SearchToolOutput> {
  try {
    checkArguments(searchTool(), args)
    const {query, limit, cassettes} = args as SearchArguments
    const scopes = callerScopes(caller)
    const response = await index.search(query, {scopes, ...(limit === undefined ? {} : {limit}), ...(cassettes === undefined ? {} : {cassettes})})
    const results = response.results.map(toHit)
    return response.cassettes === undefined
      ? {match: response.match, results}
      : {match: response.match, results, cassettes: response.cassettes.map(({cassette, title}) => (typeof title === 'string' ? {cassette, title} : {cassette}))}
  } catch (error) {
    return {error: toToolError(error)}
  }
}

/** Exactly the documented fields, so the answer matches the output schema whatever else the index adds. */
function toHit(hit: SearchHit): SearchHit {
  const {cassette, operation_id, summary, score, confidence, nearest, destructive, confirmation, input_schema} = hit
  return {
    cassette,
    operation_id,
    summary,
    score,
    confidence,
    ...(nearest === true ? {nearest} : {}),
    destructive,
    confirmation: confirmation === null ? null : {when: confirmation.when, echo: confirmation.echo, message: confirmation.message},
    ...(input_schema === undefined ? {} : {input_schema}),
  }
}
