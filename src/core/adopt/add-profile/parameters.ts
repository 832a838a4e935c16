import {childPointer, isObject} from '../../json/index.js'
import {requestPath, templateNames} from '../../profile/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {RefResolver} from '../../openapi/index.js'
import type {OperationSite} from './operation-sites.js'

// Where a parameter may go in a profile input, best kept first when two share a name.
const PLACES = ['path', 'query', 'header']

interface Entry {
  /** The parameter as written: an object or a Reference Object. */
  readonly value: unknown
  /** The Parameter Object it is or names. */
  readonly parameter: Record<string, unknown> | undefined
  readonly name: unknown
  readonly in: unknown
  readonly pointer: string
  readonly inherited: boolean
}

/**
 * Makes each operation's parameters ones a profile input holds
 * (docs/profile.md#the-input-object), with a warning for each change: `in: cookie` is
 * dropped (rule 1); of parameters sharing a name the path one is kept, then query, then
 * header, and one named "body" goes when there is a body (rule 5); path parameters match
 * the path template (https://spec.openapis.org/oas/v3.1.0#path-templating): one the
 * template lacks is dropped, one it names but nobody declares is added as a string, and
 * each is required. When a path-level parameter goes for one operation, the Path Item's
 * parameters are first copied into each of its operations.
 */
export function adoptParameters(sites: readonly OperationSite[], refs: RefResolver, warnings: AdoptWarnings): void {
  const item = sites[0]?.item
  if (item === undefined) return
  const itemPointer = sites[0]!.pointer.slice(0, sites[0]!.pointer.lastIndexOf('/'))
  const shared = entries(item.parameters, childPointer(itemPointer, 'parameters'), true, refs)
  const plans = sites.map((site) => {
    const own = entries(site.operation.parameters, childPointer(site.pointer, 'parameters'), false, refs)
    const overridden = new Set(own.map(key))
    const effective = [...shared.filter((entry) => !overridden.has(key(entry))), ...own]
    const dropped = droppedEntries(effective, site, warnings)
    const added = missingPathParameters(effective.filter((entry) => !dropped.has(entry)), site, warnings)
    return {site, own, effective, dropped, added}
  })
  const copyShared = plans.some(({dropped}) => [...dropped].some((entry) => entry.inherited))
  if (copyShared) delete item.parameters
  for (const {site, own, effective, dropped, added} of plans) {
    if (!copyShared && dropped.size === 0 && added.length === 0) continue
    const kept = [...(copyShared ? effective : own).filter((entry) => !dropped.has(entry)).map((entry) => entry.value), ...added]
    if (kept.length > 0) site.operation.parameters = kept
    else delete site.operation.parameters
  }
}

function entries(list: unknown, pointer: string, inherited: boolean, refs: RefResolver): Entry[] {
  if (!Array.isArray(list)) return []
  return list.map((value, index) => {
    const parameter = refs.followToObject(value)
    return {value, parameter, name: parameter?.name, in: parameter?.in, pointer: childPointer(pointer, index), inherited}
  })
}

function key(entry: Entry): string {
  return `${String(entry.in)}\u0000${String(entry.name)}`
}

function droppedEntries(effective: readonly Entry[], site: OperationSite, warnings: AdoptWarnings): Set<Entry> {
  const dropped = new Set<Entry>()
  const drop = (entry: Entry, found: string): void => {
    dropped.add(entry)
    warnings.add('parameter-dropped', entry.pointer, found, 'it was dropped.', site.operation.operationId as string)
  }
  const template = templateNames(requestPath(site.path))
  const byName = new Map<string, Entry>()
  const ranked = effective
    .filter((entry) => {
      if (typeof entry.name !== 'string' || entry.name === '') drop(entry, 'a parameter has no name')
      else if (entry.in === 'cookie') drop(entry, `cookie parameter "${entry.name}" is not input: a profile input has no cookies (docs/profile.md#the-input-object)`)
      else if (typeof entry.in !== 'string' || !PLACES.includes(entry.in)) drop(entry, `parameter "${entry.name}" has in: ${JSON.stringify(entry.in)}, and only path, query and header parameters are input`)
      else if (entry.in === 'path' && !template.has(entry.name)) drop(entry, `path parameter "${entry.name}" is not in the path: ${JSON.stringify(requestPath(site.path))} has no {${entry.name}}`)
      else return true
      return false
    })
    .sort((a, b) => PLACES.indexOf(a.in as string) - PLACES.indexOf(b.in as string))
  for (const entry of ranked) {
    const name = entry.name as string
    const winner = byName.get(name)
    if (winner !== undefined) {
      drop(entry, `${String(entry.in)} parameter "${name}" has the name of a ${String(winner.in)} parameter, which takes that input property`)
    } else if (name === 'body' && site.operation.requestBody !== undefined) {
      drop(entry, `${String(entry.in)} parameter "body" has the name of the input property the request body takes`)
    } else {
      byName.set(name, entry)
      // Path parameters are always required (https://spec.openapis.org/oas/v3.1.0#parameter-required).
      if (entry.in === 'path' && entry.parameter !== undefined) entry.parameter.required = true
    }
  }
  return dropped
}

/** Declares, as strings, the path template's parameters that no parameter declares. */
function missingPathParameters(kept: readonly Entry[], site: OperationSite, warnings: AdoptWarnings): Record<string, unknown>[] {
  const declared = new Set(kept.filter((entry) => entry.in === 'path').map((entry) => entry.name))
  const added: Record<string, unknown>[] = []
  for (const name of templateNames(requestPath(site.path))) {
    if (declared.has(name)) continue
    added.push({name, in: 'path', required: true, schema: {type: 'string'}})
    warnings.add('parameter-added', childPointer(site.pointer, 'parameters'), `path parameter "${name}" of ${JSON.stringify(site.path)} is not declared`, 'it was added as a string.', site.operation.operationId as string)
  }
  return added
}
