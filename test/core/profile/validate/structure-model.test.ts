import {describe, expect, it} from 'vitest'

import {childPointer} from '../../../../src/core/json/index.js'
import {OPENAPI_OBJECTS, type ObjectName, RefResolver, type Shape} from '../../../../src/core/openapi/index.js'
import {checkStructure} from '../../../../src/core/profile/validate/openapi-structure.js'

/** How a field holds an object: the tokens from the field's holder to the object, and the object's kind. */
function held(field: string, shape: Shape): {tokens: Array<string | number>; kind: ObjectName} | undefined {
  if (shape.is === 'object' || shape.is === 'refOr') return {tokens: [field], kind: shape.kind}
  if (shape.is === 'array' || shape.is === 'map') {
    const inner = held(field, shape.is === 'array' ? shape.items : shape.values)
    return inner && {tokens: [field, shape.is === 'array' ? 0 : 'name'], kind: inner.kind}
  }
  return undefined
}

/** The first route of field tokens from the root to each object the structure check walks. */
function routes(): Map<ObjectName, Array<string | number>> {
  const found = new Map<ObjectName, Array<string | number>>([['OpenAPI', []]])
  for (const [kind, route] of found) {
    const {fields, patterned} = OPENAPI_OBJECTS[kind]
    const places = [...Object.entries(fields), ...(patterned ? [[kind === 'Paths' ? '/p' : '200', patterned.value] as const] : [])]
    for (const [field, shape] of places) {
      const step = held(field, shape)
      if (step && !found.has(step.kind)) found.set(step.kind, [...route, ...step.tokens])
    }
  }
  return found
}
const ROUTES = routes()

/** The pointers the structure check reports for a document holding `leaf` as an object of `kind`, and where `leaf` is. */
function reported(kind: ObjectName, leaf: Record<string, unknown>): {pointers: string[]; at: string} {
  const tokens = ROUTES.get(kind)!
  const document: Record<string, unknown> = tokens.length === 0 ? leaf : {}
  let holder: Record<string | number, unknown> = document
  tokens.forEach((token, index) => {
    const next = index === tokens.length - 1 ? leaf : typeof tokens[index + 1] === 'number' ? [] : {}
    holder[token] = next
    holder = next as Record<string | number, unknown>
  })
  const pointers: string[] = []
  checkStructure(document, {report: (pointer) => pointers.push(pointer), resolver: new RefResolver(document), schema: () => {}, misplacedTamaKey: ''})
  return {pointers, at: tokens.reduce<string>((pointer, token) => childPointer(pointer, token), '')}
}

// Objects keyed by any string (a Callback's expressions, a Security Requirement's schemes) have no unknown keys.
const CLOSED = [...ROUTES.keys()].filter((kind) => !OPENAPI_OBJECTS[kind].patterned?.key.test('unknownField'))
const REQUIRED = [...ROUTES.keys()].flatMap((kind) => (OPENAPI_OBJECTS[kind].required ?? []).map((field) => [kind, field] as const))

describe('the structure check reads the OpenAPI object model', () => {
  it('walks every object of the model but the Schema Object, which has checks of its own', () => {
    expect([...ROUTES.keys()].sort()).toEqual(Object.keys(OPENAPI_OBJECTS).filter((name) => name !== 'Schema').sort())
  })

  it.each(CLOSED)('reports a field %s does not have, and not its extensions', (kind) => {
    const {pointers, at} = reported(kind, {unknownField: 1, 'x-kept': 1})
    expect(pointers).toContain(`${at}/unknownField`)
    expect(pointers).not.toContain(`${at}/x-kept`)
  })

  it.each(REQUIRED)('reports %s without its required %s', (kind, field) => {
    const {pointers, at} = reported(kind, {})
    expect(pointers).toContain(childPointer(at, field))
  })
})
