#!/usr/bin/env node
import module from 'node:module'

// Node 22.1 and later keep compiled code between runs; older versions start without it.
module.enableCompileCache?.()

// oclif checks its own engines range (Node >= 18) with semver on every start; tama-dex's
// own range is narrower, so the check cannot warn, and skipping it spares loading semver.
process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1'

// Output cut short by a closed pipe (`| head`) is no failure. oclif's Command module says
// the same once it loads; the answers given before it loads need it too.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error
})

if (!(process.argv[2] === '--version' && (await printVersion())) && !(process.argv[2] === 'search' && (await searchBeforeOclif()))) {
  // An MCP client waits for its initialize answer: it comes before oclif has loaded.
  const mcpStart = process.argv[2] === 'mcp' ? await import('../dist/cli/mcp-start.js') : undefined
  await mcpStart?.startMcp(process.argv.slice(3))
  const {execute} = await import('@oclif/core')
  await execute({dir: import.meta.url})
  mcpStart?.endMcpStart()
}

/** A search that succeeds is answered before oclif loads; anything else is left to oclif. */
async function searchBeforeOclif() {
  const {searchBeforeOclif} = await import('../dist/cli/search-start.js')
  return searchBeforeOclif(process.argv.slice(3))
}

/**
 * What oclif prints for `--version` (its config's userAgent), without loading oclif.
 * False, and oclif answers, when the platform cannot be told apart as oclif would.
 */
async function printVersion() {
  const {readFileSync} = await import('node:fs')
  const {arch} = await import('node:os')
  const {name, version} = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  let platform = process.platform
  if (platform === 'linux') {
    // oclif reports WSL as its own platform, telling it apart with is-wsl.
    const isWsl = await import('is-wsl').then((loaded) => loaded.default, () => undefined)
    if (isWsl === undefined) return false
    if (isWsl) platform = 'wsl'
  }
  process.stdout.write(`${name}/${version} ${platform}-${arch() === 'ia32' ? 'x86' : arch()} node-${process.version}\n`)
  return true
}
