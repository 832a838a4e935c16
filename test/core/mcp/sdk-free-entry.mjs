// Fails any import of the MCP SDK, then imports what argv[2] names (`tama-dex/mcp`, say)
// and, with argv[3] = call, uses its data-only exports: exit 0 only if that never needed the SDK.
import {register} from 'node:module'

register('data:text/javascript,' + encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@modelcontextprotocol/')) throw new Error('the MCP SDK was loaded: ' + specifier)
  return next(specifier, context)
}`))

const entry = await import(process.argv[2])
if (process.argv[3] === 'call') {
  const index = {search: () => ({results: []}), execute: async () => ({result: null})}
  const answer = await entry.callTool(index, 'search', {query: 'list instances'}, {scopes: ['incus.read']})
  if (JSON.stringify(answer.structuredContent) !== '{"results":[]}' || entry.searchTool().name !== 'search') process.exit(3)
}
