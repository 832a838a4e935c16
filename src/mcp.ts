/**
 * `tama-dex/mcp`: the search and execute MCP tools. Their definitions, handlers and
 * `callTool` are plain data and functions, free of any MCP SDK, for hosts that run their
 * own MCP server; `serveStdio` serves them itself on the MCP SDK (an optional peer
 * dependency), which it alone loads, when called.
 */
export {TOOL_NAMES, callTool, executeTool, handleExecute, handleSearch, isToolFailure, searchTool, serveStdio} from './core/mcp/index.js'
export type {
  AgentRemedy,
  Caller,
  ExecuteCallOptions,
  ExecuteIndex,
  ExecuteToolOutput,
  IndexLender,
  OperationError,
  SearchHit,
  SearchIndex,
  SearchOptions,
  SearchToolOutput,
  ServeOptions,
  ServerInfo,
  ToolCallOptions,
  ToolCallResult,
  ToolDefinition,
  ToolError,
  ToolsIndex,
} from './core/mcp/index.js'
export type {ExecuteOptions, ExecuteResult, Executor, ExecutorCall, ExecutorMap, ExecutorRegistration} from './core/execute/index.js'
