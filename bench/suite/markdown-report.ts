import type {BenchReport} from './bench-report.js'
import type {Summary} from './summary.js'
import {type TargetResult, pacing} from './targets.js'

/** The chart files the report links to, by what they show. */
export interface ChartFiles {
  readonly searchLatency: string
  readonly buildTime: string
}

/** latest.md: every figure of a run as a median (min–max), every comparison as a ratio. */
export function markdownReport(report: BenchReport, charts: ChartFiles): string {
  const {machine} = report
  const lines = [
    '# tama-dex benchmarks',
    '',
    `${report.mode === 'smoke' ? '**Smoke run** (tiny sizes, 1–2 runs: checks the benchmark works; the figures mean nothing). ' : ''}` +
      `Run ${report.startedAt}, ${report.durationSeconds.toFixed(0)} s; tama-dex ${report.tamaDexVersion}, swagger-parser ${report.swaggerParserVersion}.`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGB.toFixed(0)} GB, ${machine.platform}, Node.js ${machine.node}; ` +
      `1-minute load average ${machine.loadAverage.start.toFixed(2)} at the start, ${machine.loadAverage.end.toFixed(2)} at the end.`,
    '',
    'Each figure is the median of its runs, with the minimum and maximum in brackets. Each ratio is taken run by run between ' +
      'two figures measured side by side, then summarised the same way. Targets are judged on the median. ' +
      'See docs/benchmarks.md for what each figure means and how to read it.',
    '',
    `Runs: build ${count(report.settings.buildRuns, 'run')} in process and ${count(report.settings.memoryRuns, 'child-process run')} per catalogue and tool; ` +
      `import ${count(report.settings.importRuns, 'run')} per cassette and mode; search ${count(report.settings.searchRuns, 'run')} of ${report.settings.searchQueries} queries per size; ` +
      `search under import ${count(report.settings.underImportRuns, 'import')}; cold start ${count(report.settings.coldStartRuns, 'round')}.`,
    '',
    '## Targets',
    '',
    table(
      ['target', 'limit', 'measured (median, min–max)', 'status'],
      report.targets.map((t) => [t.target, `${t.comparison} ${t.limit} ${t.unit}`, t.measured === null ? '—' : spread(t.measured, t.unit), status(t)]),
    ),
    '',
    '## Cassette build vs swagger-parser `validate()`',
    '',
    'Time: `readDocumentInputs` + `buildCassette` (what `tama-dex cassette build` does) against `SwaggerParser.validate(file)`, ' +
      'both library calls in this process, alternating. Memory: `node bin/run.js cassette build ...` against `node -e` calling `validate()`, ' +
      'each a fresh process; peak RSS as the process itself reports it (`process.resourceUsage().maxRSS`), Node.js included.',
    '',
    table(
      ['catalogue', 'operations', 'document', 'cassette', 'build', 'operations/s', 'validate()', 'build / validate()'],
      report.build.map((b) => [
        b.name,
        integer(b.operations),
        megabytes(b.documentBytes),
        megabytes(b.cassetteBytes),
        spread(b.buildMs, 'ms'),
        integer(b.operationsPerSecond),
        `${spread(b.validateMs, 'ms')}${b.validateAccepted ? '' : ' (rejected)'}`,
        spread(b.timeRatio, 'x'),
      ]),
    ),
    '',
    table(
      ['catalogue', '`cassette build` peak RSS', '`validate()` peak RSS', 'build / validate()', '`cassette build` wall time (CLI)'],
      report.build.map((b) => [b.name, spread(b.cliPeakRssMB, 'MB'), spread(b.validatePeakRssMB, 'MB'), spread(b.memoryRatio, 'x'), spread(b.cliWallMs, 'ms')]),
    ),
    '',
    '## Import into a host index: copy vs rebuild',
    '',
    '`index.import(file, {sha256})` (copy mode: the pinned cassette\'s prebuilt rows) against `index.import(file)` (rebuild mode: ' +
      're-validates the embedded documents), each into a fresh index file, timed in a fresh Node.js process; a rebuild runs in the ' +
      'library\'s worker thread, whose start is included, a copy on the calling thread. `all` imports every cassette, one after another, into one fresh index. ' +
      '*Copy\'s checks alone* and *writing alone*: the same copies in two halves timed apart, with the install\'s modules loaded before either: reading, hashing and checking ' +
      'each cassette, then committing it (attaching the checked bytes, the SQL copy, FTS5, the commit itself). Rebuild over writing alone is the most a copy that checked nothing could reach. ' +
      'Through the CLI: one `tama-dex index import` process per cassette, spawn to exit, so its cold start is included.',
    '',
    table(
      ['cassette', 'operations', 'copy', 'rebuild', 'copy speed-up (rebuild / copy)', 'copy\'s checks alone', 'copy\'s writing alone', 'rebuild / writing alone', 'CLI copy', 'CLI rebuild', 'CLI speed-up'],
      report.import.map((i) => [
        i.name,
        integer(i.operations),
        spread(i.copyMs, 'ms'),
        spread(i.rebuildMs, 'ms'),
        spread(i.speedup, 'x'),
        spread(i.copyCheckMs, 'ms'),
        spread(i.copyWriteMs, 'ms'),
        spread(i.writeSpeedup, 'x'),
        spread(i.cliCopyMs, 'ms'),
        spread(i.cliRebuildMs, 'ms'),
        spread(i.cliSpeedup, 'x'),
      ]),
    ),
    '',
    '## Search latency by catalogue size',
    '',
    `\`index.search(query, {scopes, limit: 10})\` on a file index holding a synthetic catalogue (the public retrieval sets' operations ` +
      'recombined, in cassettes of 500, scopes mixed), each size in a Node.js process of its own, with the caller holding read and write scopes of every cassette; ' +
      `each run searches the same ${report.settings.searchQueries} queries (${count(report.settings.searchRuns, 'run')}). The floor is raw FTS5 \`MATCH ... ORDER BY rank LIMIT 10\` ` +
      'on the same table with the same terms, run after each query on a second connection. ' +
      '*p99 CPU time* is the p99 of the CPU time each search used, in every thread of the process: where it is far below p99, the slow searches were waiting for the CPU, not working.',
    '',
    table(
      ['operations', 'cassettes', 'p50', 'p99', 'p99 CPU time', 'floor p50', 'floor p99', 'p50 / floor', 'p99 / floor'],
      report.searchLatency.map((s) => [
        integer(s.operations),
        integer(s.cassettes),
        spread(s.p50Ms, 'ms'),
        spread(s.p99Ms, 'ms'),
        spread(s.cpuP99Ms, 'ms'),
        spread(s.floorP50Ms, 'ms'),
        spread(s.floorP99Ms, 'ms'),
        spread(s.ratioP50, 'x'),
        spread(s.ratioP99, 'x'),
      ]),
    ),
    '',
    '## Search while an import runs',
    '',
    underImport(report),
    '',
    '## CLI cold start',
    '',
    `Spawn to exit of the built CLI, interleaved round by round with \`node -e 0\` (the floor). \`search\` runs "${report.coldStart.query}" ` +
      `against an index holding the ${report.coldStart.cassette} cassette. oclif.manifest.json ${report.coldStart.manifest ? 'was' : 'was **not**'} present.`,
    '',
    table(
      ['command', 'wall time', 'over `node -e 0`'],
      [
        ['`node -e 0`', spread(report.coldStart.nodeMs, 'ms'), '1x'],
        ['`tama-dex --version`', spread(report.coldStart.versionMs, 'ms'), spread(report.coldStart.versionRatio, 'x')],
        ['`tama-dex search`', spread(report.coldStart.searchMs, 'ms'), spread(report.coldStart.searchRatio, 'x')],
        ['`tama-dex search --json` (oclif answers)', spread(report.coldStart.searchJsonMs, 'ms'), spread(report.coldStart.searchJsonRatio, 'x')],
      ],
    ),
    '',
    '## MCP server',
    '',
    `\`tama-dex mcp\` from spawn to the first byte of its \`initialize\` answer, interleaved round by round with \`node -e 0\`; from spawn (stdio) or connect (HTTP, \`--http\`) to the MCP v2 client's first search answered; then searches ` +
      `(${report.mcp.queries.length} queries) on an index of ${report.mcp.cassettes.join(' and ')}, in process (\`index.search\`) and through the v2 client over each transport, ` +
      `in alternating blocks (figures are the medians of the blocks' p50s); the v2 client's own search request sent with plain \`fetch\`, to \`tama-dex mcp --http\` and to a plain \`node:http\` server answering through the library's \`callTool\` with no MCP SDK (the floor: what the loopback round trip and a second process cost by themselves); and HTTP callers, each its own client, searching at once, at a pace (random gaps averaging it, as independent agents would) or back to back, each client's first search before the clock.`,
    '',
    table(
      ['figure', 'measured', 'over the floor'],
      [
        ['`node -e 0`', spread(report.mcp.nodeMs, 'ms'), '1x'],
        ['spawn to `initialize` answer', spread(report.mcp.initializeMs, 'ms'), spread(report.mcp.initializeRatio, 'x')],
        ['search in process, p50', spread(report.mcp.inProcessP50Ms, 'ms'), ''],
        ['stdio: spawn to first search answered (v2 client)', spread(report.mcp.stdioFirstAnswerMs, 'ms'), spread(report.mcp.stdioFirstAnswerRatio, 'x')],
        ['stdio: search through the v2 client, p50', spread(report.mcp.mcpP50Ms, 'ms'), `+${spread(report.mcp.overheadMs, 'ms')}`],
        ['HTTP: connect to first search answered (v2 client)', spread(report.mcp.httpFirstAnswerMs, 'ms'), ''],
        ...report.mcp.http.flatMap(({revision, inProcessP50Ms, p50Ms, overheadMs}) => [
          [`HTTP on ${revision}: search in process, p50`, spread(inProcessP50Ms, 'ms'), ''],
          [`HTTP on ${revision}: search through the v2 client, p50`, spread(p50Ms, 'ms'), `+${spread(overheadMs, 'ms')}`],
        ]),
        [
          'HTTP on 2026-07-28: the v2 client\'s search request sent with plain `fetch` (no client SDK), p50',
          spread(report.mcp.httpWithoutClientSdk.p50Ms, 'ms'),
          `+${spread(report.mcp.httpWithoutClientSdk.overheadMs, 'ms')}`,
        ],
        ['HTTP floor: the same request and answer from plain `node:http` without the MCP SDK (`callTool`), p50', spread(report.mcp.httpFloor.p50Ms, 'ms'), `+${spread(report.mcp.httpFloor.overheadMs, 'ms')}`],
        ...report.mcp.concurrent.map((held) => [
          `HTTP on ${held.revision}: ${held.callers} callers ${pacing(held.pace)} for ${held.heldSeconds} s (${held.searches} searches, ${held.errors} errors), p50 / p99`,
          `${held.p50Ms.toFixed(1)} / ${held.p99Ms.toFixed(1)} ms`,
          '',
        ]),
      ],
    ),
    '',
    '## Retrieval quality',
    '',
    `From \`${report.retrieval.command}\` (the search benchmark module${report.retrieval.quick ? ': a sample of each set\'s queries' : ''}), ` +
      'next to a plain BM25 and the MiniSearch library, both given the same text as tama-dex (the id, its camelCase words split for MiniSearch, the summary, description, tags and input field names) and MiniSearch its default configuration. Recall@k: share of queries with a relevant operation in the top k; MRR: mean reciprocal rank.',
    '',
    table(
      ['set', 'method', 'operations', 'queries', 'Recall@1', 'Recall@5', 'Recall@10', 'MRR'],
      report.retrieval.sets.flatMap((r) =>
        (
          [
            ['tama-dex', r.ours],
            ['plain BM25', r.bm25],
            ['MiniSearch', r.minisearch],
          ] as const
        ).map(([method, q]) => [r.set, method, integer(r.operations), integer(r.queries), fixed(q.recall1), fixed(q.recall5), fixed(q.recall10), fixed(q.mrr)]),
      ),
      2,
    ),
    '',
    '## Charts',
    '',
    `![Search latency against catalogue size](${charts.searchLatency})`,
    '',
    `![Build time per catalogue against swagger-parser](${charts.buildTime})`,
    '',
  ]
  return lines.join('\n')
}

function underImport(report: BenchReport): string {
  const u = report.searchUnderImport
  return [
    `In a Node.js process of its own, the main thread searches the ${integer(u.operations)}-operation index in a loop (yielding to the event loop between queries) while ` +
      `\`index.import\` installs ${u.importCassette} (${integer(u.importOperations)} operations, rebuild mode) into the same file in its worker thread. ` +
      'Idle: the same loop just before, with nothing importing.',
    '',
    table(
      ['import time', 'searches during it', 'idle p99', 'busy p50', 'busy p99', 'busy p99 / idle p99'],
      [[spread(u.importMs, 'ms'), spread(u.searches, ''), spread(u.idleP99Ms, 'ms'), spread(u.busyP50Ms, 'ms'), spread(u.busyP99Ms, 'ms'), spread(u.ratioP99, 'x')]],
    ),
  ].join('\n')
}

function status(t: TargetResult): string {
  return t.status === 'met' ? 'met' : t.status === 'missed' ? '**missed**' : 'not measured'
}

/** A Markdown table; `textColumns` leading columns are left-aligned, the figures after them right-aligned. */
function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>, textColumns = 1): string {
  const rule = header.map((_, i) => (i < textColumns ? '---' : '---:')).join('|')
  return [`| ${header.join(' | ')} |`, `|${rule}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

/** `median unit (min–max)`, with as many digits as the size of the number deserves. */
function spread(s: Summary, unit: string): string {
  const suffix = unit === 'x' ? 'x' : unit === '' ? '' : ` ${unit}`
  return `${number(s.median)}${suffix} (${number(s.min)}–${number(s.max)})`
}

function number(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2
  return value.toLocaleString('en-US', {minimumFractionDigits: digits, maximumFractionDigits: digits})
}

function integer(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}

function megabytes(bytes: number): string {
  return `${number(bytes / 1e6)} MB`
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

function fixed(value: number): string {
  return value.toFixed(3)
}
