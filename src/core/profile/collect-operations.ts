import {childPointer, isObject} from '../json/index.js'
import type {RefResolver} from '../openapi/index.js'
import {METHODS} from '../openapi/path-item-object.js'
import {requestPath} from './path-template.js'

export {METHODS}

/** A parameter as an operation sees it: where it is listed, and the object it resolves to. */
export interface ParameterEntry {
  /** Where the operation or its path item lists it (the Reference Object, if it is one). */
  readonly listed: string
  /** Where the Parameter Object itself is. */
  readonly pointer: string
  readonly value: Record<string, unknown>
}

/** One operation of `paths`, with the parameters that apply to it. */
export interface CollectedOperation {
  readonly pointer: string
  /** The path the operation calls: its key without a `#fragment` (requestPath). */
  readonly path: string
  readonly method: (typeof METHODS)[number]
  readonly operation: Record<string, unknown>
  /** Path-item parameters first, each replaced by an operation parameter of the same name and location, then the operation's own. */
  readonly parameters: readonly ParameterEntry[]
}

/**
 * Every operation under `paths`, in document order (docs/profile.md#operations).
 * Malformed parts are skipped here: the structure check reports them.
 */
export function collectOperations(document: Record<string, unknown>, resolver: RefResolver): CollectedOperation[] {
  const operations: CollectedOperation[] = []
  if (!isObject(document.paths)) return operations
  for (const key of Object.keys(document.paths)) {
    if (!key.startsWith('/')) continue
    const pointer = childPointer('/paths', key)
    const path = requestPath(key)
    const item = pathItem(document.paths[key], pointer, resolver)
    if (item === null) continue
    for (const method of METHODS) {
      const at = item.operations.get(method)
      if (at === undefined) continue
      const own = parameterList(at.value.parameters, childPointer(at.pointer, 'parameters'), resolver)
      operations.push({pointer: at.pointer, path, method, operation: at.value, parameters: merge(item.parameters, own)})
    }
  }
  return operations
}

interface PathItem {
  readonly operations: Map<string, {readonly pointer: string; readonly value: Record<string, unknown>}>
  readonly parameters: readonly ParameterEntry[]
}

/** A Path Item, merged with the one its `$ref` names (its own fields win). */
function pathItem(value: unknown, pointer: string, resolver: RefResolver): PathItem | null {
  if (!isObject(value)) return null
  const layers: {pointer: string; value: Record<string, unknown>}[] = []
  if (Object.hasOwn(value, '$ref')) {
    const target = resolver.follow(value, pointer)
    if ('value' in target && isObject(target.value)) layers.push({pointer: target.pointer, value: target.value})
  }
  layers.push({pointer, value})
  const operations = new Map<string, {pointer: string; value: Record<string, unknown>}>()
  let parameters: ParameterEntry[] = []
  for (const layer of layers) {
    for (const method of METHODS) {
      const operation = layer.value[method]
      if (isObject(operation)) operations.set(method, {pointer: childPointer(layer.pointer, method), value: operation})
    }
    if (Object.hasOwn(layer.value, 'parameters')) parameters = parameterList(layer.value.parameters, childPointer(layer.pointer, 'parameters'), resolver)
  }
  return {operations, parameters}
}

function parameterList(list: unknown, pointer: string, resolver: RefResolver): ParameterEntry[] {
  if (!Array.isArray(list)) return []
  const entries: ParameterEntry[] = []
  list.forEach((item, index) => {
    const listed = childPointer(pointer, index)
    const target = resolver.follow(item, listed)
    if ('value' in target && isObject(target.value) && typeof target.value.name === 'string' && typeof target.value.in === 'string') {
      entries.push({listed, pointer: target.pointer, value: target.value})
    }
  })
  return entries
}

/** OpenAPI's rule: an operation parameter overrides the path item's with the same name and location. */
function merge(inherited: readonly ParameterEntry[], own: readonly ParameterEntry[]): ParameterEntry[] {
  const merged = [...inherited]
  const overridden = new Set<number>()
  const rest: ParameterEntry[] = []
  for (const entry of own) {
    const index = merged.findIndex((candidate, i) => i < inherited.length && !overridden.has(i) && candidate.value.name === entry.value.name && candidate.value.in === entry.value.in)
    if (index < 0) {
      rest.push(entry)
    } else {
      merged[index] = entry
      overridden.add(index)
    }
  }
  return [...merged, ...rest]
}
