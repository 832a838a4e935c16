/**
 * Words looked up where they stand in a longer text, without cutting them out of it as
 * strings: the features read every candidate's terms this way, because cutting each term
 * out allocated most of a search's memory, and the garbage collection that caused set
 * the slowest searches.
 */
export class WordTable<V> {
  readonly #buckets = new Map<number, Array<{readonly word: string; readonly value: V}>>()

  /** Adds `word`, or replaces its value. */
  set(word: string, value: V): void {
    const key = hash(word, 0, word.length)
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) return void this.#buckets.set(key, [{word, value}])
    const at = bucket.findIndex((entry) => entry.word === word)
    bucket.splice(at === -1 ? bucket.length : at, 1, {word, value})
  }

  /** The value of the word `text` holds from `start` up to `end`, if the table has it. */
  find(text: string, start: number, end: number): V | undefined {
    const bucket = this.#buckets.get(hash(text, start, end))
    if (bucket === undefined) return undefined
    for (const entry of bucket) if (entry.word.length === end - start && text.startsWith(entry.word, start)) return entry.value
    return undefined
  }
}

function hash(text: string, start: number, end: number): number {
  let value = 0
  for (let i = start; i < end; i++) value = (Math.imul(value, 31) + text.charCodeAt(i)) | 0
  return value
}
