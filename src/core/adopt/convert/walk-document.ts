import {DocumentPatterns} from '../../profile/index.js'
import {childPointer, isObject} from '../../json/index.js'
import {OPENAPI_OBJECTS, type ObjectModel, type ObjectName, type RefResolver, type Shape as FieldShape, objectTitle} from '../../openapi/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import {repairFields} from '../repair/index.js'
import {adoptSchema, describeRef} from './schema-object.js'

type Kind = ObjectName

/** 'one' object, a 'list', a 'map' of them, or an 'extensible' map whose `x-` keys are extensions. */
type Shape = 'one' | 'list' | 'map' | 'extensible'

/** A field of an object holding other objects: its name, their kind, and how it holds them. */
export type Child = readonly [field: string, kind: Kind, shape: Shape]

/** The object a field's shape holds, where it holds one directly. */
function heldKind(shape: FieldShape): Kind | undefined {
  if (shape.is === 'schema') return 'Schema'
  return shape.is === 'object' || shape.is === 'refOr' ? shape.kind : undefined
}

/**
 * What a field holds, as adoption walks it. An object keyed by pattern (Paths, Responses)
 * is walked as an extensible map of the objects it holds.
 */
function child(field: string, shape: FieldShape): Child | undefined {
  const keyed = shape.is === 'object' ? OPENAPI_OBJECTS[shape.kind].patterned : undefined
  const [kind, walked]: [Kind | undefined, Shape] =
    shape.is === 'array' ? [heldKind(shape.items), 'list'] : shape.is === 'map' ? [heldKind(shape.values), 'map'] : keyed ? [heldKind(keyed.value), 'extensible'] : [heldKind(shape), 'one']
  return kind === undefined ? undefined : [field, kind, walked]
}

const childrenIn = (fields: ObjectModel['fields'] = {}): Child[] =>
  Object.entries(fields).flatMap(([field, shape]) => {
    const held = child(field, shape)
    return held === undefined ? [] : [held]
  })

/** The object a Reference Object may stand for where the shape is. */
function referableKind(shape: FieldShape): Kind | undefined {
  if (shape.is === 'refOr') return shape.kind
  return shape.is === 'array' ? referableKind(shape.items) : shape.is === 'map' ? referableKind(shape.values) : undefined
}

/**
 * The objects adoption walks: Schema Objects, the objects a Reference Object may stand
 * for, and those holding any of them, from the root down. Others (an Info Object, a
 * Server) hold no reference and no schema.
 */
function walkedKinds(): ReadonlySet<Kind> {
  const reached = new Set<Kind>(['OpenAPI'])
  for (const kind of reached) for (const [, held] of childrenIn(OPENAPI_OBJECTS[kind].fields)) reached.add(held)
  const referable = new Set<Kind>(['Schema'])
  for (const model of Object.values(OPENAPI_OBJECTS)) {
    for (const shape of [...Object.values(model.fields), ...(model.patterned ? [model.patterned.value] : [])]) {
      const kind = referableKind(shape)
      if (kind !== undefined) referable.add(kind)
    }
  }
  const walked = new Set<Kind>([...reached].filter((kind) => referable.has(kind)))
  for (let grown = true; grown; ) {
    grown = false
    for (const kind of reached) {
      if (walked.has(kind) || !childrenIn(OPENAPI_OBJECTS[kind].fields).some(([, held]) => walked.has(held))) continue
      walked.add(kind)
      grown = true
    }
  }
  return walked
}

const WALKED = walkedKinds()
const walkedChildren = (fields?: ObjectModel['fields']): Child[] => childrenIn(fields).filter(([, kind]) => WALKED.has(kind))

/** Where each object adoption walks holds others it walks, in OpenAPI 3 and, besides, in Swagger 2.0. */
export const OBJECT_CHILDREN: ReadonlyMap<Kind, readonly Child[]> = new Map([...WALKED].map((kind) => [kind, walkedChildren(OPENAPI_OBJECTS[kind].fields)]))
export const SWAGGER_2_CHILDREN: ReadonlyMap<Kind, readonly Child[]> = new Map([...WALKED].map((kind) => [kind, walkedChildren(OPENAPI_OBJECTS[kind].swagger2)]))

/** The walked objects that are maps keyed by pattern and nothing else (a Callback), with the kind of their values. */
export const KEYED_OBJECTS: ReadonlyMap<Kind, Kind> = new Map(
  [...WALKED].flatMap((kind) => {
    const {fields, patterned} = OPENAPI_OBJECTS[kind]
    const held = patterned && Object.keys(fields).length === 0 ? heldKind(patterned.value) : undefined
    return held === undefined ? [] : [[kind, held] as const]
  }),
)

/** The object as warnings name it: "request body". */
function noun(kind: Kind): string {
  return kind === 'PathItem' ? 'path item (with every operation under it)' : objectTitle(kind).toLowerCase()
}

export interface DocumentPass {
  readonly upgrade: boolean
  readonly refs: RefResolver
  readonly warnings: AdoptWarnings
}

/**
 * Visits every Schema Object of the document once (rewriting it with adoptSchema), repairs
 * every other object's fields (repairFields), and visits
 * every Reference Object outside schemas, removing those that point out of the document
 * or nowhere: a profile document holds internal references only. One linear walk,
 * following the OpenAPI object model rather than every key, so examples and extensions
 * are never mistaken for schemas.
 */
export function adoptDocumentObjects(document: Record<string, unknown>, pass: DocumentPass): void {
  const seen = new WeakSet<object>()
  const schemaPass = {...pass, seen: new WeakSet<object>(), patterns: new DocumentPatterns()}
  const visitObject = (object: Record<string, unknown>, kind: Kind, pointer: string): void => {
    if (kind === 'Schema') return adoptSchema(object, pointer, schemaPass)
    const keyed = KEYED_OBJECTS.get(kind)
    if (keyed !== undefined) return visitMap(object, keyed, 'extensible', pointer)
    repairFields(object, kind, pointer, pass.warnings)
    for (const [field, childKind, shape] of OBJECT_CHILDREN.get(kind) ?? []) {
      const value = object[field]
      const at = childPointer(pointer, field)
      if (shape === 'one') visitChild(object, field, childKind, at)
      else if (shape === 'list' && Array.isArray(value)) visitList(object, field, value, childKind, at)
      else if (shape !== 'list' && isObject(value)) visitMap(value, childKind, shape, at)
    }
  }
  const visitMap = (map: Record<string, unknown>, kind: Kind, shape: Shape, pointer: string): void => {
    for (const key of Object.keys(map)) {
      if (shape === 'extensible' && key.startsWith('x-')) continue
      visitChild(map, key, kind, childPointer(pointer, key))
    }
  }
  const visitList = (owner: Record<string, unknown>, field: string, list: unknown[], kind: Kind, pointer: string): void => {
    const kept = list.filter((item, index) => {
      const at = childPointer(pointer, index)
      if (isObject(item) && typeof item.$ref === 'string' && settle(item.$ref, kind, at) !== 'keep') return false
      if (isObject(item) && item.$ref === undefined) visitObject(item, kind, at)
      return true
    })
    if (kept.length !== list.length) owner[field] = kept
  }
  /** What becomes of a Reference Object: kept, dropped or replaced, with a warning unless kept. */
  const settle = (ref: string, kind: Kind, pointer: string): 'keep' | 'drop' | Record<string, unknown> => {
    const found = pass.refs.target(ref) !== undefined
    const namesSchema = ref.startsWith('#/components/schemas/')
    if (found && !namesSchema) return 'keep'
    if (found && kind === 'Response') {
      // Swagger 2.0 documents often name a definition where a response belongs.
      pass.warnings.add('reference-repaired', pointer, `$ref ${JSON.stringify(ref)} names a schema, not a response`, 'it became a response with that schema as its application/json content.')
      return {description: ref.slice(ref.lastIndexOf('/') + 1), content: {'application/json': {schema: {$ref: ref}}}}
    }
    if (found) {
      pass.warnings.add('reference-removed', pointer, `$ref ${JSON.stringify(ref)} names a schema, not a ${noun(kind)}`, `this ${noun(kind)} was left out.`)
      return 'drop'
    }
    if (kind === 'Response') {
      pass.warnings.add('reference-removed', pointer, describeRef(ref), 'it was replaced by a response that only says so.')
      return {description: `Unresolved ${describeRef(ref)}.`}
    }
    pass.warnings.add('reference-removed', pointer, describeRef(ref), `this ${noun(kind)} was left out.`)
    return 'drop'
  }
  const visitChild = (container: Record<string, unknown>, key: string, kind: Kind, pointer: string): void => {
    const value = container[key]
    if (!isObject(value)) return
    if (kind === 'Schema') return visitObject(value, kind, pointer)
    if (seen.has(value)) return
    seen.add(value)
    if (typeof value.$ref !== 'string') return visitObject(value, kind, pointer)
    const outcome = settle(value.$ref, kind, pointer)
    if (outcome === 'drop') delete container[key]
    else if (outcome !== 'keep') container[key] = outcome
  }
  visitObject(document, 'OpenAPI', '')
}
