import {printable} from '../text/index.js'
import {inputFieldNames, STOP_WORDS, stem, verbOf, words} from '../search/index.js'
import type {OperationRecord} from '../profile/index.js'

/** Shorter runs of letters are left alone: abbreviations and short names are fine. */
const MIN_CHECKED = 6
/** A run this long that is no word and cannot be split is reported even so. */
const MAX_UNSPLIT = 20

/** The words a catalogue uses in its text, stemmed: what an id's parts are checked against. */
export type Vocabulary = ReadonlySet<string>

/**
 * The stemmed words of every operation's summary, description, tags and input field
 * names: not its id, which is what is being checked, nor its path, which RPC-style APIs
 * spell like the id (`/getAllInstances`). A summary that only repeats the id (as adoption
 * derives for an operation without text) is left out too.
 */
export function catalogueVocabulary(records: readonly OperationRecord[]): Vocabulary {
  const vocabulary = new Set<string>()
  for (const record of records) {
    const summary = words(record.summary).join(' ') === words(record.operationId).join(' ') ? '' : record.summary
    const texts = [summary, record.description, ...record.tags, ...inputFieldNames(record.inputSchema)]
    for (const text of texts) for (const word of words(text)) vocabulary.add(stem(word))
  }
  return vocabulary
}

/** A part of an id that search keeps as one word, but that is several words run together. */
export interface UnsplitPart {
  readonly part: string
  /** Its words, when the catalogue's vocabulary can tell them apart. */
  readonly words: readonly string[] | null
}

/**
 * The parts of an operation id that the search tokenizer (which splits on `_`, `-`, `.`,
 * `/` and camelCase) leaves as one long word that is not a word of the catalogue, such
 * as `getallinstancesnow`: a search for "instances" cannot match them.
 */
export function unsplitIdParts(operationId: string, vocabulary: Vocabulary): UnsplitPart[] {
  const found: UnsplitPart[] = []
  for (const part of new Set(words(operationId))) {
    if (part.length < MIN_CHECKED || isWord(part, vocabulary)) continue
    const split = segment(part, vocabulary)
    if (split !== null || part.length >= MAX_UNSPLIT) found.push({part, words: split})
  }
  return found
}

/** The id with each run-together part written as separate words, in the id's own style. */
export function suggestedId(operationId: string, parts: readonly UnsplitPart[]): string | null {
  let id = operationId
  let changed = false
  for (const {part, words: split} of parts) {
    if (split === null) continue
    const start = id.toLowerCase().indexOf(part)
    if (start === -1) continue
    const original = id.slice(start, start + part.length)
    id = `${id.slice(0, start)}${joinLike(id, original, split)}${id.slice(start + part.length)}`
    changed = true
  }
  return changed ? id : null
}

export function describeParts(parts: readonly UnsplitPart[]): string {
  return parts.map(({part, words: split}) => (split === null ? `"${printable(part)}" is a long run of letters that is not a word` : `"${printable(part)}" runs ${split.join(' + ')} together`)).join('; ')
}

function isWord(word: string, vocabulary: Vocabulary): boolean {
  return vocabulary.has(stem(word)) || verbOf(word) !== undefined || STOP_WORDS.has(word)
}

/** The fewest known words (2 letters or more) that spell `part`, or null. */
function segment(part: string, vocabulary: Vocabulary): string[] | null {
  // best[i]: the fewest words spelling part.slice(0, i).
  const best: Array<string[] | null> = [[], ...Array.from({length: part.length}, () => null)]
  for (let end = 2; end <= part.length; end++) {
    for (let start = Math.max(0, end - 40); start <= end - 2; start++) {
      const before = best[start]
      const word = part.slice(start, end)
      if (before === null || before === undefined || !isWord(word, vocabulary)) continue
      if (best[end] === null || before.length + 1 < best[end]!.length) best[end] = [...before, word]
    }
  }
  const words = best[part.length] ?? null
  return words !== null && words.length > 1 ? words : null
}

function joinLike(id: string, original: string, split: readonly string[]): string {
  if (id.includes('_') || id.includes('-') || id.includes('.')) {
    const separator = id.includes('_') ? '_' : id.includes('-') ? '-' : '.'
    return split.join(separator)
  }
  if (!/\p{Lu}/u.test(id)) return split.join('_')
  const capitalise = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`
  const first = /^\p{Lu}/u.test(original) ? capitalise(split[0]!) : split[0]!
  return [first, ...split.slice(1).map(capitalise)].join('')
}
