export {ERROR_KINDS, TamaError, formatProblem, isTamaError} from './tama-error.js'
export type {ErrorKind, Problem, TamaErrorOptions} from './tama-error.js'
export {isNoRoom, unwritableFailure} from './storage-failure.js'
export {readOptions, readScopes} from './read-options.js'
