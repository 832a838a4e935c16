// A host serving the tools with serveStdio from `tama-dex/mcp`, over its own stdio:
//   node serve-host.mjs INDEX open|lend SCOPE...
// `open` keeps one read-only index open for the session; `lend` opens it afresh per call.
import {openIndex} from 'tama-dex'
import {serveStdio} from 'tama-dex/mcp'

const [path, mode, ...scopes] = process.argv.slice(2)
const options = {scopes, serverInfo: {name: 'test-host', version: '9.9.9'}, onIndexFailure: (error) => process.stderr.write(`host log: ${error.message}\n`)}
if (mode === 'open') {
  const index = openIndex({path, readonly: true})
  try {
    await serveStdio(index, options)
  } finally {
    index.close()
  }
} else {
  await serveStdio(async (use) => {
    const index = openIndex({path, readonly: true})
    try {
      return await use(index)
    } finally {
      index.close()
    }
  }, options)
}
