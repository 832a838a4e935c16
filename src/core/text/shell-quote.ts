// Single quotes keep a shell from reading anything inside; a quote itself is closed, escaped and reopened.
/** `text` as one word of a POSIX shell command line. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`
}

/** `text` as one word of a shell command line, quoted only when a shell would read something in it. */
export function shellWord(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : shellQuote(text)
}
