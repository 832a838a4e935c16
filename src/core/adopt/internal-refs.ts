import {isObject, pointerTokens, valueAt} from '../json/index.js'

/** An internal reference is a URI fragment of this document: `#/...` (RFC 6901 §6). */
export function isInternalRef(ref: string): boolean {
  return ref === '#' || ref.startsWith('#/')
}

/**
 * Resolves internal references (`#/components/schemas/Pet`) against one document,
 * remembering each answer: documents repeat the same few hundred references thousands
 * of times. https://www.rfc-editor.org/rfc/rfc6901#section-6
 */
export class InternalRefs {
  readonly #document: unknown
  readonly #cache = new Map<string, unknown>()

  constructor(document: unknown) {
    this.#document = document
  }

  /** The referenced value, or undefined when the reference is not internal or leads nowhere. */
  resolve(ref: string): unknown {
    if (this.#cache.has(ref)) return this.#cache.get(ref)
    const value = isInternalRef(ref) ? lookup(this.#document, ref) : undefined
    this.#cache.set(ref, value)
    return value
  }

  /** Follows Reference Objects (`{$ref}` leading to `{$ref}` ...) to the object at the end, if any. */
  follow(value: unknown): Record<string, unknown> | undefined {
    const seen = new Set<string>()
    let current = value
    while (isObject(current) && typeof current.$ref === 'string') {
      if (seen.has(current.$ref)) return undefined
      seen.add(current.$ref)
      current = this.resolve(current.$ref)
    }
    return isObject(current) ? current : undefined
  }
}

function lookup(document: unknown, ref: string): unknown {
  let pointer: string
  try {
    pointer = decodeURIComponent(ref.slice(1))
  } catch {
    return undefined
  }
  const tokens = pointerTokens(pointer)
  return tokens === null ? undefined : valueAt(document, tokens)
}
