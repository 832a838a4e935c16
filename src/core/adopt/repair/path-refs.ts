import {TamaError} from '../../errors/index.js'
import {isObject, jsonLengthWithin} from '../../json/index.js'
import {LIMITS, MIB} from '../../profile/index.js'
import {RefResolver} from '../../openapi/index.js'

// Copies written out in one document at most: a bound on what references to references can cost.
const MAX_COPIES = 10_000

/**
 * Replaces every `$ref` into `#/paths/...` by a copy of what it names. Such references
 * are legal but lead into the very objects adoption rewrites (a request body it drops, a
 * parameter it moves), so each is made independent first. A reference that leads into its
 * own copy (a cycle) is left as written; past MAX_COPIES copies, the rest are too. Copies
 * that would hold more than a document may (references to references multiply) refuse the
 * input instead: adoption never writes a document its validator refuses.
 */
export function inlinePathRefs(document: Record<string, unknown>, source: string): void {
  const refs = new RefResolver(document, 'tolerant')
  const pending: Array<[unknown, ReadonlySet<string>]> = [[document, new Set()]]
  let copies = 0
  let copied = 0
  while (pending.length > 0) {
    const [value, chain] = pending.pop()!
    if (!isObject(value) && !Array.isArray(value)) continue
    const holder = value as Record<string | number, unknown>
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      const child = holder[key]
      const ref = isObject(child) && typeof child.$ref === 'string' ? child.$ref : undefined
      const copy = inlined(holder, key, chain)
      pending.push([copy, copy !== child && ref !== undefined ? new Set([...chain, ref]) : chain])
    }
  }

  function inlined(holder: Record<string | number, unknown>, key: string | number, chain: ReadonlySet<string>): unknown {
    const child = holder[key]
    if (!isObject(child) || typeof child.$ref !== 'string' || !child.$ref.startsWith('#/paths/') || chain.has(child.$ref) || copies >= MAX_COPIES) return child
    const target = refs.target(child.$ref)
    if (target === undefined) return child
    copies++
    copied += jsonLengthWithin(target, LIMITS.documentBytes - copied)
    if (copied > LIMITS.documentBytes) {
      const message = `References into #/paths (each copied where it is used, as adoption must) copy more than a document may hold (${LIMITS.documentBytes / MIB} MiB). Move the objects they name to #/components and reference them there.`
      throw new TamaError('invalid_document', `${source}: ${message}`, {problems: [{source, pointer: '', message}]})
    }
    const {$ref: _ref, ...siblings} = child
    const copy = isObject(target) ? {...(structuredClone(target) as Record<string, unknown>), ...siblings} : structuredClone(target)
    holder[key] = copy
    return copy
  }
}
