// A host serving the search and execute tools over Streamable HTTP to its own users, with
// its own authentication (here API keys from its settings; OAuth works the same way):
//
//   TEAM_KEYS='{"key-of-ci": {"name": "ci", "scopes": ["incus.read"]}}' \
//     node examples/host/mcp-http-server.mjs INDEX PORT
//
// Clients connect to the printed http://127.0.0.1:PORT/mcp with `Authorization: Bearer KEY`.

import {openIndex} from 'tama-dex'
import {serveHttp} from 'tama-dex/mcp'

import {executors} from '../executors/executors.mjs'

const [path, port] = process.argv.slice(2)
const keys = new Map(Object.entries(JSON.parse(process.env.TEAM_KEYS ?? '{}')))

/** The caller a request's bearer key names, or undefined: answered 401. */
function authenticate(request) {
  const key = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  const user = key === undefined ? undefined : keys.get(key)
  return user === undefined ? undefined : {name: user.name, scopes: user.scopes}
}

const index = openIndex({path, readonly: true})
const serving = await serveHttp(index, {host: '127.0.0.1', port: Number(port), authenticate, executors, timeout: 30_000})
console.error(`serving ${serving.url}`)
process.once('SIGTERM', async () => {
  await serving.close()
  index.close()
})
