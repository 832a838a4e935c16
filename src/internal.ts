/**
 * The one door the benchmarks and build tools (bench/, scripts/) use besides the package's
 * entries: the seams they measure or train through, each from its folder's front door. Not
 * a package export, and no promise to anyone else.
 */
export {adoptedText} from './core/adopt/index.js'
export {buildCassette, readDocumentInputs} from './core/cassette/index.js'
export type {BuiltCassette} from './core/cassette/index.js'
export {commitInstall, findInstalled, openStorage} from './core/host-index/index.js'
// An install's phases, timed apart; the folder's index leaves them out so that a search never loads them.
export {planCopy} from './core/host-index/install-plan.js'
export {openCopyConnection} from './core/host-index/install-runner.js'
export {CONFIDENCE_FEATURE_NAMES, FEATURE_NAMES, RANKING_MODEL, confidenceFeatures, confidenceOf, compactSearchIndex, createOperationTables, insertOperations, openRecordIndex, parseQuery, rankCandidates, searchOperations, words} from './core/search/index.js'
export type {ConfidenceFeatureName, FeatureName, QueryCoverage} from './core/search/index.js'
export {openDatabase} from './core/sqlite/index.js'
export type {SqliteDatabase} from './core/sqlite/index.js'
