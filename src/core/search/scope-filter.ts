import {TamaError, readScopes} from '../errors/index.js'

/**
 * The scope sets a caller may see: those with no member outside the caller's scopes
 * (`:scopes`, a JSON array). Every query that reads operations starts with this CTE and
 * keeps only `scope_set IN allowed`, so a forbidden operation is never even ranked. The
 * members outside the scopes are found in one pass over the members, rather than one
 * lookup per set: at 100k operations that halved what the step costs a search.
 */
export const ALLOWED_SCOPE_SETS = `WITH allowed (id) AS (
  SELECT s.id FROM operation_scope_sets s
  WHERE s.id NOT IN (
    SELECT m.set_id FROM operation_scope_members m
    WHERE m.scope NOT IN (SELECT value FROM json_each(:scopes))
  )
)`

/** Keeps an operation `o` of the scope sets the caller may see: `:allowed`, the ids ALLOWED_SCOPE_SETS found, as a JSON array. */
export const IN_ALLOWED_SETS = 'o.scope_set IN (SELECT value FROM json_each(:allowed))'

/** The caller's scopes as the `:scopes` parameter, refusing anything but an array of strings. */
export function scopesParameter(given: readonly string[]): string {
  const scopes = readScopes(given)
  if (scopes === undefined) throw new TamaError('usage', 'The caller\'s scopes must be an array of strings; pass [] for a caller with no scopes.')
  return JSON.stringify(scopes)
}
