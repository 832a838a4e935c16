import {childPointer, isObject} from '../json/index.js'
import {LIMITS} from './limits.js'
import type {RefResolver} from './ref-resolver.js'
import {IN_PLACE_APPLICATORS, SUBSCHEMA_PLACES} from './schema-keywords.js'

type Report = (pointer: string, message: string) => void

interface Edge {
  readonly value: unknown
  /** Where the subschema is named: the applicator's entry, or the `$ref`. */
  readonly pointer: string
  /** Where the subschema itself is: for a `$ref`, its target. */
  readonly at: string
}

interface Frame {
  readonly schema: object
  readonly pointer: string
  readonly edges: readonly Edge[]
  next: number
  applications: number
  /** Whether an edge of this schema already exceeded the limit (so only the innermost schema is reported). */
  exceededBelow: boolean
}

const ACTIVE = -1

/**
 * What validating one value against a schema costs before it moves on to the value's
 * properties or items: every subschema the schema applies to the same value, through
 * `$ref` and the in-place applicators (IN_PLACE_APPLICATORS), counted along every path.
 * Validators walk each path (Ajv does), so a chain of twenty `anyOf`s of two `$ref`s to
 * the next one costs a million evaluations of a single value, and a schema that reaches
 * itself this way never finishes at all. Both are reported: a cycle at the reference or
 * applicator that closes it, and a count beyond LIMITS.inPlaceApplications at the
 * innermost schema past it. Each schema is counted once, without recursion, so neither a
 * long chain nor a wide one costs more than one walk or overflows the stack.
 */
export class InPlaceReach {
  /** Each schema's count of in-place applications (itself included), or ACTIVE while it is being counted. */
  private readonly counts = new Map<object, number>()

  constructor(
    private readonly resolver: RefResolver,
    private readonly report: Report,
  ) {}

  /** Counts the schema `schema` found at `pointer`, reporting a cycle or a count past the limit. */
  check(schema: unknown, pointer: string): void {
    if (!isObject(schema) || this.counts.has(schema)) return
    const edges = this.edges(schema, pointer)
    // Most schemas apply no other: they count as themselves alone, with no walk to set up.
    if (edges.length === 0) {
      this.counts.set(schema, 1)
      return
    }
    const stack: Frame[] = [this.frame(schema, pointer, edges)]
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.next < top.edges.length) {
        const edge = top.edges[top.next++]!
        if (!isObject(edge.value)) {
          // A boolean schema is one application; a `dependencies` list of names is none.
          if (typeof edge.value === 'boolean') top.applications += 1
          continue
        }
        const known = this.counts.get(edge.value)
        if (known === ACTIVE) {
          this.report(edge.pointer, `This leads back to the schema at #${this.activePointer(stack, edge.value)} without moving to a property or an item, so validating any value would never finish. Make the recursion go through \`properties\`, \`items\` or another keyword that moves into the value, or remove it.`)
        } else if (known !== undefined) {
          this.add(top, known)
        } else {
          stack.push(this.frame(edge.value, edge.at, this.edges(edge.value, edge.at)))
        }
        continue
      }
      stack.pop()
      this.counts.set(top.schema, top.applications)
      if (top.applications > LIMITS.inPlaceApplications && !top.exceededBelow) {
        this.report(top.pointer, `Validating one value against this schema applies more than ${LIMITS.inPlaceApplications} subschemas to it, counting every path through \`$ref\`, \`allOf\`, \`anyOf\`, \`oneOf\`, \`not\`, \`if\`/\`then\`/\`else\` and \`dependentSchemas\`. Simplify the schema: name a shared subschema once instead of reaching it along many paths.`)
      }
      const parent = stack[stack.length - 1]
      if (parent !== undefined) this.add(parent, top.applications)
    }
  }

  private add(frame: Frame, applications: number): void {
    // Saturates: the exact count past the limit does not matter, and must not overflow.
    frame.applications = Math.min(frame.applications + applications, LIMITS.inPlaceApplications + 1)
    if (applications > LIMITS.inPlaceApplications) frame.exceededBelow = true
  }

  private frame(schema: Record<string, unknown>, pointer: string, edges: readonly Edge[]): Frame {
    this.counts.set(schema, ACTIVE)
    return {schema, pointer, edges, next: 0, applications: 1, exceededBelow: false}
  }

  private activePointer(stack: readonly Frame[], schema: object): string {
    return stack.find((frame) => frame.schema === schema)!.pointer
  }

  /** The subschemas `schema` applies to the value itself, each with its pointer. */
  private edges(schema: Record<string, unknown>, pointer: string): Edge[] {
    const edges: Edge[] = []
    if (typeof schema.$ref === 'string') {
      const target = this.resolver.resolve(schema.$ref)
      // A reference that leads nowhere is reported where the schema is checked.
      if (!('error' in target)) edges.push({value: target.value, pointer: childPointer(pointer, '$ref'), at: target.pointer})
    }
    for (const keyword of Object.keys(schema)) {
      if (!IN_PLACE_APPLICATORS.has(keyword)) continue
      const value = schema[keyword]
      const at = childPointer(pointer, keyword)
      const place = SUBSCHEMA_PLACES.get(keyword)
      const edge = (item: unknown, itemPointer: string): void => void edges.push({value: item, pointer: itemPointer, at: itemPointer})
      if (place === 'schema') edge(value, at)
      else if (place === 'array' && Array.isArray(value)) value.forEach((item, index) => edge(item, childPointer(at, index)))
      else if (place === 'map' && isObject(value)) for (const name of Object.keys(value)) edge(value[name], childPointer(at, name))
    }
    return edges
  }
}
