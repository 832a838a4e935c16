/**
 * `tama-dex/mcp`: the search and execute MCP tools. Their definitions, handlers and
 * `callTool` are plain data and functions, free of any MCP SDK, for hosts that run their
 * own MCP server; `serveStdio` (stdio) and `serveHttp` (Streamable HTTP) serve them
 * themselves on the MCP SDK, which they alone load, when called.
 */
export {HTTP_LIMITS, TOOL_NAMES, callTool, executeTool, handleExecute, handleSearch, isToolFailure, searchTool, serveHttp, serveStdio} from './core/mcp/index.js'
export type {
  AgentRemedy,
  Caller,
  ExecuteCallOptions,
  ExecuteIndex,
  ExecuteToolOutput,
  HttpCaller,
  HttpLimits,
  HttpServing,
  IndexLender,
  OperationError,
  SearchHit,
  SearchIndex,
  SearchOptions,
  SearchToolOutput,
  ServeHttpOptions,
  ServeOptions,
  ServerInfo,
  ToolCallOptions,
  ToolCallResult,
  ToolDefinition,
  ToolError,
  ToolsIndex,
} from './core/mcp/index.js'
export type {ExecuteOptions, ExecuteResult, Executor, ExecutorCall, ExecutorMap, ExecutorRegistration} from './core/execute/index.js'
