import {setOwnProperty} from './json-value.js'

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
      setOwnProperty(copy, key, value)
      placed = true
    }
    setOwnProperty(copy, existing, (object as Record<string, unknown>)[existing])
  }
  if (!placed) setOwnProperty(copy, key, value)
  return copy as T
}

