import {type SqliteDatabase, statement} from '../sqlite/index.js'
import {ALLOWED_SCOPE_SETS, scopesParameter} from './scope-filter.js'

/** What a caller's scopes reach among the installed operations: any operation at all, and any destructive one. */
export interface CallerReach {
  readonly operations: boolean
  readonly destructive: boolean
}

/**
 * What the operations `scopes` allow can do, for tool annotations that tell each caller
 * the truth: an execute that reaches nothing destructive is not destructive for them.
 * Each answer stops at its first operation found.
 */
export function callerReach(db: SqliteDatabase, scopes: readonly string[]): CallerReach {
  const row = statement<{operations: number; destructive: number}>(db, CALLER_REACH).get({scopes: scopesParameter(scopes)})
  return {operations: row?.operations === 1, destructive: row?.destructive === 1}
}

const CALLER_REACH = `${ALLOWED_SCOPE_SETS}
SELECT EXISTS (SELECT 1 FROM operations WHERE scope_set IN (SELECT id FROM allowed)) AS operations,
  EXISTS (SELECT 1 FROM operations WHERE destructive = 1 AND scope_set IN (SELECT id FROM allowed)) AS destructive`
