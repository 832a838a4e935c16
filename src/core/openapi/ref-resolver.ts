import {isObject, jsonType, pointerTokens, valueAt} from '../json/index.js'

/** Where a `$ref` leads: the target's pointer and value, or why it leads nowhere. */
export type Resolution = {readonly pointer: string; readonly value: unknown} | {readonly error: string}

/**
 * 'strict' resolves what a profile document may hold and says why anything else is
 * refused (validation); 'tolerant' resolves what it can of a description being adopted,
 * which repairs or drops the rest: only a literal `#` or `#/…` is internal, and a
 * non-string `$ref` is no reference at all.
 */
export type RefMode = 'strict' | 'tolerant'

/** An internal reference is a URI fragment of this document: `#/...` (RFC 6901 §6). */
export function isInternalRef(ref: string): boolean {
  return ref === '#' || ref.startsWith('#/')
}

/**
 * Resolves the document's internal references (docs/profile.md#schemas-and-ref): only
 * `#/…` JSON Pointer fragments into the same document. Every other `$ref` — a file, a URL,
 * a plain-name anchor — is refused with a message saying what to write instead.
 * Results are cached per `$ref` text, so each reference costs one lookup however often
 * it is used.
 */
export class RefResolver {
  private readonly cache = new Map<string, Resolution>()

  constructor(
    private readonly root: unknown,
    private readonly mode: RefMode = 'strict',
  ) {}

  /** Where `ref` points, without following further references. */
  resolve(ref: string): Resolution {
    let resolution = this.cache.get(ref)
    if (resolution === undefined) {
      resolution = this.lookUp(ref)
      this.cache.set(ref, resolution)
    }
    return resolution
  }

  /** The value `ref` points to, or undefined when it leads nowhere. */
  target(ref: string): unknown {
    const resolution = this.resolve(ref)
    return 'error' in resolution ? undefined : resolution.value
  }

  /**
   * Follows a Reference Object (a value with a `$ref`) through any chain of further
   * Reference Objects to the object they finally name. A chain that comes back on itself
   * is an error, not a loop. `pointer` is where `value` is, when known.
   */
  follow(value: unknown, pointer?: string): Resolution {
    if (!this.isReference(value)) return {pointer: pointer ?? '', value}
    let current = this.step(value)
    // Most references name the object itself; only chains need the cycle check.
    if ('error' in current || !this.isReference(current.value)) return current
    const seen = new Set<string>(pointer === undefined ? [current.pointer] : [pointer, current.pointer])
    while ('value' in current && this.isReference(current.value)) {
      const next: Resolution = this.step(current.value)
      if ('error' in next) return next
      if (seen.has(next.pointer)) {
        return {error: `The reference chain ${[...seen, next.pointer].map((p) => `#${p}`).join(' → ')} is circular. Point the \`$ref\` at the object itself.`}
      }
      seen.add(next.pointer)
      current = next
    }
    return current
  }

  /** The object a value is or its references finally name, or undefined when they lead nowhere or to no object. */
  followToObject(value: unknown): Record<string, unknown> | undefined {
    const followed = this.follow(value)
    return 'error' in followed || !isObject(followed.value) ? undefined : followed.value
  }

  private isReference(value: unknown): value is Record<string, unknown> {
    return isObject(value) && Object.hasOwn(value, '$ref') && (this.mode === 'strict' || typeof value.$ref === 'string')
  }

  private step(reference: Record<string, unknown>): Resolution {
    const ref = reference.$ref
    return typeof ref === 'string' ? this.resolve(ref) : {error: `\`$ref\` must be a string, found ${jsonType(ref)}.`}
  }

  private lookUp(ref: string): Resolution {
    const quoted = JSON.stringify(ref)
    if (!ref.startsWith('#') || (this.mode === 'tolerant' && !isInternalRef(ref))) {
      return {
        error: `\`$ref\` ${quoted} points outside this document; tama-dex never reads other files or the network. Copy the target into \`components\` and refer to it as "#/components/…".`,
      }
    }
    let fragment: string
    try {
      fragment = decodeURIComponent(ref.slice(1))
    } catch {
      return {error: `\`$ref\` ${quoted} has malformed percent-encoding. Encode \`%\` as %25.`}
    }
    const tokens = pointerTokens(fragment)
    if (tokens === null) {
      return {error: `\`$ref\` ${quoted} is not a JSON Pointer. Write it as "#/" followed by the path to the target, such as "#/components/schemas/Name".`}
    }
    const value = valueAt(this.root, tokens)
    if (value === undefined) {
      return {error: `\`$ref\` ${quoted} points to nothing in this document. Add the target or correct the reference.`}
    }
    return {pointer: fragment, value}
  }
}
