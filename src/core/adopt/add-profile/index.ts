/** The profile's extensions added to an adopted document: ids, summaries, scopes, input bounds. */
export {addProfile} from './add-profile.js'
export type {ProfileOutcome} from './add-profile.js'
export {unmappedScopesError} from './scopes.js'
export type {ScopeSource} from './scopes.js'
export type {RenamedId} from './operation-ids.js'
