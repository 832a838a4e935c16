/**
 * The path a path key calls: the key up to its first `#`. A URL's fragment is never sent
 * (https://www.rfc-editor.org/rfc/rfc3986#section-3.5), so a key such as
 * `/files/{file_id}#add_shared_link` only keeps two operations on one method and path apart.
 */
export function requestPath(key: string): string {
  const fragment = key.indexOf('#')
  return fragment < 0 ? key : key.slice(0, fragment)
}

/** The names of a path template's `{name}` expressions (https://spec.openapis.org/oas/v3.1.0#path-templating). */
export function templateNames(path: string): Set<string> {
  return new Set([...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!))
}
