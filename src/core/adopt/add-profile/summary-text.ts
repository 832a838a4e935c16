const ENTITIES: Readonly<Record<string, string>> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' '}

// The first sentence never needs more of a description than this.
const SCANNED = 4096

/**
 * A one-line summary from the first sentence of a description (Stripe and Kubernetes
 * write only descriptions): the first paragraph with HTML tags and Markdown links reduced
 * to their text, whitespace collapsed (none before punctuation), up to the first sentence end, at most `max` long.
 * '' when the description has no text.
 */
export function summaryFromDescription(description: string, max: number): string {
  const paragraph = description.slice(0, SCANNED).trim().split(/\n[ \t]*\n/, 1)[0] ?? ''
  const text = paragraph
    .replace(/<[^>]*>/g, ' ')
    .replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    // A removed tag leaves a space before punctuation: "<a>Connect</a>, you" is "Connect, you".
    .replace(/ (?=[,.;:!?)\]])/g, '')
    .replace(/([([]) /g, '$1')
    .trim()
  // A sentence ends at . ! or ? followed by a capital letter or the end, so "e.g. this" stays whole.
  const sentence = /^.*?[.!?](?=\s+[A-Z(]|$)/.exec(text)?.[0] ?? text
  return truncateText(sentence, max)
}

/** `text` cut to at most `max` characters at a word boundary when one is near, ending in "…". */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  if (space > max / 2) cut = cut.slice(0, space)
  // Never leave half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}
