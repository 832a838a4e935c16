import {childPointer, isObject} from '../../json/index.js'
import {LIMITS, SUBSCHEMA_PLACES} from '../../profile/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {RefResolver} from '../../openapi/index.js'
import type {OperationSite} from './operation-sites.js'

// Subschemas of the input schema's own frame (the root object, `body`, ...), kept free beside body and parameters.
const FRAME = 16

/**
 * Keeps each request body schema within the profile's limit on an operation's input
 * (docs/profile.md#limits: execute compiles it whole, every referenced schema copied in).
 * A body schema past it (AWS and DocuSign have some, nesting hundreds of shared
 * definitions) is replaced by a copy with its references written out, nearest first
 * (breadth first), until the budget is spent; past it, subschemas are left out, so the
 * schema accepts any value there. The operation keeps an input that validates everything it
 * accepted, with a warning saying how much was kept.
 */
export function fitInputSchema(site: OperationSite, refs: RefResolver, warnings: AdoptWarnings): void {
  const body = refs.followToObject(site.operation.requestBody)
  if (body === undefined || !isObject(body.content)) return
  const parameters = [...listed(site.item.parameters), ...listed(site.operation.parameters)]
  const parameterSize = parameters.reduce((total: number, parameter) => total + bundledSize(refs.followToObject(parameter)?.schema ?? {}, refs, LIMITS.operationSubschemas), 0)
  const budget = LIMITS.operationSubschemas - parameterSize - FRAME
  for (const [mediaType, media] of Object.entries(body.content)) {
    if (!isObject(media) || !isObject(media.schema)) continue
    if (budget <= 0 || bundledSize(media.schema, refs, budget) <= budget) continue
    const {schema, cut} = writtenOut(media.schema, refs, budget)
    media.schema = schema
    const pointer = childPointer(childPointer(childPointer(site.pointer, 'requestBody'), 'content'), mediaType)
    warnings.add(
      'schema-trimmed',
      childPointer(pointer, 'schema'),
      `the ${mediaType} body schema holds more than ${budget} subschemas once its references are copied in, more than an operation's input may (docs/profile.md#limits)`,
      `it was written out, its references copied in, nearest first, up to ${budget} subschemas, and ${cut} ${cut === 1 ? 'subschema' : 'subschemas'} at that depth lost ${cut === 1 ? 'its' : 'their'} own, so deeper values are not checked.`,
      site.operation.operationId as string,
    )
  }
}

/** Subschemas of `schema` with every internal schema it references counted once, as the profile bundles it: at most `max + 1`. */
function bundledSize(schema: unknown, refs: RefResolver, max: number): number {
  let count = 0
  const followed = new Set<string>()
  const stack: unknown[] = [schema]
  while (stack.length > 0 && count <= max) {
    const next = stack.pop()
    count++
    if (!isObject(next)) continue
    if (typeof next.$ref === 'string' && !followed.has(next.$ref)) {
      followed.add(next.$ref)
      stack.push(refs.target(next.$ref))
    }
    stack.push(...subschemas(next))
  }
  return count
}

/**
 * A copy of `schema` with references replaced by copies of their targets, breadth first,
 * holding at most `budget` subschemas: a subschema whose own subschemas would not fit
 * loses them (its `properties`, `items`, `allOf` ... are removed, so it accepts more).
 */
function writtenOut(schema: Record<string, unknown>, refs: RefResolver, budget: number): {schema: unknown; cut: number} {
  const root: Record<string, unknown> = {value: schema}
  // Each entry: a holder and the key under which the subschema to copy sits.
  const queue: Array<[Record<string | number, unknown>, string | number]> = [[root, 'value']]
  let cut = 0
  for (let index = 0; index < queue.length; index++) {
    const [holder, key] = queue[index]!
    const original = holder[key]
    if (!isObject(original)) continue
    const copy = resolvedCopy(original, refs)
    holder[key] = copy
    const children = subschemaPlaces(copy)
    if (queue.length + children.length > budget) {
      for (const [keyword] of SUBSCHEMA_PLACES) delete copy[keyword]
      if (children.length > 0) cut++
      continue
    }
    queue.push(...children)
  }
  return {schema: root.value, cut}
}

/** Where `schema`'s subschemas sit, each container copied so that the copy can be changed. */
function subschemaPlaces(schema: Record<string, unknown>): Array<[Record<string | number, unknown>, string | number]> {
  const places: Array<[Record<string | number, unknown>, string | number]> = []
  for (const [keyword, shape] of SUBSCHEMA_PLACES) {
    const value = schema[keyword]
    if (shape === 'schema' && value !== undefined) places.push([schema, keyword])
    else if (shape === 'array' && Array.isArray(value)) {
      const list = [...value]
      schema[keyword] = list
      list.forEach((_, position) => places.push([list as unknown as Record<number, unknown>, position]))
    } else if (shape === 'map' && isObject(value)) {
      const map = {...value}
      schema[keyword] = map
      for (const name of Object.keys(map)) if (!Array.isArray(map[name])) places.push([map, name])
    }
  }
  return places
}

/** A shallow copy of the schema, a reference replaced by its target's keywords (the reference's own keywords kept beside them under `allOf`). */
function resolvedCopy(schema: Record<string, unknown>, refs: RefResolver): Record<string, unknown> {
  if (typeof schema.$ref !== 'string') return {...schema}
  const target = refs.followToObject(schema)
  const {$ref: _ref, ...siblings} = schema
  if (target === undefined) return {...siblings}
  const constraining = Object.keys(siblings).some((keyword) => SUBSCHEMA_PLACES.has(keyword) || !['description', 'title', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment'].includes(keyword))
  return constraining ? {...siblings, allOf: [{...target}, ...(Array.isArray(siblings.allOf) ? siblings.allOf : [])]} : {...target, ...siblings}
}

function listed(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function subschemas(schema: Record<string, unknown>): unknown[] {
  const found: unknown[] = []
  for (const [keyword, shape] of SUBSCHEMA_PLACES) {
    const value = schema[keyword]
    if (shape === 'schema' && value !== undefined) found.push(value)
    else if (shape === 'array' && Array.isArray(value)) found.push(...value)
    else if (shape === 'map' && isObject(value)) for (const name of Object.keys(value)) if (!Array.isArray(value[name])) found.push(value[name])
  }
  return found
}
