import {spawn} from 'node:child_process'
import {mkdtemp} from 'node:fs/promises'
import path from 'node:path'
import {performance} from 'node:perf_hooks'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'

import {openIndex} from '../../dist/index.js'
import {median} from '../../tools/ranking/metrics.js'
import type {BenchSettings} from './bench-settings.js'
import type {BuiltCatalogue} from './build-bench.js'
import {runNode} from './child-process.js'
import {progress} from './progress.js'
import {pairedRatios, summarise, type Summary} from './summary.js'

export interface McpFigures {
  /** The cassettes in the index searched (GitHub and Incus in a full run). */
  readonly cassettes: readonly string[]
  /** `node -e 0`, the floor, round by round with the next. */
  readonly nodeMs: Summary
  /** Spawn of `tama-dex mcp` to the first byte of its answer to `initialize`. */
  readonly initializeMs: Summary
  readonly initializeRatio: Summary
  readonly queries: readonly string[]
  /** p50 of one block of searches, in process (`index.search` on an open index) and through the SDK's client. */
  readonly inProcessP50Ms: Summary
  readonly mcpP50Ms: Summary
  /** mcpP50Ms minus inProcessP50Ms, block by block. */
  readonly overheadMs: Summary
}

const QUERIES = [
  'list instances',
  'create a repository',
  'delete a snapshot',
  'get pull request reviews',
  'list issues for a repository',
  'add a label to an issue',
  'start an instance',
  'list storage pools',
]
const INITIALIZE = `${JSON.stringify({jsonrpc: '2.0', id: 0, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'bench', version: '0'}}})}\n`
const PREFERRED = ['github', 'incus']

/**
 * `tama-dex mcp` as an MCP client sees it: spawn to the `initialize` answer next to `node -e 0`
 * (interleaved round by round after an unmeasured round), then searches through the SDK's
 * client against the same searches in process, on an index of GitHub and Incus. The two
 * sides run in alternating blocks of the same queries, each in its steady state: a search
 * in process just before each call would slow the call on a loaded machine, which is the
 * machine's doing, not the server's.
 */
export async function benchMcp(repo: string, built: readonly BuiltCatalogue[], workDir: string, settings: BenchSettings): Promise<McpFigures> {
  const chosen = built.filter((catalogue) => PREFERRED.includes(catalogue.name))
  const cassettes = chosen.length > 0 ? chosen : built.slice(0, 1)
  const indexFile = path.join(await mkdtemp(path.join(workDir, 'mcp-')), 'index.sqlite3')
  const index = openIndex({path: indexFile})
  try {
    for (const catalogue of cassettes) await index.import(catalogue.cassette, {sha256: catalogue.sha256})
  } finally {
    index.close()
  }
  const scopes = cassettes.flatMap((catalogue) => [`${catalogue.name}.read`, `${catalogue.name}.write`])
  const serverArgs = ['bin/run.js', 'mcp', '--index', indexFile, ...scopes.flatMap((scope) => ['--scope', scope])]

  const node: number[] = []
  const initialize: number[] = []
  for (let round = -1; round < settings.coldStartRuns; round++) {
    if (round >= 0 && round % 5 === 0) progress(`mcp initialize: round ${round + 1}/${settings.coldStartRuns}`)
    const floor = (await runNode(['-e', '0'], {cwd: repo})).wallMs
    const answered = await timeToInitialize(repo, serverArgs)
    if (round < 0) continue
    node.push(floor)
    initialize.push(answered)
  }

  progress('mcp round trip: in process and through the SDK client, block by block')
  const reader = openIndex({path: indexFile, readonly: true})
  const client = new Client({name: 'tama-dex-bench', version: '0.0.0'})
  await client.connect(new StdioClientTransport({command: process.execPath, args: serverArgs, cwd: repo}))
  const inProcess: number[] = []
  const throughMcp: number[] = []
  try {
    await client.listTools()
    for (let block = -1; block < settings.mcpBlocks; block++) {
      const local: number[] = []
      const remote: number[] = []
      for (let pass = 0; pass < settings.mcpPasses; pass++) {
        for (const query of QUERIES) {
          const started = performance.now()
          reader.search(query, {scopes, limit: 10})
          local.push(performance.now() - started)
        }
      }
      for (let pass = 0; pass < settings.mcpPasses; pass++) {
        for (const query of QUERIES) {
          const started = performance.now()
          await client.callTool({name: 'search', arguments: {query}})
          remote.push(performance.now() - started)
        }
      }
      if (block < 0) continue
      inProcess.push(median(local))
      throughMcp.push(median(remote))
    }
  } finally {
    await client.close()
    reader.close()
  }
  return {
    cassettes: cassettes.map((catalogue) => catalogue.name),
    nodeMs: summarise(node),
    initializeMs: summarise(initialize),
    initializeRatio: pairedRatios(initialize, node),
    queries: QUERIES,
    inProcessP50Ms: summarise(inProcess),
    mcpP50Ms: summarise(throughMcp),
    overheadMs: summarise(throughMcp.map((ms, block) => ms - inProcess[block]!)),
  }
}

/** Milliseconds from spawning the server to the first byte of its answer to `initialize`. */
function timeToInitialize(repo: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, {cwd: repo, stdio: ['pipe', 'pipe', 'inherit']})
    child.once('error', reject)
    child.stdout.once('data', () => {
      const answered = performance.now() - started
      child.stdin.end()
      child.once('close', () => resolve(answered))
    })
    child.stdin.write(INITIALIZE)
  })
}
