import {escapeUnsafe} from './printable.js'

/** The last column is never cut below this, however narrow the terminal. */
const MIN_LAST_COLUMN = 12

/**
 * Renders rows as an aligned plain-text table (no colour, no borders) for terminals and
 * logs. Cells often hold text from documents, so every cell is escaped: a summary can
 * neither drive the terminal nor break the row. With `width`, the last column is cut
 * with … so that a row fits on one line rather than wrapping.
 */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, options: {readonly width?: number} = {}): string {
  const cells = rows.map((row) => row.map(escapeUnsafe))
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)))
  const lastRoom = options.width === undefined ? Infinity : Math.max(MIN_LAST_COLUMN, options.width - widths.slice(0, -1).reduce((sum, width) => sum + width + 2, 0))
  const fit = (cell: string) => (cell.length > lastRoom ? `${cell.slice(0, lastRoom - 1)}…` : cell)
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? fit(cell) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(headers), ...cells.map(line)].join('\n')
}
