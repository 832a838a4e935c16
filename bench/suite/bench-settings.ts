/** How much of everything a benchmark run does: the full run, or the seconds-long smoke run CI uses. */
export interface BenchSettings {
  readonly smoke: boolean
  /** In-process timing runs per catalogue (tama-dex and swagger-parser alternate). */
  readonly buildRuns: number
  /** Fresh child processes per catalogue and tool, for peak memory. */
  readonly memoryRuns: number
  /** Imports per catalogue and mode, each into a fresh index file. */
  readonly importRuns: number
  /** Catalogue sizes (operations) search latency is measured at. */
  readonly searchSizes: readonly number[]
  /** Queries per latency run; p50 and p99 are taken over them. */
  readonly searchQueries: number
  readonly searchRuns: number
  /** Operations already in the index while a large import runs in the background. */
  readonly underImportOperations: number
  readonly underImportRuns: number
  /** Rounds of `node -e 0`, `tama-dex --version` and `tama-dex search`, and of `tama-dex mcp` up to its initialize answer. */
  readonly coldStartRuns: number
  /** Blocks of MCP round trips (each block the queries in process, then through the SDK client), and passes over the queries per block. */
  readonly mcpBlocks: number
  readonly mcpPasses: number
  /** HTTP callers searching at once, for how long, and at which paces (searches a second each; null: back to back). */
  readonly httpCallers: number
  readonly httpHeldSeconds: number
  readonly httpPaces: readonly (number | null)[]
}

// Chosen so the full run takes about ten minutes on a busy 2-core machine: a round of
// imports costs ~25 s, a pass of the raw FTS5 floor at 100k operations ~15 s, and the HTTP
// callers hold 3 minutes (3 paces, 2 revisions, 30 s each).
export const FULL: BenchSettings = {
  smoke: false,
  buildRuns: 5,
  memoryRuns: 3,
  importRuns: 3,
  searchSizes: [1_000, 10_000, 100_000],
  searchQueries: 300,
  searchRuns: 3,
  underImportOperations: 10_000,
  underImportRuns: 5,
  coldStartRuns: 20,
  mcpBlocks: 10,
  mcpPasses: 3,
  httpCallers: 50,
  httpHeldSeconds: 30,
  httpPaces: [1, 5, null],
}

export const SMOKE: BenchSettings = {
  smoke: true,
  buildRuns: 1,
  memoryRuns: 1,
  importRuns: 1,
  searchSizes: [200, 1_000],
  searchQueries: 20,
  searchRuns: 1,
  underImportOperations: 200,
  underImportRuns: 1,
  coldStartRuns: 2,
  mcpBlocks: 2,
  mcpPasses: 1,
  httpCallers: 5,
  httpHeldSeconds: 1,
  httpPaces: [5, null],
}
