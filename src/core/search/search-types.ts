import type {JsonSchema} from '../profile/index.js'

/** How a caller narrows and shapes a search. */
export interface SearchOptions {
  /** The caller's scopes: only operations needing none beyond these are ever considered. */
  readonly scopes: readonly string[]
  /** How many results, 1..50; default 10. */
  readonly limit?: number
  /** Search only these cassettes; default all. */
  readonly cassettes?: readonly string[]
  /** How many top results carry `input_schema`, 0..limit; default 3. */
  readonly schemas?: number
}

/** What a search result says about confirmation; 'conditional' when it depends on the input. */
export interface SearchConfirmation {
  readonly when: 'always' | 'conditional'
  readonly echo: string | null
  readonly message: string
}

export interface SearchHit {
  readonly cassette: string
  readonly operation_id: string
  readonly summary: string
  /** Higher is better; only comparable within one response. */
  readonly score: number
  /** How likely, 0..1, this result does what was asked: comparable across queries, cassettes and index sizes. */
  readonly confidence: number
  /** Present, true, when the response's match is `none`: the result is only the nearest the index holds. */
  readonly nearest?: true
  readonly destructive: boolean
  readonly confirmation: SearchConfirmation | null
  /** Present on the top `schemas` results, so an agent can call execute straight away. */
  readonly input_schema?: JsonSchema
}

/** Whether the best result is likely to do what was asked: `none` when no operation the caller can see is. */
export type SearchMatch = 'confident' | 'possible' | 'none'

/** A cassette holding operations the caller may use, and what it says it is (its documents' titles) when the index knows. */
export interface SearchCassette {
  readonly cassette: string
  readonly title?: string
}

export interface SearchResponse {
  readonly match: SearchMatch
  readonly results: SearchHit[]
  /** When `match` is `none`: the cassettes holding operations the caller may use, by name. */
  readonly cassettes?: SearchCassette[]
}

/** A "did you mean" candidate for an operation id that was not found. */
export interface OperationSuggestion {
  readonly cassette: string
  readonly operation_id: string
}
