import {TamaError, passOption, type Problem} from '../errors/index.js'
import {METHODS} from '../openapi/index.js'
import {LIMITS, isKeyword, normaliseKeyword, readDocumentFile} from '../profile/index.js'
import {childPointer, isObject, jsonType} from '../json/index.js'
import {printable} from '../text/index.js'
import type {AdoptWarnings} from './adopt-warnings.js'

/** A producer's vocabulary: an operationId or a tag of the adopted document → keywords (docs/adoption.md#keywords). */
export type KeywordMap = Readonly<Record<string, readonly string[]>>

/**
 * Reads a keyword map file (JSON or YAML, as documents are read): an object from
 * operationIds and tags to lists of keywords, each a keyword `x-tama-keywords` accepts.
 * Throws TamaError('invalid_document') with a problem at each bad entry's pointer,
 * and what readDocumentFile throws for a file that cannot be read.
 */
export async function readKeywordMap(file: string): Promise<KeywordMap> {
  const value = await readDocumentFile(file)
  const problems: Problem[] = []
  const report = (pointer: string, message: string) => problems.push({source: file, pointer, message})
  if (!isObject(value)) {
    report('', `A keyword map is an object from operationIds and tags to lists of keywords, such as {"instance_state_put": ["start", "reboot"]}; found ${jsonType(value)}.`)
  } else {
    for (const [key, words] of Object.entries(value)) checkEntry(key, words, childPointer('', key), report)
  }
  if (problems.length > 0) {
    const first = problems[0]!
    throw new TamaError('invalid_document', `${file}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`} in the keyword map, the first at #${first.pointer}: ${first.message}`, {problems})
  }
  return value as KeywordMap
}

/** Refuses a keyword map given as the library option `option` that `readKeywordMap` would refuse. */
export function checkKeywordMap(map: unknown, option: string): KeywordMap {
  const problems: string[] = []
  const remedy = passOption(option, 'as an object from operationIds and tags to lists of keywords')
  if (!isObject(map)) throw new TamaError('usage', 'The keyword map is not an object.', {remedy})
  for (const [key, words] of Object.entries(map)) checkEntry(key, words, childPointer('', key), (pointer, message) => problems.push(`#${pointer}: ${message}`))
  if (problems.length > 0) throw new TamaError('usage', `The keyword map at ${problems[0]}`, {remedy})
  return map as KeywordMap
}

/**
 * Adds the keywords of `map` to the operations of an adopted document as `x-tama-keywords`:
 * an operation takes the words of its operationId and of each of its tags, after its own,
 * each once (compared as the profile normalises them), at most the profile's limit.
 * An entry that names no operationId or tag is a warning. Returns how many operations
 * gained keywords.
 */
export function mergeKeywords(document: Record<string, unknown>, map: KeywordMap, warnings: AdoptWarnings): number {
  const used = new Set<string>()
  let gained = 0
  for (const {operation, pointer} of operations(document)) {
    const id = typeof operation.operationId === 'string' ? operation.operationId : ''
    const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : []
    const keys = [id, ...tags].filter((key) => Object.hasOwn(map, key))
    if (keys.length === 0) continue
    for (const key of keys) used.add(key)
    // The input's own keywords are kept as they are: validation reports any it got wrong.
    const own: unknown[] = Array.isArray(operation['x-tama-keywords']) ? operation['x-tama-keywords'] : []
    const merged = distinct([...own, ...keys.flatMap((key) => map[key]!)])
    if (merged.length > LIMITS.keywordsPerOperation) {
      warnings.add('keywords-cut', childPointer(pointer, 'x-tama-keywords'), `${merged.length} keywords, more than the ${LIMITS.keywordsPerOperation} an operation may have`, `the last ${merged.length - LIMITS.keywordsPerOperation} were left out.`, id)
    }
    const kept = merged.slice(0, LIMITS.keywordsPerOperation)
    if (kept.length > own.length) gained++
    operation['x-tama-keywords'] = kept
  }
  for (const key of Object.keys(map)) {
    if (!used.has(key)) warnings.add('keywords-unmatched', '', `the keyword map names ${printable(key, 80)}, which is no operationId or tag of the adopted document`, 'its keywords were not used.')
  }
  return gained
}

function checkEntry(key: string, words: unknown, pointer: string, report: (pointer: string, message: string) => void): void {
  if (key === '') report(pointer, 'An empty key names no operation or tag. Name an operationId or a tag.')
  if (!Array.isArray(words)) {
    report(pointer, `The keywords of ${printable(key, 80)} must be a list, such as [container, vm]; found ${jsonType(words)}.`)
    return
  }
  if (words.length > LIMITS.keywordsPerOperation) report(pointer, `${words.length} keywords; an operation may have at most ${LIMITS.keywordsPerOperation}.`)
  words.forEach((word, index) => {
    if (!isKeyword(word)) report(childPointer(pointer, index), `A keyword is 1-${LIMITS.keywordLength} characters on one line, with at least one letter or digit; found ${typeof word === 'string' ? `a string of ${word.length} characters` : jsonType(word)}.`)
  })
}

/** Each keyword once, by the form the profile normalises it to, keeping the first spelling. */
function distinct(words: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>()
  return words.filter((word) => {
    const key = typeof word === 'string' ? normaliseKeyword(word) : word
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function* operations(document: Record<string, unknown>): Generator<{operation: Record<string, unknown>; pointer: string}> {
  if (!isObject(document.paths)) return
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (isObject(operation)) yield {operation, pointer: childPointer(childPointer('/paths', path), method)}
    }
  }
}
