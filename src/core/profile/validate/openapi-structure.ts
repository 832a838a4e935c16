import {childPointer, isObject, jsonType, quoteJson} from '../../json/index.js'
import {OPENAPI_OBJECTS, type ObjectModel, type ObjectName, type RefResolver, type Report, type Shape, objectTitle} from '../../openapi/index.js'
import {withArticle} from '../../text/index.js'
import {LIMITS} from '../limits.js'

type Kind = ObjectName

/** Objects where `x-tama-*` keys are the profile's business (checked against docs/schema/x-tama.schema.json). */
const TAMA_OBJECTS: ReadonlySet<Kind> = new Set(['OpenAPI', 'Operation'])

export interface StructureHooks {
  readonly report: Report
  readonly resolver: RefResolver
  /** Called with every Schema Object position, once per position. */
  readonly schema: (value: unknown, pointer: string) => void
  /** The message for an `x-tama-*` key outside the root and operations. */
  readonly misplacedTamaKey: string
}

/**
 * Checks the document against the structure of OpenAPI 3.1, reporting every deviation
 * with its pointer, and hands each Schema Object position to `hooks.schema`.
 * Reference Objects must resolve inside the document; the object each names is checked
 * as the kind of object expected where the reference stands, once.
 */
export function checkStructure(document: Record<string, unknown>, hooks: StructureHooks): void {
  new StructureWalk(hooks).object('OpenAPI', document, '', 1)
}

class StructureWalk {
  /** Reference targets already checked, as kind and pointer. */
  private readonly visited = new Set<string>()

  constructor(private readonly hooks: StructureHooks) {}

  object(kind: Kind, value: unknown, pointer: string, depth: number): void {
    if (!isObject(value)) {
      this.hooks.report(pointer, `Expected ${objectName(kind)}, found ${jsonType(value)}.`)
      return
    }
    if (depth > LIMITS.depth) {
      this.hooks.report(pointer, `Objects are nested more than ${LIMITS.depth} deep here. Flatten the document.`)
      return
    }
    const spec: ObjectModel = OPENAPI_OBJECTS[kind]
    for (const field of spec.required ?? []) {
      if (!Object.hasOwn(value, field)) this.hooks.report(childPointer(pointer, field), `\`${field}\` is missing from ${objectName(kind)}. Add it.`)
    }
    for (const key of Object.keys(value)) {
      const shape = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined
      if (shape !== undefined) {
        this.shape(shape, value[key], pointer, key, key, depth)
      } else if (key.startsWith('x-')) {
        if (key.startsWith('x-tama-') && !TAMA_OBJECTS.has(kind)) this.hooks.report(childPointer(pointer, key), `\`${key}\` does not belong in ${objectName(kind)}: ${this.hooks.misplacedTamaKey}`)
      } else if (spec.patterned?.key.test(key)) {
        this.shape(spec.patterned.value, value[key], pointer, key, key, depth)
      } else {
        const hint = spec.patterned?.unknown ? ` ${spec.patterned.unknown}` : ''
        this.hooks.report(childPointer(pointer, key), `\`${key}\` is not a field of ${objectName(kind)}.${hint} Remove it, or name an extension \`x-${key}\`.`)
      }
    }
    spec.rules?.(value, pointer, this.hooks.report)
    // A Path Item may also stand for another one (https://spec.openapis.org/oas/v3.1.0#path-item-object).
    if (kind === 'PathItem' && Object.hasOwn(value, '$ref')) this.reference('PathItem', value, pointer, depth)
  }

  /**
   * Checks `value`, found at `token` inside the value at `parent`. The pointer is only
   * built when needed: most values are strings that are fine. `label` names the value in
   * messages: its field, or for an array item the array's field.
   */
  private shape(shape: Shape, value: unknown, parent: string, token: string | number, label: string, depth: number): void {
    switch (shape.is) {
      // Typed JSON Schema keywords: Schema Objects are the schema hook's to check.
      case 'any':
      case 'number':
      case 'count':
      case 'bound':
        return
      case 'string':
        if (typeof value !== 'string') this.mismatch(parent, token, label, 'a string', value)
        return
      case 'boolean':
        if (typeof value !== 'boolean') this.mismatch(parent, token, label, 'true or false', value)
        return
      case 'enum':
        if (typeof value !== 'string' || !shape.values.includes(value)) this.mismatch(parent, token, label, `one of ${shape.values.join(', ')}`, value)
        return
      case 'schema':
        this.hooks.schema(value, childPointer(parent, token))
        return
      case 'object':
        this.object(shape.kind, value, childPointer(parent, token), depth + 1)
        return
      case 'refOr':
        if (isObject(value) && Object.hasOwn(value, '$ref')) this.reference(shape.kind, value, childPointer(parent, token), depth)
        else this.object(shape.kind, value, childPointer(parent, token), depth + 1)
        return
      case 'array': {
        if (!Array.isArray(value)) return this.mismatch(parent, token, label, 'an array', value)
        if (shape.minItems !== undefined && value.length < shape.minItems) this.mismatch(parent, token, label, `an array of at least ${shape.minItems} item${shape.minItems === 1 ? '' : 's'}`, value)
        const pointer = childPointer(parent, token)
        for (let index = 0; index < value.length; index++) this.shape(shape.items, value[index], pointer, index, label, depth + 1)
        return
      }
      case 'map': {
        if (!isObject(value)) return this.mismatch(parent, token, label, 'an object', value)
        const pointer = childPointer(parent, token)
        for (const key of Object.keys(value)) {
          if (shape.keys && !shape.keys.pattern.test(key)) this.hooks.report(childPointer(pointer, key), `${quoteJson(key)} is not a valid name here. ${shape.keys.message}`)
          this.shape(shape.values, value[key], pointer, key, key, depth + 1)
        }
        return
      }
    }
  }

  private mismatch(parent: string, token: string | number, label: string, expected: string, value: unknown): void {
    const name = typeof token === 'number' ? `${label}/${token}` : label
    const found = typeof value === 'string' ? quoteJson(value) : jsonType(value)
    this.hooks.report(childPointer(parent, token), `\`${name}\` must be ${expected}, found ${found}.`)
  }

  /** A Reference Object where a `kind` object is expected: it must lead to one. */
  private reference(kind: Kind, value: Record<string, unknown>, pointer: string, depth: number): void {
    const target = this.hooks.resolver.follow(value, pointer)
    if ('error' in target) {
      this.hooks.report(childPointer(pointer, '$ref'), target.error)
      return
    }
    // Most targets are referenced many times (a shared parameter, say): check each once.
    const visit = `${kind}${target.pointer}`
    if (this.visited.has(visit)) return
    this.visited.add(visit)
    this.object(kind, target.value, target.pointer, depth + 1)
  }
}

/** The object's name with its article, as messages use it: "an Operation Object". */
function objectName(kind: Kind): string {
  return withArticle(`${objectTitle(kind)} Object`)
}
