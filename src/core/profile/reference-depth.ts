import {childPointer, isObject} from '../json/index.js'
import {LIMITS} from './limits.js'
import type {RefResolver} from './ref-resolver.js'
import {SUBSCHEMA_PLACES} from './schema-keywords.js'

type Report = (pointer: string, message: string) => void

/** Places whose subschemas are only there to be referenced: a validator compiles them where a `$ref` leads. */
const DEFINITIONS = new Set(['$defs', 'definitions'])

interface Frame {
  readonly schema: object
  readonly pointer: string
  readonly next: ReadonlyArray<{readonly value: unknown; readonly at: string}>
  index: number
  depth: number
  /** Whether a schema below already exceeded the limit (so only the innermost schema is reported). */
  exceededBelow: boolean
}

const ACTIVE = -1

/**
 * How deep compiling a schema goes: the most schemas nested in each other along any path
 * of subschemas, each `$ref` followed to its target as one more level. A validator
 * compiles each level inside the one above it (Ajv does, a `$ref`'s target included), so
 * a long enough path overflows the stack and the schema can never be compiled: a chain of
 * about 190 schemas each referencing the next does. A path past LIMITS.referenceDepth is
 * reported at the innermost schema past it. A reference back to a schema still being
 * walked is recursion through the value, which a validator compiles as a call and which
 * adds no depth. Each schema is walked once, without recursion.
 */
export class ReferenceDepth {
  /** Each schema's depth (itself included), or ACTIVE while it is being walked. */
  private readonly depths = new Map<object, number>()

  constructor(
    private readonly resolver: RefResolver,
    private readonly report: Report,
  ) {}

  /** Walks the schema `schema` found at `pointer`, reporting a path deeper than the limit. */
  check(schema: unknown, pointer: string): void {
    if (!isObject(schema) || this.depths.has(schema)) return
    const stack: Frame[] = [this.frame(schema, pointer)]
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.index < top.next.length) {
        const {value, at} = top.next[top.index++]!
        if (!isObject(value)) continue
        const known = this.depths.get(value)
        if (known === undefined) stack.push(this.frame(value, at))
        else if (known !== ACTIVE) this.add(top, known)
        continue
      }
      stack.pop()
      this.depths.set(top.schema, top.depth)
      if (top.depth > LIMITS.referenceDepth && !top.exceededBelow) {
        this.report(top.pointer, `Compiling this schema goes more than ${LIMITS.referenceDepth} schemas deep, counting each subschema and each \`$ref\` followed as a level, which a validator may not be able to compile. Shorten the chain of references and nested schemas below it: name fewer levels, or flatten them.`)
      }
      const parent = stack[stack.length - 1]
      if (parent !== undefined) this.add(parent, top.depth)
    }
  }

  private add(frame: Frame, depth: number): void {
    // Saturates: how far past the limit does not matter.
    frame.depth = Math.max(frame.depth, Math.min(depth, LIMITS.referenceDepth + 1) + 1)
    if (depth > LIMITS.referenceDepth) frame.exceededBelow = true
  }

  private frame(schema: Record<string, unknown>, pointer: string): Frame {
    this.depths.set(schema, ACTIVE)
    return {schema, pointer, next: this.next(schema, pointer), index: 0, depth: 1, exceededBelow: false}
  }

  /** The schemas compiled inside `schema`: its subschemas, and the target of its `$ref`. */
  private next(schema: Record<string, unknown>, pointer: string): Array<{value: unknown; at: string}> {
    const next: Array<{value: unknown; at: string}> = []
    if (typeof schema.$ref === 'string') {
      const target = this.resolver.resolve(schema.$ref)
      // A reference that leads nowhere is reported where the schema is checked.
      if (!('error' in target)) next.push({value: target.value, at: target.pointer})
    }
    for (const keyword of Object.keys(schema)) {
      const place = SUBSCHEMA_PLACES.get(keyword)
      if (place === undefined || DEFINITIONS.has(keyword)) continue
      const value = schema[keyword]
      const at = childPointer(pointer, keyword)
      if (place === 'schema') next.push({value, at})
      else if (place === 'array' && Array.isArray(value)) value.forEach((item, index) => next.push({value: item, at: childPointer(at, index)}))
      else if (place === 'map' && isObject(value)) for (const name of Object.keys(value)) next.push({value: value[name], at: childPointer(at, name)})
    }
    return next
  }
}
