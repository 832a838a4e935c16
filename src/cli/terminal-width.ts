/** $COLUMNS, else the terminal's width; undefined (no cutting) when output goes to a file or pipe. */
export function terminalWidth(): number | undefined {
  const columns = Number(process.env.COLUMNS)
  if (Number.isInteger(columns) && columns > 0) return columns
  return process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : undefined
}
