import {escapeUnsafe, shortened} from './printable.js'

/** The last column is never cut below this; a terminal narrower than that gets one record per row instead. */
const MIN_LAST_COLUMN = 12
const GAP = '  '

/**
 * Renders rows as an aligned plain-text table (no colour, no borders) for terminals and
 * logs. Cells often hold text from documents, so every cell is escaped: a summary can
 * neither drive the terminal nor break the row. With `width`, no line is longer than it:
 * the last column is cut with …, and where the other columns leave it too little room,
 * each row becomes a record of two lines (its other cells, then its last cell indented).
 */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, options: {readonly width?: number} = {}): string {
  const cells = rows.map((row) => row.map(escapeUnsafe))
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)))
  const leading = widths.slice(0, -1).reduce((sum, width) => sum + width + GAP.length, 0)
  const width = options.width ?? Infinity
  if (width - leading < MIN_LAST_COLUMN) return cells.map((row) => formatRecord(row, width)).join('\n')
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? shortened(cell, width - leading) : cell.padEnd(widths[column] ?? 0)))
      .join(GAP)
      .trimEnd()
  return [line(headers), ...cells.map(line)].join('\n')
}

/** One row on a terminal too narrow for columns: its other cells, then its last cell indented. */
function formatRecord(row: readonly string[], width: number): string {
  const last = row.at(-1) ?? ''
  const head = shortened(row.slice(0, -1).filter(Boolean).join(GAP), width)
  return last === '' ? head : `${head}\n${GAP}${shortened(last, Math.max(1, width - GAP.length))}`
}

