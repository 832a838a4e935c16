import {childPointer, isObject} from '../../json/index.js'
import {HTTP_METHODS} from '../adopt-options.js'
import type {AdoptWarnings} from '../adopt-warnings.js'

// Swagger 2.0 root maps and the OpenAPI 3 Components map that means the same.
// https://spec.openapis.org/oas/v3.0.3#components-object
const ROOT_MAPS = [
  ['definitions', 'schemas'],
  ['parameters', 'parameters'],
  ['responses', 'responses'],
] as const

/**
 * Swagger 2.0 fields left in an OpenAPI 3 description, moved to where OpenAPI 3 says the
 * same thing, each with a warning: root `definitions`, `parameters` and `responses`
 * become Components (their `$ref`s follow), and a Response's `schema` becomes its
 * `content`, for the media types of the operation's `produces` (else the document's, else
 * application/json); `consumes` and `produces` then go. A leftover whose move would
 * replace something already there is left for the field check to remove.
 * https://spec.openapis.org/oas/v3.0.3#fixed-fields
 */
export function convertSwagger2Leftovers(document: Record<string, unknown>, warnings: AdoptWarnings): void {
  const moved = new Map<string, string>()
  for (const [from, to] of ROOT_MAPS) {
    const map = document[from]
    if (!isObject(map)) continue
    document.components ??= {}
    const components = document.components
    if (!isObject(components)) continue
    components[to] ??= {}
    const target = components[to]
    if (!isObject(target) || Object.keys(map).some((name) => Object.hasOwn(target, name))) continue
    Object.assign(target, map)
    delete document[from]
    moved.set(`#/${from}/`, `#/components/${to}/`)
    warnings.add('field-converted', `/${from}`, `"${from}" is Swagger 2.0`, `its ${Object.keys(map).length} entries were moved to components.${to}, and the references to them follow.`)
  }
  if (moved.size > 0) rewriteRefs(document, moved)
  const documentMediaTypes = mediaTypes(document.produces)
  const paths = isObject(document.paths) ? document.paths : {}
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const pointer = childPointer(childPointer('/paths', path), method)
      const types = mediaTypes(operation.produces) ?? documentMediaTypes ?? ['application/json']
      if (isObject(operation.responses)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (isObject(response)) convertResponseSchema(response, types, childPointer(childPointer(pointer, 'responses'), status), warnings)
        }
      }
      dropMediaTypeLists(operation, pointer, warnings)
    }
  }
  const components = document.components
  if (isObject(components) && isObject(components.responses)) {
    for (const [name, response] of Object.entries(components.responses)) {
      if (isObject(response)) convertResponseSchema(response, documentMediaTypes ?? ['application/json'], childPointer('/components/responses', name), warnings)
    }
  }
  dropMediaTypeLists(document, '', warnings)
}

function convertResponseSchema(response: Record<string, unknown>, types: readonly string[], pointer: string, warnings: AdoptWarnings): void {
  if (!Object.hasOwn(response, 'schema') || Object.hasOwn(response, 'content') || typeof response.$ref === 'string') return
  response.content = Object.fromEntries(types.map((type) => [type, {schema: response.schema}]))
  delete response.schema
  warnings.add('field-converted', childPointer(pointer, 'schema'), 'a Response\'s "schema" is Swagger 2.0', `it became the response's content for ${types.join(', ')}.`)
}

function dropMediaTypeLists(object: Record<string, unknown>, pointer: string, warnings: AdoptWarnings): void {
  for (const field of ['consumes', 'produces']) {
    if (!Object.hasOwn(object, field)) continue
    delete object[field]
    warnings.add('field-converted', childPointer(pointer, field), `"${field}" is Swagger 2.0 (OpenAPI 3 names media types in each body's content)`, 'it was removed.')
  }
}

function mediaTypes(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined
  const types = value.filter((type): type is string => typeof type === 'string' && /^[\w.+-]+\/[\w.+*-]+/.test(type))
  return types.length > 0 ? types : undefined
}

/** Rewrites every `$ref` starting with a moved prefix, anywhere in the document. */
function rewriteRefs(root: unknown, moved: ReadonlyMap<string, string>): void {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (Array.isArray(value)) pending.push(...value)
    else if (isObject(value)) {
      const ref = value.$ref
      if (typeof ref === 'string') {
        for (const [from, to] of moved) if (ref.startsWith(from)) value.$ref = to + ref.slice(from.length)
      }
      pending.push(...Object.values(value))
    }
  }
}
