/** Plain UTF-16 code unit order: the same on every machine, locale and time zone. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
