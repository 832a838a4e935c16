// Runs `tama-dex ARGV` through oclif alone, as bin/run.js does once its start-up paths
// (--version, search, mcp) have left a command to it: the path those are compared with.
process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1'
const {execute} = await import('@oclif/core')
await execute({dir: new URL('../../bin/run.js', import.meta.url).href, args: process.argv.slice(2)})
