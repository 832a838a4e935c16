import {TamaError} from '../errors/index.js'
import {printable, quote} from '../text/index.js'

/** An operation the caller may name instead of one it cannot see. */
export interface OperationSuggestion {
  readonly cassette: string
  readonly operation_id: string
}

/**
 * The one not_found for an operation the caller cannot use: one that does not exist and
 * one the caller's scopes hide get this same answer, so no caller learns which it was.
 * The names are the caller's own, escaped and shortened.
 */
export function operationNotVisible(cassette: string, operationId: string, suggestions: readonly OperationSuggestion[] = []): TamaError {
  const mean = suggestions.length === 0 ? '' : ` Did you mean ${suggestions.map((s) => `${s.cassette}/${s.operation_id}`).join(', ')}?`
  return new TamaError('not_found', `No operation ${quote(operationId)} in cassette ${quote(cassette)} is available to you.${mean}`, {
    details: {cassette: printable(cassette), operation_id: printable(operationId), suggestions: [...suggestions]},
    remedy: {kind: 'search'},
  })
}

/** The index has nothing committed yet, whichever call found it so. */
export function nothingInstalled(): TamaError {
  return new TamaError('not_ready', 'The index has no cassette installed yet.', {remedy: {kind: 'install-first'}})
}
