import {childPointer, isObject} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'

/**
 * A Path Item holding another under a `/...` key (a mistake of hand-written YAML, where
 * indentation nests `/pets/{id}` inside `/pets`) is lifted to the full path, its parent's
 * path followed by its key, with a warning, unless that path exists already: then it is
 * left for the field check to remove, with its own warning. Nested levels lift in turn.
 * https://spec.openapis.org/oas/v3.1.0#paths-object
 */
export function liftNestedPathItems(document: Record<string, unknown>, warnings: AdoptWarnings): void {
  const paths = document.paths
  if (!isObject(paths)) return
  const pending = Object.keys(paths)
  while (pending.length > 0) {
    const path = pending.shift()!
    const item = paths[path]
    if (!path.startsWith('/') || !isObject(item)) continue
    for (const key of Object.keys(item)) {
      if (!key.startsWith('/') || !isObject(item[key])) continue
      const full = `${path.replace(/\/$/, '')}${key}`
      if (Object.hasOwn(paths, full)) continue
      paths[full] = item[key]
      delete item[key]
      pending.push(full)
      warnings.add('path-lifted', childPointer('/paths', full), `a path item is nested under the key ${JSON.stringify(key)} inside the path item of ${JSON.stringify(path)}`, `it was lifted to its full path ${JSON.stringify(full)}.`)
    }
  }
}
