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
  readonly destructive: boolean
  readonly confirmation: SearchConfirmation | null
  /** Present on the top `schemas` results, so an agent can call execute straight away. */
  readonly input_schema?: JsonSchema
}

export interface SearchResponse {
  readonly results: SearchHit[]
}

/** A "did you mean" candidate for an operation id that was not found. */
export interface OperationSuggestion {
  readonly cassette: string
  readonly operation_id: string
}
