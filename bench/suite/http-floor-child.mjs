// The floor under a search over HTTP: the same tools/call answer (the library's callTool, in
// a JSON-RPC response) from a plain node:http server with no MCP SDK, on loopback.
// Usage: node bench/suite/http-floor-child.mjs INDEX SCOPE...; prints its URL on stderr.
import {createServer} from 'node:http'

import {openIndex} from '../../dist/index.js'
import {callTool} from '../../dist/mcp.js'

const [indexFile, ...scopes] = process.argv.slice(2)
const index = openIndex({path: indexFile, readonly: true})

const server = createServer((request, response) => {
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', async () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    const result = await callTool(index, message.params.name, message.params.arguments, {scopes})
    response.writeHead(200, {'content-type': 'application/json'})
    response.end(JSON.stringify({jsonrpc: '2.0', id: message.id, result}))
  })
})
server.listen(0, '127.0.0.1', () => process.stderr.write(`answering at http://127.0.0.1:${server.address().port}/mcp\n`))
