import {DocumentPatterns, METHODS} from '../../profile/index.js'
import {childPointer, isObject} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {InternalRefs} from '../internal-refs.js'
import {type ObjectKind, repairFields} from '../repair/index.js'
import {adoptSchema, describeRef} from './schema-object.js'

type Kind = ObjectKind

/** 'one' object, a 'list', a 'map' of them, or an 'extensible' map whose `x-` keys are extensions. */
export type Shape = 'one' | 'list' | 'map' | 'extensible'

// Where each OpenAPI object (3.0 and 3.1) holds others: https://spec.openapis.org/oas/v3.1.0#schema
export const OBJECT_CHILDREN: Readonly<Record<Kind, ReadonlyArray<readonly [string, Kind, Shape]>>> = {
  document: [
    ['paths', 'pathItem', 'extensible'],
    ['webhooks', 'pathItem', 'map'],
    ['components', 'components', 'one'],
  ],
  components: [
    ['schemas', 'schema', 'map'],
    ['responses', 'response', 'map'],
    ['parameters', 'parameter', 'map'],
    ['examples', 'example', 'map'],
    ['requestBodies', 'requestBody', 'map'],
    ['headers', 'header', 'map'],
    ['securitySchemes', 'securityScheme', 'map'],
    ['links', 'link', 'map'],
    ['callbacks', 'callback', 'map'],
    ['pathItems', 'pathItem', 'map'],
  ],
  pathItem: [['parameters', 'parameter', 'list'], ...METHODS.map((method) => [method, 'operation', 'one'] as const)],
  operation: [
    ['parameters', 'parameter', 'list'],
    ['requestBody', 'requestBody', 'one'],
    ['responses', 'response', 'extensible'],
    ['callbacks', 'callback', 'map'],
  ],
  parameter: [
    ['schema', 'schema', 'one'],
    ['content', 'mediaType', 'map'],
    ['examples', 'example', 'map'],
  ],
  header: [
    ['schema', 'schema', 'one'],
    ['content', 'mediaType', 'map'],
    ['examples', 'example', 'map'],
  ],
  mediaType: [
    ['schema', 'schema', 'one'],
    ['encoding', 'encoding', 'map'],
    ['examples', 'example', 'map'],
  ],
  encoding: [['headers', 'header', 'map']],
  requestBody: [['content', 'mediaType', 'map']],
  response: [
    ['headers', 'header', 'map'],
    ['content', 'mediaType', 'map'],
    ['links', 'link', 'map'],
  ],
  // A Callback Object is itself an extensible map of expressions to Path Items.
  callback: [],
  schema: [],
  example: [],
  link: [],
  securityScheme: [],
}

const NOUNS: Record<Kind, string> = {
  document: 'document',
  components: 'components',
  pathItem: 'path item (with every operation under it)',
  operation: 'operation',
  parameter: 'parameter',
  header: 'header',
  mediaType: 'media type',
  encoding: 'encoding',
  requestBody: 'request body',
  response: 'response',
  callback: 'callback',
  schema: 'schema',
  example: 'example',
  link: 'link',
  securityScheme: 'security scheme',
}

export interface DocumentPass {
  readonly upgrade: boolean
  readonly refs: InternalRefs
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
    if (kind === 'schema') return adoptSchema(object, pointer, schemaPass)
    if (kind === 'callback') return visitMap(object, 'pathItem', 'extensible', pointer)
    repairFields(object, kind, pointer, pass.warnings)
    for (const [field, childKind, shape] of OBJECT_CHILDREN[kind]) {
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
    const found = pass.refs.resolve(ref) !== undefined
    const namesSchema = ref.startsWith('#/components/schemas/')
    if (found && !namesSchema) return 'keep'
    if (found && kind === 'response') {
      // Swagger 2.0 documents often name a definition where a response belongs.
      pass.warnings.add('reference-repaired', pointer, `$ref ${JSON.stringify(ref)} names a schema, not a response`, 'it became a response with that schema as its application/json content.')
      return {description: ref.slice(ref.lastIndexOf('/') + 1), content: {'application/json': {schema: {$ref: ref}}}}
    }
    if (found) {
      pass.warnings.add('reference-removed', pointer, `$ref ${JSON.stringify(ref)} names a schema, not a ${NOUNS[kind]}`, `this ${NOUNS[kind]} was left out.`)
      return 'drop'
    }
    if (kind === 'response') {
      pass.warnings.add('reference-removed', pointer, describeRef(ref), 'it was replaced by a response that only says so.')
      return {description: `Unresolved ${describeRef(ref)}.`}
    }
    pass.warnings.add('reference-removed', pointer, describeRef(ref), `this ${NOUNS[kind]} was left out.`)
    return 'drop'
  }
  const visitChild = (container: Record<string, unknown>, key: string, kind: Kind, pointer: string): void => {
    const value = container[key]
    if (!isObject(value)) return
    if (kind === 'schema') return visitObject(value, kind, pointer)
    if (seen.has(value)) return
    seen.add(value)
    if (typeof value.$ref !== 'string') return visitObject(value, kind, pointer)
    const outcome = settle(value.$ref, kind, pointer)
    if (outcome === 'drop') delete container[key]
    else if (outcome !== 'keep') container[key] = outcome
  }
  visitObject(document, 'document', '')
}
