/** A value measured several times: the median is drawn, min and max as a whisker. */
export interface Spread {
  readonly median: number
  readonly min: number
  readonly max: number
}

export interface LineSeries {
  readonly name: string
  readonly points: ReadonlyArray<{readonly x: number; readonly y: Spread}>
  readonly dashed?: boolean
  /** Draw the points only (targets, say), no line and no whiskers. */
  readonly markers?: boolean
}

export interface BarGroup {
  readonly label: string
  readonly bars: readonly Spread[]
}

const WIDTH = 720
const HEIGHT = 420
const MARGIN = {top: 48, right: 190, bottom: 56, left: 72}
// Room for catalogue names left of the bars.
const BAR_LABELS = 130
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e']
const FONT = 'font-family="system-ui, sans-serif" font-size="12"'
const TITLE_FONT = 'font-family="system-ui, sans-serif" font-size="15" font-weight="bold"'

/** A line chart on log-log axes (catalogue size against latency), with min-max whiskers. */
export function lineChartSvg(title: string, xLabel: string, yLabel: string, series: readonly LineSeries[]): string {
  const xs = series.flatMap((s) => s.points.map((p) => p.x))
  const ys = series.flatMap((s) => s.points.flatMap((p) => [p.y.min, p.y.max]))
  const x = logScale(Math.min(...xs), Math.max(...xs), MARGIN.left, WIDTH - MARGIN.right)
  const y = logScale(Math.min(...ys), Math.max(...ys), HEIGHT - MARGIN.bottom, MARGIN.top)
  const parts = [frame(title, xLabel, yLabel)]
  for (const tick of x.ticks) parts.push(`<text x="${tick.at}" y="${HEIGHT - MARGIN.bottom + 18}" text-anchor="middle" ${FONT}>${count(tick.value)}</text>`)
  parts.push(...yTicks(y))
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length]!
    parts.push(legend(i, s.name, colour))
    if (s.markers === true) {
      for (const p of s.points) parts.push(`<path d="M${(x.at(p.x) - 6).toFixed(1)},${y.at(p.y.median).toFixed(1)} h12" stroke="${colour}" stroke-width="3"/>`)
      return
    }
    const path = s.points.map((p, j) => `${j === 0 ? 'M' : 'L'}${x.at(p.x).toFixed(1)},${y.at(p.y.median).toFixed(1)}`).join(' ')
    parts.push(`<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"${s.dashed === true ? ' stroke-dasharray="6 4"' : ''}/>`)
    for (const p of s.points) {
      const px = x.at(p.x).toFixed(1)
      parts.push(`<line x1="${px}" x2="${px}" y1="${y.at(p.y.min).toFixed(1)}" y2="${y.at(p.y.max).toFixed(1)}" stroke="${colour}"/>`)
      parts.push(`<circle cx="${px}" cy="${y.at(p.y.median).toFixed(1)}" r="3" fill="${colour}"/>`)
    }
  })
  return svg(parts)
}

/** Grouped horizontal bars (one group per catalogue, one bar per tool), with min-max whiskers. */
export function barChartSvg(title: string, xLabel: string, barNames: readonly string[], groups: readonly BarGroup[]): string {
  const max = Math.max(...groups.flatMap((g) => g.bars.map((b) => b.max)))
  const left = BAR_LABELS
  const at = (value: number) => left + (value / max) * (WIDTH - left - MARGIN.right)
  const band = (HEIGHT - MARGIN.top - MARGIN.bottom) / groups.length
  const barHeight = (band * 0.7) / barNames.length
  const parts = [frame(title, xLabel, '', left)]
  for (const value of niceTicks(max)) {
    parts.push(`<line x1="${at(value).toFixed(1)}" x2="${at(value).toFixed(1)}" y1="${MARGIN.top}" y2="${HEIGHT - MARGIN.bottom}" stroke="#ddd"/>`)
    parts.push(`<text x="${at(value).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 18}" text-anchor="middle" ${FONT}>${count(value)}</text>`)
  }
  groups.forEach((group, g) => {
    const top = MARGIN.top + g * band + band * 0.15
    parts.push(`<text x="${left - 8}" y="${(top + band * 0.35).toFixed(1)}" text-anchor="end" dominant-baseline="middle" ${FONT}>${escape(group.label)}</text>`)
    group.bars.forEach((bar, b) => {
      const colour = COLOURS[b % COLOURS.length]!
      const y = top + b * barHeight
      const mid = (y + barHeight / 2).toFixed(1)
      parts.push(`<rect x="${left}" y="${y.toFixed(1)}" width="${(at(bar.median) - left).toFixed(1)}" height="${(barHeight * 0.85).toFixed(1)}" fill="${colour}"/>`)
      parts.push(`<line x1="${at(bar.min).toFixed(1)}" x2="${at(bar.max).toFixed(1)}" y1="${mid}" y2="${mid}" stroke="#333"/>`)
    })
  })
  barNames.forEach((name, i) => parts.push(legend(i, name, COLOURS[i % COLOURS.length]!)))
  return svg(parts)
}

function svg(parts: readonly string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">\n<rect width="100%" height="100%" fill="#fff"/>\n${parts.join('\n')}\n</svg>\n`
}

function frame(title: string, xLabel: string, yLabel: string, left = MARGIN.left): string {
  const bottom = HEIGHT - MARGIN.bottom
  return [
    `<text x="${left}" y="24" ${TITLE_FONT}>${escape(title)}</text>`,
    `<line x1="${left}" x2="${WIDTH - MARGIN.right}" y1="${bottom}" y2="${bottom}" stroke="#333"/>`,
    `<line x1="${left}" x2="${left}" y1="${MARGIN.top}" y2="${bottom}" stroke="#333"/>`,
    `<text x="${(left + WIDTH - MARGIN.right) / 2}" y="${HEIGHT - 14}" text-anchor="middle" ${FONT}>${escape(xLabel)}</text>`,
    yLabel === '' ? '' : `<text transform="translate(16 ${(MARGIN.top + bottom) / 2}) rotate(-90)" text-anchor="middle" ${FONT}>${escape(yLabel)}</text>`,
  ].join('\n')
}

function legend(i: number, name: string, colour: string): string {
  const y = MARGIN.top + 8 + i * 20
  const x = WIDTH - MARGIN.right + 16
  return `<rect x="${x}" y="${y - 6}" width="14" height="4" fill="${colour}"/><text x="${x + 20}" y="${y}" dominant-baseline="middle" ${FONT}>${escape(name)}</text>`
}

interface LogScale {
  at(value: number): number
  readonly ticks: ReadonlyArray<{value: number; at: number}>
}

// Decades that cover [min, max]; a flat range still gets one decade.
function logScale(min: number, max: number, from: number, to: number): LogScale {
  const low = Math.floor(Math.log10(Math.max(min, 1e-6)))
  const high = Math.max(Math.ceil(Math.log10(Math.max(max, 1e-6))), low + 1)
  const at = (value: number) => from + ((Math.log10(Math.max(value, 1e-6)) - low) / (high - low)) * (to - from)
  const ticks = []
  for (let power = low; power <= high; power++) ticks.push({value: 10 ** power, at: at(10 ** power)})
  return {at, ticks}
}

function yTicks(y: LogScale): string[] {
  return y.ticks.flatMap((tick) => [
    `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${tick.at.toFixed(1)}" y2="${tick.at.toFixed(1)}" stroke="#ddd"/>`,
    `<text x="${MARGIN.left - 8}" y="${tick.at.toFixed(1)}" text-anchor="end" dominant-baseline="middle" ${FONT}>${count(tick.value)}</text>`,
  ])
}

// About five round steps from 0 to max.
function niceTicks(max: number): number[] {
  const raw = max / 5
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw)!
  const ticks = []
  for (let value = 0; value <= max; value += step) ticks.push(value)
  return ticks
}

function count(value: number): string {
  if (value >= 1000 && value % 1000 === 0) return `${value / 1000}k`
  return value >= 1 ? String(Math.round(value * 100) / 100) : String(value)
}

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}
