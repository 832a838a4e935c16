export {echoedValue} from './confirmation.js'
export {executeOperation} from './execute-operation.js'
export {checkExecutorMap, resolveExecutor} from './executor-registry.js'
export type {ResolvedExecutor} from './executor-registry.js'
export {nothingInstalled, operationNotVisible} from './operation-not-visible.js'
export type {OperationSuggestion} from './operation-not-visible.js'
export {loadExecutors} from './load-executors.js'
export {NOT_SENT_CODE, NotSentError} from './not-sent.js'
export {readInput} from './read-input.js'
export {SchemaValidator, schemaValidator} from './schema-validator.js'
export type {
  DispatchPlan,
  ExecuteOptions,
  ExecuteResult,
  Executor,
  ExecutorCall,
  ExecutorMap,
  ExecutorRegistration,
  OperationCatalog,
} from './types.js'
