export type {ServerInfo} from './revisions/index.js'
export {handleExecute} from './handle-execute.js'
export type {ExecuteCallOptions} from './handle-execute.js'
export {handleSearch} from './handle-search.js'
export {HTTP_LIMITS, isLoopback, readTokenFile, serveHttp, tokenAuthenticator} from './http/index.js'
export type {HttpCaller, HttpLimits, HttpServing, ServeHttpOptions} from './http/index.js'
export {serveStdio} from './stdio/index.js'
export type {ServeOptions} from './stdio/index.js'
export type {AgentRemedy} from './agent-remedies.js'
export {TOOL_NAMES, callTool} from './tool-call.js'
export type {IndexLender, ToolCallOptions, ToolCallResult, ToolsIndex} from './tool-call.js'
export type {ConfirmBy} from './tool-server.js'
export {executeTool, searchTool} from './tool-definitions.js'
export type {ToolDefinition} from './tool-definitions.js'
export {isToolFailure} from './tool-failure.js'
export type {
  Caller,
  ExecuteIndex,
  ExecuteToolOutput,
  OperationError,
  SearchAnswer,
  SearchHit,
  SearchIndex,
  SearchOptions,
  SearchToolOutput,
  ToolError,
} from './tool-index.js'
