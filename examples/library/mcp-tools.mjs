// The two MCP tools as plain data, and their handlers called the way a host's own MCP
// server calls them, without the MCP SDK. Run: npm run build && node examples/library/mcp-tools.mjs
import {openIndex, readDocumentFile} from 'tama-dex'
import {searchTool, executeTool, handleSearch, handleExecute, isToolFailure} from 'tama-dex/mcp'

searchTool()   // {name: 'search', title, description, inputSchema, outputSchema, annotations}
executeTool()  // {name: 'execute', ...}
console.log(`tools: ${searchTool().name}, ${executeTool().name}`)

/** A stand-in executor; a real one calls the API (examples/executors/). */
const executors = {incus: {execute: async (call, input) => ({name: input.name, status: 'Running', session: call.context.session})}}
const signal = AbortSignal.timeout(60_000)
const timeout = 30_000

const index = openIndex({path: ':memory:'})
try {
  await index.load(await readDocumentFile(new URL('../incus.yaml', import.meta.url).pathname), {cassette: 'incus'})
  const caller = {scopes: ['incus.read'], context: {session: 's-1'}}
  const found = await handleSearch(index, {query: 'list instances'}, caller)
  const ran = await handleExecute(index, {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}, caller, executors, {signal, timeout})
  const isError = isToolFailure(ran)
  console.log(`search: ${found.results[0].cassette} ${found.results[0].operation_id}`)
  console.log(`execute: ${isError ? 'failed' : JSON.stringify(ran.result)}`)
} finally {
  index.close()
}
