// A host serving the search and execute tools over its own stdio, with tama-dex's server:
//
//   node examples/host/mcp-server.mjs INDEX SCOPE...
//
// It keeps the index open for the session (a TamaIndex sees every commit as it happens);
// the MCP SDK, an optional peer dependency of tama-dex, is loaded by serveStdio alone.

import {openIndex} from 'tama-dex'
import {serveStdio} from 'tama-dex/mcp'

import {executors} from '../executors/executors.mjs'

const [path, ...scopes] = process.argv.slice(2)
const index = openIndex({path, readonly: true})
try {
  await serveStdio(index, {scopes, executors, timeout: 30_000, onIndexFailure: (error) => console.error(`index: ${error.message}`)})
} finally {
  index.close()
}
