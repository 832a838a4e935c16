import {TamaError} from '../../errors/index.js'
import {childPointer, isObject} from '../../json/index.js'
import {requestPath} from '../../profile/index.js'
import {HTTP_METHODS, type HttpMethod} from '../adopt-options.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {RefResolver} from '../../openapi/index.js'

/** One operation and where it lives. */
export interface OperationSite {
  /** The path key as written, a fixed query string (`/1.0/instances?recursion=1`) and a `#fragment` included. */
  readonly path: string
  readonly method: HttpMethod
  readonly item: Record<string, unknown>
  readonly operation: Record<string, unknown>
  /** JSON Pointer to the operation: `/paths/~1pets/get`. */
  readonly pointer: string
}

/**
 * Every operation under `paths` in document order, methods in Path Item order.
 * A Path Item `$ref` is replaced by a copy of what it names, so every operation is an
 * object of its own that adoption may change.
 * https://spec.openapis.org/oas/v3.1.0#paths-object
 */
export function operationSites(document: Record<string, unknown>, refs: RefResolver, warnings: AdoptWarnings, source: string): OperationSite[] {
  document.paths ??= {}
  const paths = document.paths
  if (!isObject(paths)) {
    throw new TamaError('invalid_document', `${source}: "paths" must be an object of path items.`, {problems: [{source, pointer: '/paths', message: 'expected an object'}]})
  }
  const sites: OperationSite[] = []
  for (const path of Object.keys(paths)) {
    if (path.startsWith('x-')) continue
    const pointer = childPointer('/paths', path)
    const item = pathItem(paths[path], refs)
    if (!path.startsWith('/') || item === undefined) {
      const why = item === undefined ? 'is not a Path Item object' : 'does not start with "/"'
      warnings.add('operation-left-out', pointer, `path ${JSON.stringify(path)} ${why}`, 'its operations were left out.')
      delete paths[path]
      continue
    }
    paths[path] = item
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (operation === undefined) continue
      if (!isObject(operation)) {
        warnings.add('operation-left-out', childPointer(pointer, method), `${method.toUpperCase()} ${path} is not an Operation object`, 'it was left out.')
        delete item[method]
        continue
      }
      const called = requestPath(path)
      if (called !== path) {
        warnings.add('path-fragment', childPointer(pointer, method), `the path key ${JSON.stringify(path)} has a fragment, which a URL never sends`, `${method.toUpperCase()} ${path} keeps its key and operationId, and calls ${method.toUpperCase()} ${called}.`)
      }
      sites.push({path, method, item, operation, pointer: childPointer(pointer, method)})
    }
  }
  return sites
}

function pathItem(value: unknown, refs: RefResolver): Record<string, unknown> | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return isObject(value) ? value : undefined
  const target = refs.followToObject(value)
  if (target === undefined) return undefined
  const siblings = {...value}
  delete siblings.$ref
  // A copy: two paths naming the same Path Item must not share operations.
  return {...(JSON.parse(JSON.stringify(target)) as Record<string, unknown>), ...siblings}
}
