import type {BenchReport} from './bench-report.js'
import {barChartSvg, lineChartSvg} from './svg-chart.js'
import {SEARCH_P99_TARGETS} from './targets.js'

/** The report's two charts, as SVG documents by file name. */
export function reportCharts(report: BenchReport): {searchLatency: string; buildTime: string} {
  const at = (pick: (s: BenchReport['searchLatency'][number]) => {median: number; min: number; max: number}) =>
    report.searchLatency.map((s) => ({x: s.operations, y: pick(s)}))
  const sizes = new Set(report.searchLatency.map((s) => s.operations))
  const targets = SEARCH_P99_TARGETS.filter(({operations}) => sizes.has(operations)).map(({operations, ms}) => ({x: operations, y: {median: ms, min: ms, max: ms}}))
  return {
    searchLatency: lineChartSvg('Search latency against catalogue size', 'operations in the index', 'milliseconds (log scale; dot: median, line: min–max)', [
      {name: 'tama-dex p50', points: at((s) => s.p50Ms)},
      {name: 'tama-dex p99', points: at((s) => s.p99Ms)},
      {name: 'FTS5 floor p50', points: at((s) => s.floorP50Ms), dashed: true},
      {name: 'FTS5 floor p99', points: at((s) => s.floorP99Ms), dashed: true},
      {name: 'target for p99', points: targets, markers: true},
    ].filter((series) => series.points.length > 0)),
    buildTime: barChartSvg(
      'Cassette build against swagger-parser validate()',
      'milliseconds, in process (bar: median; line: min–max)',
      ['tama-dex cassette build', 'swagger-parser validate()'],
      report.build.map((b) => ({label: `${b.name} (${b.operations})`, bars: [b.buildMs, b.validateMs]})),
    ),
  }
}
