import {spawn} from 'node:child_process'
import {mkdtemp} from 'node:fs/promises'
import path from 'node:path'
import {performance} from 'node:perf_hooks'

import {Client, StreamableHTTPClientTransport} from '@modelcontextprotocol/client'
import {StdioClientTransport} from '@modelcontextprotocol/client/stdio'

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
  /** Spawn of `tama-dex mcp` to the v2 client's first search answered, over stdio. */
  readonly stdioFirstAnswerMs: Summary
  readonly stdioFirstAnswerRatio: Summary
  /** A v2 client's connect to a running `tama-dex mcp --http` and its first search answered. */
  readonly httpFirstAnswerMs: Summary
  /** p50 of one block of searches, in process (`index.search` on an open index) and through the v2 SDK's client. */
  readonly inProcessP50Ms: Summary
  readonly mcpP50Ms: Summary
  /** mcpP50Ms minus inProcessP50Ms, block by block. */
  readonly overheadMs: Summary
  /** The same over Streamable HTTP, on each protocol revision, against its own in-process blocks. */
  readonly http: readonly HttpRoundTrips[]
  /**
   * Where the HTTP figures' time goes, on 2026-07-28: the v2 client's own request for each
   * search, sent with plain `fetch` (no client SDK) to `tama-dex mcp --http`, and to the
   * floor, a plain node:http server giving the same answer through the library's
   * `callTool` with no MCP SDK (bench/suite/http-floor-child.mjs).
   */
  readonly httpWithoutClientSdk: RoundTrips
  readonly httpFloor: RoundTrips
  /** Callers searching at once over HTTP, each its own client, for `heldSeconds`: at each pace, on each revision. */
  readonly concurrent: readonly ConcurrentFigures[]
}

/** Searches one way, block by block beside the same in process: the p50s of each, and their difference. */
export interface RoundTrips {
  readonly inProcessP50Ms: Summary
  readonly p50Ms: Summary
  readonly overheadMs: Summary
}

/** Searches through the v2 client over HTTP on one protocol revision. */
export interface HttpRoundTrips extends RoundTrips {
  readonly revision: HttpRevision
}

/** Many HTTP callers held at once: how many searches they sent, the failures, and the latency of all. */
export interface ConcurrentFigures {
  readonly revision: HttpRevision
  readonly callers: number
  /** Searches per second each caller sends on average (random gaps, as independent agents would), or null: each the moment its last is answered. */
  readonly pace: number | null
  readonly heldSeconds: number
  readonly searches: number
  readonly errors: number
  readonly p50Ms: number
  readonly p99Ms: number
}

/** The revisions an HTTP client may speak: the v2 client's default (2025-11-25, after negotiating) and 2026-07-28, pinned. */
export type HttpRevision = '2025-11-25' | '2026-07-28'
const HTTP_REVISIONS: readonly HttpRevision[] = ['2025-11-25', '2026-07-28']

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
const FLOOR_SERVER = 'bench/suite/http-floor-child.mjs'

/**
 * `tama-dex mcp` as an MCP client sees it, on an index of GitHub and Incus: spawn to the
 * `initialize` answer next to `node -e 0` (interleaved round by round after an unmeasured
 * round), spawn (stdio) or connect (HTTP) to the v2 client's first search answered, then
 * searches through the v2 client over stdio and over HTTP (on each revision) against the
 * same searches in process, and many HTTP callers at once, at each pace of the settings.
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

  const stdioFirst: number[] = []
  for (let round = -1; round < settings.coldStartRuns; round++) {
    if (round >= 0 && round % 5 === 0) progress(`mcp first answer through the v2 client: round ${round + 1}/${settings.coldStartRuns}`)
    const started = performance.now()
    const client = newClient()
    await client.connect(new StdioClientTransport({command: process.execPath, args: serverArgs, cwd: repo}))
    await client.callTool({name: 'search', arguments: {query: QUERIES[0]}})
    const answered = performance.now() - started
    await client.close()
    if (round >= 0) stdioFirst.push(answered)
  }

  const reader = openIndex({path: indexFile, readonly: true})
  const http = await startServer(repo, [...serverArgs, '--http', '127.0.0.1:0'], /serving MCP over HTTP at (\S+)/)
  const floor = await startServer(repo, [FLOOR_SERVER, indexFile, ...scopes], /answering at (\S+)/)
  try {
    progress('mcp round trip over stdio: in process and through the v2 client, block by block')
    const stdio = newClient()
    await stdio.connect(new StdioClientTransport({command: process.execPath, args: serverArgs, cwd: repo}))
    const overStdio = roundTrips(await inBlocks(reader, scopes, settings, await searchThrough(stdio)).finally(() => stdio.close()))

    progress('mcp over HTTP: connect to first answer, round trips, concurrent callers')
    const httpFirst: number[] = []
    for (let round = -1; round < settings.coldStartRuns; round++) {
      const started = performance.now()
      const client = await connectHttp(http.url)
      await client.callTool({name: 'search', arguments: {query: QUERIES[0]}})
      const answered = performance.now() - started
      await client.close()
      if (round >= 0) httpFirst.push(answered)
    }
    const overHttp: HttpRoundTrips[] = []
    for (const revision of HTTP_REVISIONS) {
      progress(`mcp round trip over HTTP on ${revision}: in process and through the v2 client, block by block`)
      const blocks = await withHttpClient(http.url, revision, async (client) => inBlocks(reader, scopes, settings, await searchThrough(client)))
      overHttp.push({revision, ...roundTrips(blocks)})
    }
    progress('mcp over HTTP on 2026-07-28 without the client SDK: the client\'s request through fetch, to tama-dex and to a server without the MCP SDK')
    const sent = await clientSearchRequest(http.url)
    const httpWithoutClientSdk = roundTrips(await inBlocks(reader, scopes, settings, (query) => replay(http.url, sent, query)))
    const httpFloor = roundTrips(await inBlocks(reader, scopes, settings, (query) => replay(floor.url, sent, query)))
    const concurrent: ConcurrentFigures[] = []
    for (const pace of settings.httpPaces) {
      for (const revision of HTTP_REVISIONS) {
        progress(`mcp over HTTP: ${settings.httpCallers} callers on ${revision}, ${pace === null ? 'back to back' : `${pace} searches/s each`}, ${settings.httpHeldSeconds} s`)
        concurrent.push(await holdCallers(http.url, revision, settings.httpCallers, pace, settings.httpHeldSeconds))
      }
    }
    return {
      cassettes: cassettes.map((catalogue) => catalogue.name),
      nodeMs: summarise(node),
      initializeMs: summarise(initialize),
      initializeRatio: pairedRatios(initialize, node),
      queries: QUERIES,
      stdioFirstAnswerMs: summarise(stdioFirst),
      stdioFirstAnswerRatio: pairedRatios(stdioFirst, node),
      httpFirstAnswerMs: summarise(httpFirst),
      inProcessP50Ms: overStdio.inProcessP50Ms,
      mcpP50Ms: overStdio.p50Ms,
      overheadMs: overStdio.overheadMs,
      http: overHttp,
      httpWithoutClientSdk,
      httpFloor,
      concurrent,
    }
  } finally {
    reader.close()
    await Promise.all([http.stop(), floor.stop()])
  }
}

function newClient(revision: HttpRevision = '2025-11-25'): Client {
  return new Client({name: 'tama-dex-bench', version: '0.0.0'}, revision === '2026-07-28' ? {versionNegotiation: {mode: {pin: revision}}} : {})
}

async function connectHttp(url: URL, revision?: HttpRevision): Promise<Client> {
  const client = newClient(revision)
  await client.connect(new StreamableHTTPClientTransport(url))
  return client
}

async function withHttpClient<T>(url: URL, revision: HttpRevision, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await connectHttp(url, revision)
  return use(client).finally(() => client.close())
}

/** A search through `client`, once it has listed the tools (as a client does before calling one). */
async function searchThrough(client: Client): Promise<(query: string) => Promise<unknown>> {
  await client.listTools()
  return (query) => client.callTool({name: 'search', arguments: {query}})
}

/** A search request as the v2 client sends it on 2026-07-28: its headers and its body, recorded from a real call. */
interface SentRequest {
  readonly headers: Record<string, string>
  readonly body: {params: {arguments: {query: string}}}
}

async function clientSearchRequest(url: URL): Promise<SentRequest> {
  let sent: SentRequest | undefined
  const recording: typeof fetch = (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as SentRequest['body'] & {method?: string}) : undefined
    if (body?.method === 'tools/call') sent = {headers: Object.fromEntries(new Headers(init!.headers)), body}
    return fetch(input, init)
  }
  const client = newClient('2026-07-28')
  await client.connect(new StreamableHTTPClientTransport(url, {fetch: recording}))
  await client.callTool({name: 'search', arguments: {query: QUERIES[0]}}).finally(() => client.close())
  if (sent === undefined) throw new Error('The v2 client sent no tools/call request to record.')
  return sent
}

/** `sent`, asking `query`, posted to `url` with plain fetch, its answer read whole: a refusal or an error fails the run rather than being timed. */
async function replay(url: URL, sent: SentRequest, query: string): Promise<unknown> {
  const body = {...sent.body, params: {...sent.body.params, arguments: {...sent.body.params.arguments, query}}}
  const response = await fetch(url, {method: 'POST', headers: sent.headers, body: JSON.stringify(body)})
  const answer = (await response.json()) as {error?: unknown; result?: {isError?: boolean}}
  if (!response.ok || answer.error !== undefined || answer.result?.isError === true) throw new Error(`${url} answered ${response.status} without a search result.`)
  return answer
}

function roundTrips(blocks: {inProcess: number[]; throughMcp: number[]}): RoundTrips {
  return {inProcessP50Ms: summarise(blocks.inProcess), p50Ms: summarise(blocks.throughMcp), overheadMs: summarise(blocks.throughMcp.map((ms, block) => ms - blocks.inProcess[block]!))}
}

/**
 * The same queries in process and through `search`, in alternating blocks, each side in
 * its steady state: a search in process just before each call would slow the call on a
 * loaded machine, which is the machine's doing, not the server's. The p50 of each block.
 */
async function inBlocks(reader: ReturnType<typeof openIndex>, scopes: string[], settings: BenchSettings, search: (query: string) => Promise<unknown>): Promise<{inProcess: number[]; throughMcp: number[]}> {
  const inProcess: number[] = []
  const throughMcp: number[] = []
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
        await search(query)
        remote.push(performance.now() - started)
      }
    }
    if (block < 0) continue
    inProcess.push(median(local))
    throughMcp.push(median(remote))
  }
  return {inProcess, throughMcp}
}

/**
 * `callers` clients on `revision`, each searching for `seconds` at `pace` searches a
 * second on average (random gaps, each caller starting at a random point of its first
 * gap, as independent agents would), or back to back when `pace` is null. Each client's
 * first search, which compiles its own checks of the tools' output, comes before the
 * clock starts. A failed call or an error answer counts as an error.
 */
async function holdCallers(url: URL, revision: HttpRevision, callers: number, pace: number | null, seconds: number): Promise<ConcurrentFigures> {
  const clients = await Promise.all(Array.from({length: callers}, () => connectHttp(url, revision)))
  const latencies: number[] = []
  let errors = 0
  const meanGapMs = pace === null ? 0 : 1000 / pace
  const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())
  try {
    await Promise.all(clients.map((client) => client.callTool({name: 'search', arguments: {query: QUERIES[0]}})))
    const until = performance.now() + seconds * 1000
    await Promise.all(clients.map(async (client, caller) => {
      await pause(Math.random() * meanGapMs)
      for (let call = caller; performance.now() < until; call++) {
        const started = performance.now()
        try {
          const answer = await client.callTool({name: 'search', arguments: {query: QUERIES[call % QUERIES.length]}})
          if (answer.isError) errors++
        } catch {
          errors++
        }
        latencies.push(performance.now() - started)
        await pause(-Math.log(1 - Math.random()) * meanGapMs)
      }
    }))
  } finally {
    await Promise.all(clients.map((client) => client.close()))
  }
  latencies.sort((a, b) => a - b)
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? Number.NaN
  return {revision, callers, pace, heldSeconds: seconds, searches: latencies.length, errors, p50Ms: at(0.5), p99Ms: at(0.99)}
}

/** `node args`, spawned, once it has printed where it answers (the first group of `answering`). */
function startServer(repo: string, args: readonly string[], answering: RegExp): Promise<{url: URL; stop(): Promise<void>}> {
  const child = spawn(process.execPath, args, {cwd: repo, stdio: ['ignore', 'ignore', 'pipe']})
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let stderr = ''
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      const url = answering.exec(stderr)?.[1]
      if (url !== undefined) resolve({url: new URL(url), stop: () => (child.kill('SIGTERM'), exited)})
    })
    child.once('exit', (code) => reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`)))
  })
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
