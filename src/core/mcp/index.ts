export {GuardedTransport} from './guarded-transport.js'
export {handleExecute} from './handle-execute.js'
export type {ExecuteCallOptions} from './handle-execute.js'
export {handleSearch} from './handle-search.js'
export {executeTool, searchTool} from './tool-definitions.js'
export type {ToolDefinition} from './tool-definitions.js'
export {isToolFailure, toToolError} from './tool-failure.js'
export type {
  Caller,
  ExecuteIndex,
  ExecuteToolOutput,
  OperationError,
  SearchHit,
  SearchIndex,
  SearchOptions,
  SearchToolOutput,
  ToolError,
} from './tool-index.js'
