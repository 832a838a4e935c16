import {childPointer, isObject} from '../../json/index.js'
import type {RefResolver} from '../../openapi/index.js'
import {SUBSCHEMA_PLACES} from './schema-keywords.js'

type Report = (pointer: string, message: string) => void

/** A subschema one schema reaches. */
interface Edge {
  readonly value: unknown
  /** Where the subschema is named: the keyword's entry, or the `$ref`. */
  readonly pointer: string
  /** Where the subschema itself is: for a `$ref`, its target. */
  readonly at: string
}

/** What a SchemaGraphFold measures of each schema, from the measures of the subschemas it reaches. */
export interface SchemaMeasure {
  /** Whether the subschemas under `keyword` are reached (a `$ref`'s target always is). */
  readonly follows: (keyword: string) => boolean
  /** A schema's measure before any subschema is added. */
  readonly own: number
  /** What a boolean subschema adds. */
  readonly booleanSubschema: number
  /** The measure with one more subschema's; it may saturate past `limit`. */
  readonly add: (measure: number, subschema: number) => number
  readonly limit: number
  /** Reported at the innermost schema whose measure passes `limit`. */
  readonly pastLimit: string
  /** Reported at a subschema that leads back to a schema still being measured; without it, such a loop adds nothing. */
  readonly loop?: (backTo: string) => string
}

const ACTIVE = -1

interface Frame {
  readonly schema: object
  readonly pointer: string
  readonly edges: readonly Edge[]
  next: number
  measure: number
  /** Whether a subschema already passed the limit (so only the innermost schema is reported). */
  pastLimitBelow: boolean
}

/**
 * Measures schemas as a graph of subschemas and `$ref`s, each schema once whoever reaches
 * it, without recursion, so neither a long chain nor a wide one costs more than one walk or
 * overflows the stack. What is measured, and what is too much, is the SchemaMeasure's.
 */
export class SchemaGraphFold {
  /** Each schema's measure, or ACTIVE while it is being measured. */
  private readonly measures = new Map<object, number>()

  constructor(
    private readonly resolver: RefResolver,
    private readonly measure: SchemaMeasure,
    private readonly report: Report,
  ) {}

  /** Measures the schema `schema` found at `pointer`, reporting what passes the limit. */
  check(schema: unknown, pointer: string): void {
    if (!isObject(schema) || this.measures.has(schema)) return
    const edges = this.edges(schema, pointer)
    // Most schemas reach no other: they measure as themselves alone, with no walk to set up.
    if (edges.length === 0) {
      this.measures.set(schema, this.measure.own)
      return
    }
    const stack: Frame[] = [this.frame(schema, pointer, edges)]
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.next < top.edges.length) {
        const edge = top.edges[top.next++]!
        if (!isObject(edge.value)) {
          // A `dependencies` list of names is no schema.
          if (typeof edge.value === 'boolean') this.add(top, this.measure.booleanSubschema)
          continue
        }
        const known = this.measures.get(edge.value)
        if (known === undefined) stack.push(this.frame(edge.value, edge.at, this.edges(edge.value, edge.at)))
        else if (known !== ACTIVE) this.add(top, known)
        else if (this.measure.loop !== undefined) this.report(edge.pointer, this.measure.loop(stack.find((frame) => frame.schema === edge.value)!.pointer))
        continue
      }
      stack.pop()
      this.measures.set(top.schema, top.measure)
      if (top.measure > this.measure.limit && !top.pastLimitBelow) this.report(top.pointer, this.measure.pastLimit)
      const parent = stack[stack.length - 1]
      if (parent !== undefined) this.add(parent, top.measure)
    }
  }

  private add(frame: Frame, subschema: number): void {
    frame.measure = this.measure.add(frame.measure, subschema)
    if (subschema > this.measure.limit) frame.pastLimitBelow = true
  }

  private frame(schema: Record<string, unknown>, pointer: string, edges: readonly Edge[]): Frame {
    this.measures.set(schema, ACTIVE)
    return {schema, pointer, edges, next: 0, measure: this.measure.own, pastLimitBelow: false}
  }

  /** The subschemas `schema` reaches, each with its pointer. */
  private edges(schema: Record<string, unknown>, pointer: string): Edge[] {
    const edges: Edge[] = []
    if (typeof schema.$ref === 'string') {
      const target = this.resolver.resolve(schema.$ref)
      // A reference that leads nowhere is reported where the schema is checked.
      if (!('error' in target)) edges.push({value: target.value, pointer: childPointer(pointer, '$ref'), at: target.pointer})
    }
    for (const keyword of Object.keys(schema)) {
      const place = SUBSCHEMA_PLACES.get(keyword)
      if (place === undefined || !this.measure.follows(keyword)) continue
      const value = schema[keyword]
      const at = childPointer(pointer, keyword)
      const edge = (item: unknown, itemPointer: string): void => void edges.push({value: item, pointer: itemPointer, at: itemPointer})
      if (place === 'schema') edge(value, at)
      else if (place === 'array' && Array.isArray(value)) value.forEach((item, index) => edge(item, childPointer(at, index)))
      else if (place === 'map' && isObject(value)) for (const name of Object.keys(value)) edge(value[name], childPointer(at, name))
    }
    return edges
  }
}
