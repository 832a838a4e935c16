import {escapeUnsafe} from './printable.js'

/**
 * Renders rows as an aligned plain-text table (no colour, no borders) for terminals and
 * logs. Cells often hold text from documents, so every cell is escaped: a summary can
 * neither drive the terminal nor break the row.
 */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const cells = rows.map((row) => row.map(escapeUnsafe))
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)))
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(headers), ...cells.map(line)].join('\n')
}
