/**
 * A line `sha256sum -c` accepts: `<hex>  <path>`. As GNU coreutils does, a path holding
 * a backslash or a line break is escaped and the line starts with a backslash.
 */
export function sha256sumLine(sha256: string, path: string): string {
  if (!/[\\\n\r]/.test(path)) return `${sha256}  ${path}`
  return `\\${sha256}  ${path.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('\r', '\\r')}`
}
