/**
 * A copy of `object` with `key` set to `value`, placed before the first key that sorts
 * after it in code-unit order: an object whose keys are in that order stays so, and its
 * canonical JSON needs no copy of it.
 */
export function withMember<T extends object>(object: T, key: string, value: unknown): T {
  const copy: Record<string, unknown> = {}
  let placed = false
  for (const existing of Object.keys(object)) {
    if (existing === key) continue
    if (!placed && existing > key) {
      setOwn(copy, key, value)
      placed = true
    }
    setOwn(copy, existing, (object as Record<string, unknown>)[existing])
  }
  if (!placed) setOwn(copy, key, value)
  return copy as T
}

// An own "__proto__" property, as JSON.parse makes it, not the prototype setter.
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, {value, enumerable: true, writable: true, configurable: true})
  else object[key] = value
}
