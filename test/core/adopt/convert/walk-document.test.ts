import {describe, expect, it} from 'vitest'

import {AdoptWarnings} from '../../../../src/core/adopt/adopt-warnings.js'
import {KEYED_OBJECTS, OBJECT_CHILDREN, adoptDocumentObjects} from '../../../../src/core/adopt/convert/index.js'
import {childPointer} from '../../../../src/core/json/index.js'
import {OPENAPI_OBJECTS, type ObjectName, RefResolver} from '../../../../src/core/openapi/index.js'

type Hold = 'one' | 'list' | 'map' | 'extensible' | 'keyed'
type Step = readonly [field: string, kind: ObjectName, hold: Hold]

/** Where adoption's walk holds objects, a Callback's keys included, by object. */
function steps(kind: ObjectName): Step[] {
  const keyed = KEYED_OBJECTS.get(kind)
  return [...(OBJECT_CHILDREN.get(kind) ?? []), ...(keyed === undefined ? [] : [['{$request.body#/url}', keyed, 'keyed'] as const])]
}

/** The first route from the root to each object the walk reaches. */
function routes(): Map<ObjectName, Step[]> {
  const found = new Map<ObjectName, Step[]>([['OpenAPI', []]])
  for (const [kind, route] of found) for (const step of steps(kind)) if (!found.has(step[1])) found.set(step[1], [...route, step])
  return found
}
const ROUTES = routes()

/** `value` placed where `step` holds it, and the pointer of the token it is at. */
function hold(value: unknown, [field, , shape]: Step): {holder: unknown; tokens: Array<string | number>} {
  if (shape === 'one' || shape === 'keyed') return {holder: {[field]: value}, tokens: [field]}
  if (shape === 'list') return {holder: {[field]: [value]}, tokens: [field, 0]}
  return {holder: {[field]: {name: value}}, tokens: [field, 'name']}
}

/** A document holding `leaf` as an object of `kind`, and the pointer where `leaf` is. */
function documentWith(kind: ObjectName, leaf: Record<string, unknown>): {document: Record<string, unknown>; pointer: string} {
  const route = ROUTES.get(kind)!
  let value: unknown = leaf
  const tokens: Array<string | number> = []
  for (const step of [...route].reverse()) {
    const placed = hold(value, step)
    value = placed.holder
    tokens.unshift(...placed.tokens)
  }
  return {document: value as Record<string, unknown>, pointer: tokens.reduce<string>((pointer, token) => childPointer(pointer, token), '')}
}

function adopted(document: Record<string, unknown>): AdoptWarnings {
  const warnings = new AdoptWarnings()
  adoptDocumentObjects(document, {upgrade: false, refs: new RefResolver(document, 'tolerant'), warnings})
  return warnings
}

const WALKED = [...ROUTES.keys()]
const FIELDS_OF_WALKED = WALKED.flatMap((kind) => steps(kind).map((step) => [kind, ...step] as const))
const CLOSED = WALKED.filter((kind) => OPENAPI_OBJECTS[kind].open === undefined && !KEYED_OBJECTS.has(kind))
// A Schema Object's typed keywords have tests of their own (repair/repairs.test.ts): some are then upgraded or refused.
const TYPED = WALKED.filter((kind) => kind !== 'Schema').flatMap((kind) =>
  Object.entries(OPENAPI_OBJECTS[kind].fields)
    .filter(([, shape]) => shape.is === 'boolean')
    .map(([field]) => [kind, field] as const),
)

describe('adoption walks the OpenAPI object model', () => {
  it('reaches the objects a Reference Object or a Schema Object may stand for, from the root', () => {
    expect(WALKED).toEqual(expect.arrayContaining(['Parameter', 'RequestBody', 'Response', 'Header', 'Example', 'Link', 'Callback', 'SecurityScheme', 'PathItem', 'Schema']))
    expect(WALKED).not.toContain('Info')
  })

  it.each(FIELDS_OF_WALKED)('finds a reference to nowhere in %s.%s', (kind, field, childKind, shape) => {
    const {document, pointer} = documentWith(kind, {})
    const {holder, tokens} = hold({$ref: '#/nowhere'}, [field, childKind, shape])
    Object.assign(pointerTarget(document, pointer), holder)
    const at = tokens.reduce<string>((base, token) => childPointer(base, token), pointer)
    const found = adopted(document).list.filter((warning) => warning.kind === 'reference-removed').map((warning) => warning.pointer)
    expect(found).toEqual([childKind === 'Schema' ? `${at}/$ref` : at])
  })

  it.each(CLOSED)('removes a field %s does not have, and keeps its extensions', (kind) => {
    const {document, pointer} = documentWith(kind, {unknownField: 1, 'x-kept': 1})
    const warnings = adopted(document).list.filter((warning) => warning.kind === 'field-removed')
    expect(warnings.map((warning) => warning.pointer)).toEqual([`${pointer}/unknownField`])
    expect(pointerTarget(document, pointer)).toEqual({'x-kept': 1})
  })

  it.each(TYPED)('reads %s.%s written as "true" as the boolean', (kind, field) => {
    const {document, pointer} = documentWith(kind, {[field]: 'true'})
    expect(adopted(document).list.filter((warning) => warning.kind === 'value-retyped').map((warning) => warning.pointer)).toEqual([childPointer(pointer, field)])
    expect(pointerTarget(document, pointer)[field]).toBe(true)
  })
})

function pointerTarget(document: Record<string, unknown>, pointer: string): Record<string, unknown> {
  return pointer
    .split('/')
    .slice(1)
    .reduce<Record<string, unknown>>((value, token) => value[token.replaceAll('~1', '/').replaceAll('~0', '~')] as Record<string, unknown>, document)
}
