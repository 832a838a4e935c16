import {isDeepStrictEqual} from 'node:util'

import {canonicalJson} from '../cassette/index.js'
import {printable} from '../text/index.js'
import {isObject, pointerTokens, valueAt} from '../json/index.js'
import type {JsonSchema} from '../profile/index.js'
import type {DetectedChange, SchemaChangeKind} from './diff-types.js'

type SchemaField = 'input_schema' | 'output_schema'
type View = Readonly<Record<string, unknown>> | false

// Keywords that describe a value without constraining it: a change is reported, never breaking.
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'discriminator', 'xml', 'externalDocs', 'contentEncoding', 'contentMediaType', 'contentSchema'])
// Keywords that carry no meaning of their own once references are followed.
const IGNORED = new Set(['$ref', '$defs', 'definitions', '$schema', '$id', '$anchor', '$dynamicAnchor', '$vocabulary'])
const STRUCTURAL = new Set(['type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems', 'anyOf', 'oneOf', 'allOf'])
// A larger lower bound or a smaller upper bound accepts fewer values.
const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'])
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'])
// Bounds the walk on pathological schemas; real input and output schemas are far shallower.
const MAX_DEPTH = 48
const MAX_REF_HOPS = 16

/**
 * Every difference between two versions of an operation's input or output schema, found
 * by walking both side by side, following each schema's own `$ref`s into its `$defs`.
 * Each finding says which way the set of accepted values moved (narrowed, widened or
 * changed both ways); whether that breaks callers depends on the direction data flows
 * and is decided by classifyChange. Pure: the same schemas give the same list.
 */
export function schemaChanges(field: SchemaField, oldSchema: JsonSchema, newSchema: JsonSchema): DetectedChange[] {
  if (isDeepStrictEqual(oldSchema, newSchema)) return []
  const walk = new SchemaWalk(field, oldSchema, newSchema)
  walk.compare(oldSchema, newSchema, '', 0)
  return walk.changes
}

class SchemaWalk {
  readonly changes: DetectedChange[] = []
  // Pairs of referenced schemas already compared: recursive schemas end, shared ones are reported once.
  private readonly seen = new Set<string>()

  constructor(
    private readonly field: SchemaField,
    private readonly oldRoot: JsonSchema,
    private readonly newRoot: JsonSchema,
  ) {}

  compare(oldNode: unknown, newNode: unknown, at: string, depth: number): void {
    if (depth > MAX_DEPTH) return
    const before = resolve(oldNode, this.oldRoot)
    const after = resolve(newNode, this.newRoot)
    if (before.key !== '' && after.key !== '') {
      const key = `${before.key}\n${after.key}`
      if (this.seen.has(key)) return
      this.seen.add(key)
    }
    const [a, b] = [before.view, after.view]
    if (a === false || b === false) {
      if (a !== b) this.add(a === false ? 'constraint_widened' : 'constraint_narrowed', at, a === false ? 'accepted no value before; now accepts values' : 'now accepts no value at all')
      return
    }
    this.compareTypes(a, b, at)
    this.compareEnums(a, b, at)
    this.compareProperties(a, b, at, depth)
    this.compareAdditional(a, b, at, depth)
    if (a.items !== undefined || b.items !== undefined) this.compare(a.items ?? true, b.items ?? true, `${at}[]`, depth + 1)
    this.comparePrefixItems(a, b, at, depth)
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) this.compareCombination(keyword, a, b, at, depth)
    this.compareOtherKeywords(a, b, at)
  }

  private add(kind: SchemaChangeKind, at: string, detail: string): void {
    this.changes.push({field: this.field, kind, at, detail})
  }

  private compareTypes(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, at: string): void {
    const before = typeSet(a.type)
    const after = typeSet(b.type)
    if (sameSet(before, after)) return
    const detail = `type ${typeName(a.type)} → ${typeName(b.type)}`
    this.add(direction(before, after, 'type_narrowed', 'type_widened', 'type_changed'), at, detail)
  }

  private compareEnums(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, at: string): void {
    const before = allowedValues(a)
    const after = allowedValues(b)
    if (sameSet(before, after)) return
    const removed = before === null ? [] : [...before].filter((value) => after === null || !after.has(value))
    const added = after === null ? [] : [...after].filter((value) => before === null || !before.has(value))
    const parts =
      before === null
        ? [`now limited to ${listValues(added)}`]
        : after === null
          ? [`no longer limited to ${listValues(removed)}`]
          : [removed.length > 0 ? `no longer allows ${listValues(removed)}` : '', added.length > 0 ? `now allows ${listValues(added)}` : ''].filter((part) => part !== '')
    this.add(direction(before, after, 'enum_narrowed', 'enum_widened', 'enum_changed'), at, parts.join('; '))
  }

  private compareProperties(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, at: string, depth: number): void {
    const before = isObject(a.properties) ? a.properties : {}
    const after = isObject(b.properties) ? b.properties : {}
    const requiredBefore = new Set(stringsOf(a.required))
    const requiredAfter = new Set(stringsOf(b.required))
    const names = [...new Set([...Object.keys(before), ...Object.keys(after), ...requiredBefore, ...requiredAfter])].sort()
    for (const name of names) {
      const path = child(at, name)
      const inBefore = Object.hasOwn(before, name)
      const inAfter = Object.hasOwn(after, name)
      if (inBefore && !inAfter) {
        this.add('property_removed', path, `property removed${requiredBefore.has(name) ? ' (it was required)' : ''}`)
        continue
      }
      if (!inBefore && inAfter) {
        if (requiredAfter.has(name)) this.add('required_added', path, 'new required property')
        else this.add('property_added', path, 'new optional property')
      } else {
        if (!requiredBefore.has(name) && requiredAfter.has(name)) this.add('required_added', path, 'now required')
        if (requiredBefore.has(name) && !requiredAfter.has(name)) this.add('required_removed', path, 'no longer required')
      }
      if (inBefore && inAfter) this.compare(before[name], after[name], path, depth + 1)
    }
  }

  private compareAdditional(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, at: string, depth: number): void {
    const before = a.additionalProperties ?? true
    const after = b.additionalProperties ?? true
    if (before === true && after === true) return
    if (before === false && after !== false) this.add('additional_properties_allowed', at, 'properties not listed are now accepted')
    else if (before !== false && after === false) this.add('additional_properties_forbidden', at, 'properties not listed are now refused')
    else if (before !== false && after !== false) this.compare(before, after, child(at, '*'), depth + 1)
  }

  private comparePrefixItems(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, at: string, depth: number): void {
    const before = Array.isArray(a.prefixItems) ? a.prefixItems : []
    const after = Array.isArray(b.prefixItems) ? b.prefixItems : []
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      this.compare(before[index] ?? true, after[index] ?? true, `${at}[${index}]`, depth + 1)
    }
  }

  /**
   * anyOf/oneOf: another alternative accepts more, one fewer accepts less; allOf the
   * other way round. Alternatives are matched by content first, so reordering is no
   * change; what is left is compared in order when both sides kept as many.
   */
  private compareCombination(keyword: 'anyOf' | 'oneOf' | 'allOf', a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, at: string, depth: number): void {
    const before = Array.isArray(a[keyword]) ? (a[keyword] as unknown[]) : null
    const after = Array.isArray(b[keyword]) ? (b[keyword] as unknown[]) : null
    if (before === null && after === null) return
    if (before === null || after === null) {
      this.add(before === null ? 'constraint_narrowed' : 'constraint_widened', at, `\`${keyword}\` ${before === null ? 'added' : 'removed'}`)
      return
    }
    const unmatched = [...after]
    const left = before.filter((item) => {
      const index = unmatched.findIndex((candidate) => isDeepStrictEqual(candidate, item))
      if (index === -1) return true
      unmatched.splice(index, 1)
      return false
    })
    if (left.length === unmatched.length) {
      for (const [index, item] of left.entries()) this.compare(item, unmatched[index], at, depth + 1)
      return
    }
    const more = unmatched.length > left.length
    const narrows = keyword === 'allOf' ? more : !more
    const what = keyword === 'allOf' ? 'schemas every value must match' : 'alternatives'
    this.add(narrows ? 'constraint_narrowed' : 'constraint_widened', at, `\`${keyword}\` has ${more ? 'more' : 'fewer'} ${what} (${before.length} → ${after.length})`)
  }

  private compareOtherKeywords(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>, at: string): void {
    const annotations: string[] = []
    const keywords = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
    for (const keyword of keywords) {
      if (IGNORED.has(keyword) || STRUCTURAL.has(keyword)) continue
      const before = a[keyword]
      const after = b[keyword]
      if (before !== undefined && after !== undefined && isDeepStrictEqual(before, after)) continue
      if (ANNOTATIONS.has(keyword) || keyword.startsWith('x-')) {
        annotations.push(keyword)
        continue
      }
      const name = `\`${printable(keyword, 40)}\``
      if (before === undefined) this.add('constraint_narrowed', at, `${name}${shown(after)} added`)
      else if (after === undefined) this.add('constraint_widened', at, `${name}${shown(before)} removed`)
      else if (typeof before === 'number' && typeof after === 'number' && (LOWER_BOUNDS.has(keyword) || UPPER_BOUNDS.has(keyword))) {
        const narrows = LOWER_BOUNDS.has(keyword) ? after > before : after < before
        this.add(narrows ? 'constraint_narrowed' : 'constraint_widened', at, `${name} ${before} → ${after}`)
      } else this.add('constraint_changed', at, isScalar(before) && isScalar(after) ? `${name}${shown(before)} →${shown(after)}` : `${name} changed`)
    }
    if (annotations.length > 0) this.add('annotation_changed', at, `${annotations.map((keyword) => `\`${printable(keyword, 40)}\``).join(', ')} changed`)
  }
}

/**
 * A schema with its `$ref`s followed inside its own root (schemas are self-contained),
 * keywords next to a `$ref` applying on top of the target's. `key` names the references
 * followed and those keywords ('' when there was no reference); an unresolvable reference
 * stays in the view as `$unresolved`, so a change to it is still reported.
 */
function resolve(node: unknown, root: JsonSchema): {view: View; key: string} {
  let current = node
  let overlay: Record<string, unknown> = {}
  const refs: string[] = []
  const done = (view: View) => ({view, key: refs.length === 0 ? '' : `${refs.join(' ')} ${canonicalJson(overlay)}`})
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    if (current === false) return done(false)
    if (!isObject(current)) return done(overlay)
    const {$ref: ref, ...siblings} = current
    if (typeof ref !== 'string') return done(withUniqueItems({...siblings, ...overlay}))
    overlay = {...siblings, ...overlay}
    refs.push(ref)
    const tokens = ref.startsWith('#') ? pointerTokens(safeDecode(ref.slice(1))) : null
    const target = tokens === null ? undefined : valueAt(root, tokens)
    if (target === undefined) return done({...overlay, $unresolved: ref})
    current = target
  }
  return done(overlay)
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

// `uniqueItems: false` is the default; dropping it keeps "added"/"removed" meaningful.
function withUniqueItems(view: Record<string, unknown>): Record<string, unknown> {
  if (view.uniqueItems !== false) return view
  const {uniqueItems: _default, ...rest} = view
  return rest
}

/** The JSON types a `type` keyword allows (integer included in number); null: any. */
function typeSet(type: unknown): Set<string> | null {
  if (type === undefined) return null
  const types = new Set((Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string'))
  if (types.has('number')) types.add('integer')
  return types
}

function typeName(type: unknown): string {
  if (type === undefined) return 'any'
  return Array.isArray(type) ? type.map(String).join('|') : String(type)
}

/** The values `enum`/`const` allow, as canonical JSON; null when any value of the type is allowed. */
function allowedValues(view: Readonly<Record<string, unknown>>): Set<string> | null {
  if (Object.hasOwn(view, 'const')) return new Set([canonicalJson(view.const)])
  if (Array.isArray(view.enum)) return new Set(view.enum.map((value) => canonicalJson(value)))
  return null
}

/** null stands for "everything". */
function sameSet(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): boolean {
  if (a === null || b === null) return a === b
  return a.size === b.size && [...a].every((item) => b.has(item))
}

function direction<K extends SchemaChangeKind>(before: ReadonlySet<string> | null, after: ReadonlySet<string> | null, narrowed: K, widened: K, changed: K): K {
  if (before === null) return narrowed
  if (after === null) return widened
  if ([...after].every((item) => before.has(item))) return narrowed
  if ([...before].every((item) => after.has(item))) return widened
  return changed
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function child(at: string, name: string): string {
  const token = printable(name, 60)
  return at === '' ? token : `${at}.${token}`
}

function listValues(values: readonly string[]): string {
  const shown = values.slice(0, 5).map((value) => printable(value, 40))
  return values.length > 5 ? `${shown.join(', ')} and ${values.length - 5} more` : shown.join(', ')
}

function isScalar(value: unknown): boolean {
  return typeof value !== 'object' || value === null
}

/** ` <value>` for a scalar keyword value; nothing for a schema or list, which would not fit on a line. */
function shown(value: unknown): string {
  return isScalar(value) ? ` ${printable(JSON.stringify(value) ?? String(value), 40)}` : ''
}
