/** What a person passes to satisfy a confirmation rule, in the CLI's own syntax. */
export function confirmFlag(echo: string | null): string {
  return echo === null ? '--confirm true' : `--confirm "<value of input.${echo}>"`
}
