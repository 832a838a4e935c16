/**
 * `tama-dex/mcp`: the search and execute MCP tools as plain data and handlers, for hosts
 * that run their own MCP server. Free of any MCP SDK: wire the handlers to yours.
 */
export {executeTool, handleExecute, handleSearch, isToolFailure, searchTool} from './core/mcp/index.js'
export type {
  Caller,
  ExecuteCallOptions,
  ExecuteIndex,
  ExecuteToolOutput,
  OperationError,
  SearchHit,
  SearchIndex,
  SearchOptions,
  SearchToolOutput,
  ToolDefinition,
  ToolError,
} from './core/mcp/index.js'
export type {ExecuteOptions, ExecuteResult, Executor, ExecutorCall, ExecutorMap, ExecutorRegistration} from './core/execute/index.js'
