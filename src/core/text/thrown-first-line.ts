/** The first line of what was thrown, trimmed and cut to `max` characters: never a stack. */
export function thrownFirstLine(thrown: unknown, max: number): string {
  const text = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : 'it threw a non-Error value'
  const line = (text.split('\n')[0] ?? '').trim() || 'no message'
  return line.length <= max ? line : `${line.slice(0, max)}…`
}
