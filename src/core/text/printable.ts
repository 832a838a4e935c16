const MAX_LENGTH = 80

// C0/C1 controls (terminal escape sequences, new lines) and the format characters that
// can reorder or hide text on a terminal.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g

// What a line break and a tab are in text of several lines: layout, not a threat.
const LAYOUT = new Set(['\n', '\t'])

const escaped = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * Text with every character that could drive a terminal or hide text escaped as \uXXXX:
 * for a name, a path or a line, where a line break would forge another line.
 */
export function escapeUnsafe(value: string): string {
  return value.replace(UNSAFE, escaped)
}

/**
 * escapeUnsafe for output of several lines (a table, a report, JSON text), keeping its
 * line breaks and tabs. In JSON text the escapes are JSON's own, so the value is unchanged.
 */
export function escapeUnsafeLines(text: string): string {
  return text.replace(UNSAFE, (char) => (LAYOUT.has(char) ? char : escaped(char)))
}

/**
 * Text from a file or a caller made safe to print: unsafe characters escaped as \uXXXX
 * and long text shortened, so hostile text can neither drive a terminal nor flood output.
 */
export function printable(value: string, maxLength = MAX_LENGTH): string {
  return escapeUnsafe(shortened(value, maxLength))
}

/** `value` cut to at most `maxLength` characters, its last one `…` when it was cut. */
export function shortened(value: string, maxLength: number): string {
  return value.length > maxLength ? `${value.slice(0, maxLength - 1)}…` : value
}

/** printable, in quotation marks: for names inside messages. */
export function quote(value: string): string {
  return `"${printable(value)}"`
}

/** `1 document`, `2 documents`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
