import {childPointer, isObject} from '../../json/index.js'
import {requestPath} from '../../profile/index.js'
import {HTTP_METHODS} from '../adopt-options.js'
import type {AdoptWarnings} from '../adopt-warnings.js'

/**
 * A path key whose query string carries a template for a query parameter the operations
 * declare anyway (`/search?query={query}` beside `in: query, name: query`) says the same
 * thing twice, and the `{query}` would need a path parameter of the same name. The pair
 * is removed from the key (`/search`), with a warning, unless that key exists already.
 * https://spec.openapis.org/oas/v3.1.0#path-templating
 */
export function dropQueryTemplates(document: Record<string, unknown>, warnings: AdoptWarnings): void {
  const paths = document.paths
  if (!isObject(paths)) return
  for (const key of Object.keys(paths)) {
    // The query string ends where a `#fragment` starts; the fragment stays on the key.
    const called = requestPath(key)
    const fragment = key.slice(called.length)
    const split = called.indexOf('?')
    const item = paths[key]
    if (split < 0 || !isObject(item)) continue
    const declared = queryParameterNames(item)
    const pairs = called.slice(split + 1).split('&')
    const kept = pairs.filter((pair) => {
      const match = /^([^=]+)=\{([^{}]+)\}$/.exec(pair)
      return match === null || match[1] !== match[2] || !declared.has(match[1]!)
    })
    if (kept.length === pairs.length) continue
    const rewritten = `${called.slice(0, split)}${kept.length === 0 ? '' : `?${kept.join('&')}`}${fragment}`
    if (Object.hasOwn(paths, rewritten)) continue
    // Rebuilt in order, so the rewritten key keeps its place.
    const entries = Object.entries(paths).map(([name, value]): [string, unknown] => [name === key ? rewritten : name, value])
    for (const name of Object.keys(paths)) delete paths[name]
    Object.assign(paths, Object.fromEntries(entries))
    warnings.add('path-rewritten', childPointer('/paths', rewritten), `the path ${JSON.stringify(key)} repeats in its query string what its query parameters declare`, `it became ${JSON.stringify(rewritten)}.`)
  }
}

/** Query parameters every operation of the Path Item declares inline (by the item, or each operation). */
function queryParameterNames(item: Record<string, unknown>): Set<string> {
  const named = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((parameter) => isObject(parameter) && parameter.in === 'query' && typeof parameter.name === 'string').map((parameter) => (parameter as {name: string}).name) : []
  const shared = named(item.parameters)
  const operations = HTTP_METHODS.filter((method) => isObject(item[method])).map((method) => new Set([...shared, ...named((item[method] as Record<string, unknown>).parameters)]))
  if (operations.length === 0) return new Set()
  return new Set([...operations[0]!].filter((name) => operations.every((names) => names.has(name))))
}
