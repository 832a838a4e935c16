import {TamaError, passOption} from '../../errors/index.js'
import {isObject} from '../../json/index.js'
import {LIMITS} from '../../profile/index.js'
import {HTTP_METHODS, type OperationSubset, SUBSET_REMEDY} from '../adopt-options.js'

// Tags and path prefixes a refusal of a big document lists as ways to cut it.
const LISTED = 8

/**
 * Removes, in place, the operations `subset` does not take, and the path items left with
 * none: with `includePaths`, paths that are not one of the prefixes or under one; with
 * `includeTags`, operations with none of those tags; with `excludeTags`, operations with
 * any of them. Returns how many operations were left out. Deterministic: it depends on
 * the document and the subset only. Throws TamaError('usage') when an included tag is on
 * no operation, or when nothing is left.
 */
export function selectOperations(document: Record<string, unknown>, subset: OperationSubset, source: string): number {
  const {includeTags, excludeTags, includePaths} = subset
  if (isEmptySubset(subset)) return 0
  const paths = isObject(document.paths) ? document.paths : {}
  const seenTags = new Map<string, number>()
  let leftOut = 0
  let kept = 0
  for (const path of Object.keys(paths)) {
    const item = paths[path]
    if (path.startsWith('x-') || !isObject(item)) continue
    const underPrefix = includePaths.length === 0 || includePaths.some((prefix) => isUnder(path, prefix))
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue
      const tags = operationTags(item[method])
      for (const tag of new Set(tags)) seenTags.set(tag, (seenTags.get(tag) ?? 0) + 1)
      const taken = underPrefix && (includeTags.size === 0 || tags.some((tag) => includeTags.has(tag))) && !tags.some((tag) => excludeTags.has(tag))
      if (taken) {
        kept++
        continue
      }
      delete item[method]
      leftOut++
    }
    if (!HTTP_METHODS.some((method) => item[method] !== undefined)) delete paths[path]
  }
  const unknown = [...includeTags].filter((tag) => !seenTags.has(tag))
  if (unknown.length > 0) {
    const tags = unknown.map((tag) => JSON.stringify(tag)).join(', ')
    throw new TamaError('usage', `${source}: no operation has the tag${unknown.length === 1 ? '' : 's'} ${tags} to include. Largest tags: ${listTags(seenTags)}.`, {remedy: passOption('includeTags', 'with one of them')})
  }
  if (kept === 0) throw new TamaError('usage', `${source}: no operation is left once ${describeSubset(subset)} is applied. Widen the subset.`)
  return leftOut
}

/** True when the subset takes every operation. */
export function isEmptySubset({includeTags, excludeTags, includePaths}: OperationSubset): boolean {
  return includeTags.size === 0 && excludeTags.size === 0 && includePaths.length === 0
}

/**
 * The refusal of a document with more operations than a profile document may hold,
 * saying how to cut it: its largest tags and path prefixes, with their operation counts.
 */
export function tooManyOperations(document: Record<string, unknown>, count: number, source: string): TamaError {
  const prefixes = new Map<string, number>()
  for (const {path} of operations(document)) {
    const prefix = `/${path.split('/')[1] ?? ''}`
    prefixes.set(prefix, (prefixes.get(prefix) ?? 0) + 1)
  }
  const message =
    `The document has ${count.toLocaleString('en-US')} operations; a profile document holds at most ${LIMITS.operations.toLocaleString('en-US')}. ` +
    `Adopt it in parts. Largest tags: ${listTags(tagCounts(document))}. Largest path prefixes: ${listCounts(prefixes)}.`
  return new TamaError('invalid_document', `${source}: ${message}`, {problems: [{source, pointer: '/paths', message}], details: {operations: count}, remedy: SUBSET_REMEDY})
}

function isUnder(path: string, prefix: string): boolean {
  const bare = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix
  return path === bare || path.startsWith(`${bare}/`) || path.startsWith(`${bare}?`)
}

function operationTags(operation: unknown): string[] {
  if (!isObject(operation) || !Array.isArray(operation.tags)) return []
  return operation.tags.filter((tag): tag is string => typeof tag === 'string')
}

function* operations(document: Record<string, unknown>): Generator<{path: string; operation: unknown}> {
  const paths = isObject(document.paths) ? document.paths : {}
  for (const [path, item] of Object.entries(paths)) {
    if (path.startsWith('x-') || !isObject(item)) continue
    for (const method of HTTP_METHODS) if (item[method] !== undefined) yield {path, operation: item[method]}
  }
}

function tagCounts(document: Record<string, unknown>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const {operation} of operations(document)) for (const tag of new Set(operationTags(operation))) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  return counts
}

function listTags(counts: ReadonlyMap<string, number>): string {
  return counts.size === 0 ? 'none' : listCounts(counts)
}

/** The largest entries, most operations first (ties by name), as `name (count)`. */
function listCounts(counts: ReadonlyMap<string, number>): string {
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
  const shown = sorted.slice(0, LISTED).map(([name, count]) => `${JSON.stringify(name)} (${count})`)
  return sorted.length > LISTED ? `${shown.join(', ')} and ${sorted.length - LISTED} more` : shown.join(', ')
}

function describeSubset({includeTags, excludeTags, includePaths}: OperationSubset): string {
  const parts = [
    ...[...includeTags].map((tag) => `\`includeTags\` ${tag}`),
    ...[...excludeTags].map((tag) => `\`excludeTags\` ${tag}`),
    ...includePaths.map((prefix) => `\`includePaths\` ${prefix}`),
  ]
  return parts.join(' ')
}
