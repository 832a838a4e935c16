/** A name with its indefinite article, as messages use it: "an Operation", "a Path Item". */
export function withArticle(name: string): string {
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`
}
