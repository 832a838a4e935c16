// Words that end in -s without being plurals: "news" cut to "new" read as the API verb.
const UNINFLECTED: ReadonlySet<string> = new Set(['news', 'series', 'species', 'lens', 'gas', 'canvas', 'alias', 'bias', 'atlas', 'chaos', 'cosmos'])

/**
 * A light English stemmer for comparing query words with operation words in JS while
 * re-ranking (FTS5's porter tokenizer stems inside SQLite, out of reach from JS): it
 * folds plurals and -ing/-ed forms, which is what operation text and requests differ by.
 * Derivational forms ("nutrition", "nutritional") are left apart; re-ranking relates them.
 */
export function stem(word: string): string {
  if (word.length < 3 || UNINFLECTED.has(word)) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1)
  if (w.length <= 3) return w
  // -ied and -ie fold into -y, as -ies does: "modified" is "modify", "movie" is "movies".
  if (w.endsWith('ied') && w.length > 4) return `${w.slice(0, -3)}y`
  if (w.endsWith('ie') && w.length > 4) return `${w.slice(0, -2)}y`
  for (const suffix of ['ing', 'ed']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length)
      if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1)
      break
    }
  }
  return w.endsWith('e') && w.length > 3 ? w.slice(0, -1) : w
}
