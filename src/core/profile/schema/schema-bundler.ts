import {escapeToken, isObject, setOwnProperty, withMember} from '../../json/index.js'
import {LIMITS} from '../limits.js'
import type {JsonSchema} from '../operation-record.js'
import type {RefResolver} from '../../openapi/index.js'
import {SUBSCHEMA_PLACES} from './schema-keywords.js'
import {compareCodeUnits} from '../../text/index.js'

/** A schema as found in the document, with its pointer. */
export interface SchemaAt {
  readonly value: unknown
  readonly pointer: string
}

/** Copies of several schemas that share one set of definitions. */
export interface Bundle {
  readonly schemas: JsonSchema[]
  /** Sorted by name; empty when nothing is referenced. */
  readonly defs: Record<string, JsonSchema>
}

const COMPONENT_SCHEMA = /^\/components\/schemas\/([a-zA-Z0-9._-]+)$/
const NO_DEFINITIONS: Record<string, JsonSchema> = Object.freeze({})
const NO_REFS: readonly SchemaAt[] = Object.freeze([])

/**
 * Makes schemas self-contained (docs/profile.md#schemas-and-ref): every schema a `$ref`
 * reaches, directly or through others, is copied into the bundle's `$defs`, and each
 * `$ref` is rewritten to `#/$defs/<name>`. Circular references stay circular, inside
 * `$defs`.
 *
 * Names depend only on the target's pointer, so they are the same in every operation:
 * `#/components/schemas/Instance` becomes `Instance`; any other target is named by its
 * whole pointer (`/paths/~1a/get/...`), which cannot collide with a component name
 * because those never contain `/`.
 *
 * A rewritten target is built once per document and shared by every operation that uses
 * it, and a subschema without references is the document's own object, not a copy: the
 * results must be treated as read-only.
 */
export class SchemaBundler {
  /** Rewritten target schemas and the targets each references directly, by pointer. */
  private readonly targets = new Map<string, Rewritten>()
  /** Every rewritten subschema by identity, so each is walked once however it is reached. */
  private readonly rewritten = new Map<object, Rewritten>()
  /** Finished single-schema bundles by pointer: many operations share one response schema. */
  private readonly bundles = new Map<string, JsonSchema>()
  /** Every target each target reaches, itself included, in no particular order. */
  private readonly closures = new Map<string, ReadonlySet<string>>()
  /** Finished `$defs` by the targets they hold: operations share them too. */
  private readonly defs = new Map<string, Record<string, JsonSchema>>()

  constructor(private readonly resolver: RefResolver) {}

  /** Self-contained copies of `roots`, sharing one `defs`. */
  bundle(roots: readonly SchemaAt[]): Bundle {
    const rewritten = roots.map((root) => this.target(root))
    return {schemas: rewritten.map(({schema}) => schema), defs: this.definitions(rewritten.flatMap(({refs}) => refs))}
  }

  /**
   * One self-contained schema. A root that is only a `$ref` is replaced by its target,
   * so `{$ref: '#/components/schemas/Body'}` yields Body's own keywords at the top.
   * With `maxDefinitions`, only that many definitions are copied, nearest first (breadth
   * first from the root); each one beyond is a stub that accepts any value, so a schema
   * that only describes (an output schema) stays small however far its references reach.
   */
  bundleOne(root: SchemaAt, maxDefinitions = Number.POSITIVE_INFINITY): JsonSchema {
    const target = this.pureReferenceTarget(root)
    const key = `${maxDefinitions}\n${target.pointer}`
    let bundle = this.bundles.get(key)
    if (bundle === undefined) {
      bundle = this.selfContained(target, maxDefinitions)
      this.bundles.set(key, bundle)
    }
    return bundle
  }

  private selfContained(root: SchemaAt, maxDefinitions: number): JsonSchema {
    const {schema, refs} = this.target(root)
    const defs = Number.isFinite(maxDefinitions) ? this.nearestDefinitions(refs, maxDefinitions) : this.definitions(refs)
    if (Object.keys(defs).length === 0) return schema
    if (isObject(schema) && !Object.hasOwn(schema, '$defs')) return withMember(schema, '$defs', defs)
    // A boolean schema, or one with `$defs` of its own, is itself put among the definitions.
    const name = nameOf(root.pointer)
    return {$defs: withMember(defs, name, schema), $ref: refTo(name)}
  }

  /** Follows a root made only of `$ref` to the schema it names. */
  private pureReferenceTarget(root: SchemaAt): SchemaAt {
    const seen = new Set<string>()
    let current = root
    while (isObject(current.value) && typeof current.value.$ref === 'string' && Object.keys(current.value).length === 1 && !seen.has(current.pointer)) {
      seen.add(current.pointer)
      const next = this.resolver.resolve(current.value.$ref)
      if ('error' in next) break
      current = next
    }
    return current
  }

  /** Every target reachable from `refs`, rewritten, keyed by name in name order. */
  private definitions(refs: readonly SchemaAt[]): Record<string, JsonSchema> {
    if (refs.length === 0) return NO_DEFINITIONS
    let reached = this.closure(refs[0]!)
    if (refs.length > 1) {
      const union = new Set(reached)
      for (const ref of refs) for (const pointer of this.closure(ref)) union.add(pointer)
      reached = union
    }
    const pointers = [...reached].sort()
    const key = pointers.join('\n')
    let defs = this.defs.get(key)
    if (defs === undefined) {
      const entries = pointers.map((pointer) => [nameOf(pointer), this.targets.get(pointer)!.schema] as const)
      entries.sort(([a], [b]) => compareCodeUnits(a, b))
      defs = Object.fromEntries(entries)
      this.defs.set(key, defs)
    }
    return defs
  }

  /**
   * The first `max` targets reached breadth first from `refs`, rewritten; every other
   * target they reference becomes a stub naming it, so each `$ref` still resolves. Each
   * level is taken in pointer order, not in the order the document happens to write its
   * keys, so the same content always keeps the same definitions.
   */
  private nearestDefinitions(refs: readonly SchemaAt[], max: number): Record<string, JsonSchema> {
    const included = new Set<string>()
    const seen = new Set<string>()
    for (let level = unseenByPointer(refs, seen); level.length > 0; ) {
      const next: SchemaAt[] = []
      for (const target of level) {
        seen.add(target.pointer)
        if (included.size === max) continue
        included.add(target.pointer)
        next.push(...this.target(target).refs)
      }
      level = unseenByPointer(next, seen)
    }
    const entries: Array<readonly [string, JsonSchema]> = [...seen].map((pointer) => {
      const name = nameOf(pointer)
      return [name, included.has(pointer) ? this.targets.get(pointer)!.schema : {description: `${name} is not expanded here; see the source document.`, title: name}]
    })
    entries.sort(([a], [b]) => compareCodeUnits(a, b))
    return Object.fromEntries(entries)
  }

  private closure(start: SchemaAt): ReadonlySet<string> {
    let closure = this.closures.get(start.pointer)
    if (closure === undefined) {
      const reached = new Set<string>()
      const queue = [start]
      while (queue.length > 0) {
        const next = queue.pop()!
        if (reached.has(next.pointer)) continue
        reached.add(next.pointer)
        queue.push(...this.target(next).refs)
      }
      closure = reached
      this.closures.set(start.pointer, closure)
    }
    return closure
  }

  private target(target: SchemaAt): Rewritten {
    let rewritten = this.targets.get(target.pointer)
    if (rewritten === undefined) {
      rewritten = this.rewriteRoot(target)
      this.targets.set(target.pointer, rewritten)
    }
    return rewritten
  }

  private rewriteRoot(root: SchemaAt): Rewritten {
    const refs: SchemaAt[] = []
    return {schema: this.rewrite(root.value, refs, 0) as JsonSchema, refs}
  }

  /**
   * The schema with its `$ref`s pointing into `$defs`; their targets are pushed onto
   * `refs`. Returns `schema` itself when nothing in it changes.
   */
  private rewrite(schema: unknown, refs: SchemaAt[], depth: number): unknown {
    if (!isObject(schema) || depth > LIMITS.depth) return schema
    const done = this.rewritten.get(schema)
    if (done !== undefined) {
      for (const ref of done.refs) refs.push(ref)
      return done.schema
    }
    const start = refs.length
    const copy = mapValues(schema, (keyword, value) => this.rewriteKeyword(keyword, value, refs, depth)) as JsonSchema
    this.rewritten.set(schema, {schema: copy, refs: refs.length === start ? NO_REFS : refs.slice(start)})
    return copy
  }

  private rewriteKeyword(keyword: string, value: unknown, refs: SchemaAt[], depth: number): unknown {
    if (keyword === '$ref' && typeof value === 'string') {
      const target = this.resolver.resolve(value)
      if ('error' in target) return value
      refs.push(target)
      return refTo(nameOf(target.pointer))
    }
    const place = SUBSCHEMA_PLACES.get(keyword)
    if (place === 'schema') return this.rewrite(value, refs, depth + 1)
    if (place === 'array' && Array.isArray(value)) {
      const items = value.map((item) => this.rewrite(item, refs, depth + 1))
      return items.some((item, index) => item !== value[index]) ? items : value
    }
    // `dependencies` values that are arrays of names pass through rewrite unchanged.
    if (place === 'map' && isObject(value)) return mapValues(value, (_name, subschema) => this.rewrite(subschema, refs, depth + 1))
    return value
  }
}

interface Rewritten {
  readonly schema: JsonSchema
  readonly refs: readonly SchemaAt[]
}

/**
 * `object` with each value replaced by `fn`'s result; `object` itself when none changes,
 * which is most of the time, so nothing is allocated until a value does change.
 */
function mapValues(object: Record<string, unknown>, fn: (key: string, value: unknown) => unknown): Record<string, unknown> {
  const keys = Object.keys(object)
  let copy: Record<string, unknown> | undefined
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const value = object[key]
    const next = fn(key, value)
    if (copy === undefined && next !== value) {
      copy = {}
      for (let before = 0; before < index; before++) setOwnProperty(copy, keys[before]!, object[keys[before]!])
    }
    if (copy !== undefined) setOwnProperty(copy, key, next)
  }
  return copy ?? object
}

/** The targets in `targets` not in `seen`, each once, in pointer order. */
function unseenByPointer(targets: readonly SchemaAt[], seen: ReadonlySet<string>): SchemaAt[] {
  const unseen = new Map<string, SchemaAt>()
  for (const target of targets) if (!seen.has(target.pointer)) unseen.set(target.pointer, target)
  return [...unseen.values()].sort((a, b) => compareCodeUnits(a.pointer, b.pointer))
}

/** `#/components/schemas/X` is named `X`; any other target by its whole pointer. */
function nameOf(pointer: string): string {
  return COMPONENT_SCHEMA.exec(pointer)?.[1] ?? pointer
}

/** The `$ref` to a definition: a JSON Pointer (RFC 6901 §6) percent-encoded for a URI fragment. */
function refTo(name: string): string {
  return `#/$defs/${encodeURIComponent(escapeToken(name))}`
}
