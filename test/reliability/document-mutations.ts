import {LIMITS} from '../../src/core/profile/index.js'
import {childPointer, pointerTokens, valueAt} from '../../src/core/json/index.js'
import type {SeededRandom} from './seeded-random.js'
import type {SourceDocument} from './source-documents.js'

/** A malformed document made from a valid one, and where its problems must be reported. */
export interface Mutant {
  readonly name: string
  readonly document: unknown
  /** At least one problem must be reported at one of these pointers, or inside it. */
  readonly near: readonly string[]
  /** False when the document cannot be written as JSON text (values that are not JSON, cycles). */
  readonly json: boolean
}

type Json = Record<string, unknown>
type MutationKind = (base: Base, random: SeededRandom) => Omit<Mutant, 'name' | 'json'> & {readonly what: string; readonly json?: boolean}

/** A valid document and the places in it mutations aim at. */
interface Base {
  readonly source: SourceDocument
  readonly root: Json
  readonly operations: ReadonlyArray<{readonly pointer: string; readonly path: string; readonly value: Json}>
  /** Pointers of every `$ref` string in the document. */
  readonly refs: readonly string[]
  /** Inline Parameter Objects of operations and path items. */
  readonly parameters: ReadonlyArray<{readonly pointer: string; readonly value: Json}>
  /** Schema Objects that are objects: component schemas and inline parameter schemas. */
  readonly schemas: readonly string[]
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** Values of every JSON type but the one a field must have. */
const WRONG: Readonly<Record<'string' | 'strings' | 'boolean' | 'object' | 'array' | 'schema' | 'when', readonly unknown[]>> = {
  string: [42, true, null, [], {}, ['text']],
  strings: ['scope', 42, {}, null, [42], [null], [['nested']]],
  boolean: ['true', 1, null, [], {}],
  object: ['text', 42, true, null, [], [{}]],
  array: ['text', 42, true, null, {}],
  schema: [42, 'string', null, [], [{}]],
  when: [42, true, null, [], 'sometimes'],
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 24 ? `${text.slice(0, 23)}…` : text
}

/** Finds the places of a document that mutations aim at. */
function baseOf(source: SourceDocument): Base {
  const root = source.document
  const operations: Array<{pointer: string; path: string; value: Json}> = []
  const parameters: Array<{pointer: string; value: Json}> = []
  const schemas: string[] = []
  const paths = isObject(root.paths) ? root.paths : {}
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    const itemPointer = childPointer('/paths', path)
    const lists: Array<[string, unknown]> = [[childPointer(itemPointer, 'parameters'), item.parameters]]
    for (const method of METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const pointer = childPointer(itemPointer, method)
      operations.push({pointer, path, value: operation})
      lists.push([childPointer(pointer, 'parameters'), operation.parameters])
    }
    for (const [pointer, list] of lists) {
      if (!Array.isArray(list)) continue
      list.forEach((parameter, index) => {
        if (!isObject(parameter) || '$ref' in parameter) return
        parameters.push({pointer: childPointer(pointer, index), value: parameter})
        if (isObject(parameter.schema)) schemas.push(childPointer(childPointer(pointer, index), 'schema'))
      })
    }
  }
  const components = isObject(root.components) && isObject(root.components.schemas) ? root.components.schemas : {}
  for (const [name, schema] of Object.entries(components)) if (isObject(schema)) schemas.push(childPointer('/components/schemas', name))
  return {source, root, operations, refs: findRefs(root, ''), parameters, schemas}
}

// Keys whose values are data, not references, however they look.
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum'])

function findRefs(value: unknown, pointer: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => findRefs(item, childPointer(pointer, index)))
  if (!isObject(value)) return []
  return Object.entries(value).flatMap(([key, item]) => {
    if (key === '$ref') return typeof item === 'string' ? [childPointer(pointer, key)] : []
    return DATA_KEYS.has(key) || key.startsWith('x-') ? [] : findRefs(item, childPointer(pointer, key))
  })
}

/** A copy of `root` with the value at `pointer` replaced (undefined: removed); only the objects on the way are copied. */
function withValueAt(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = pointerTokens(pointer)
  if (tokens === null) throw new Error(`not a JSON Pointer: ${pointer}`)
  const replace = (node: unknown, depth: number): unknown => {
    if (depth === tokens.length) return value
    const token = tokens[depth]!
    if (Array.isArray(node)) {
      const copy = [...node]
      const index = Number(token)
      if (value === undefined && depth === tokens.length - 1) copy.splice(index, 1)
      else copy[index] = replace(copy[index], depth + 1)
      return copy
    }
    const copy: Json = isObject(node) ? {...node} : {}
    if (value === undefined && depth === tokens.length - 1) delete copy[token]
    else copy[token] = replace(copy[token], depth + 1)
    return copy
  }
  return replace(root, 0)
}

function nested(depth: number, leaf: unknown = 'deep', key = 'a'): unknown {
  let value = leaf
  for (let level = 0; level < depth; level++) value = key === '' ? [value] : {[key]: value}
  return value
}

function operation(base: Base, random: SeededRandom) {
  return random.pick(base.operations)
}

const at = (pointer: string, field: string | number) => childPointer(pointer, field)

/**
 * Every way a document is broken, each a function of a valid document and a random source.
 * Each names the place it broke, where validation must report a problem.
 */
const MUTATIONS: Readonly<Record<string, MutationKind>> = {
  'drop a required root field': (base, random) => {
    const field = random.pick(['/openapi', '/info', '/info/title', '/info/version', '/x-tama-profile'])
    return {what: `drop ${field}`, document: withValueAt(base.root, field, undefined), near: [field]}
  },
  'drop an operationId': (base, random) => {
    const {pointer} = operation(base, random)
    return {what: `drop ${pointer}/operationId`, document: withValueAt(base.root, at(pointer, 'operationId'), undefined), near: [at(pointer, 'operationId')]}
  },
  'drop every scope declaration of an operation': (base, random) => {
    const {pointer} = operation(base, random)
    const document = withValueAt(withValueAt(base.root, at(pointer, 'x-tama-scopes'), undefined), '/x-tama-scopes', undefined)
    return {what: `drop the scopes of ${pointer}`, document, near: [at(pointer, 'x-tama-scopes')]}
  },
  'drop summary and description': (base, random) => {
    const {pointer} = operation(base, random)
    const document = withValueAt(withValueAt(base.root, at(pointer, 'summary'), undefined), at(pointer, 'description'), undefined)
    return {what: `drop the text of ${pointer}`, document, near: [at(pointer, 'summary')]}
  },
  'drop a parameter field': (base, random) => {
    const parameter = base.parameters.length > 0 ? random.pick(base.parameters) : undefined
    if (parameter === undefined) return retypeOperationField(base, random)
    const field = random.pick(parameter.value.in === 'path' ? ['name', 'in', 'required'] : ['name', 'in'])
    return {what: `drop ${parameter.pointer}/${field}`, document: withValueAt(base.root, at(parameter.pointer, field), undefined), near: [at(parameter.pointer, field), parameter.pointer]}
  },
  'drop a referenced target': (base, random) => {
    const targets = base.refs
      .map((site) => ({site, ref: valueAt(base.root, pointerTokens(site)!) as string}))
      .filter(({ref}) => {
        // Plain internal references only: no percent-encoding to undo.
        const tokens = ref.startsWith('#') && !ref.includes('%') ? pointerTokens(ref.slice(1)) : null
        return tokens !== null && valueAt(base.root, tokens) !== undefined
      })
    if (targets.length === 0) return brokenReference(base, random)
    const {ref} = random.pick(targets)
    const sites = targets.filter((target) => target.ref === ref).map(({site}) => site)
    return {what: `drop ${ref}, which ${sites.length} $ref name`, document: withValueAt(base.root, ref.slice(1), undefined), near: [...sites, ref.slice(1)]}
  },
  'duplicate an operationId': (base, random) => {
    if (base.operations.length < 2) return duplicateParameter(base, random)
    const [first, second] = random.sample(base.operations, 2) as [Base['operations'][number], Base['operations'][number]]
    const id = first.value.operationId
    return {what: `give ${second.pointer} the operationId of ${first.pointer}`, document: withValueAt(base.root, at(second.pointer, 'operationId'), id), near: [at(second.pointer, 'operationId'), at(first.pointer, 'operationId')]}
  },
  'duplicate a parameter': (base, random) => duplicateParameter(base, random),
  'duplicate a scope': (base, random) => {
    const {pointer} = operation(base, random)
    return {what: `list a scope twice in ${pointer}`, document: withValueAt(base.root, at(pointer, 'x-tama-scopes'), ['twice.scope', 'twice.scope']), near: [at(pointer, 'x-tama-scopes')]}
  },
  'retype a root field': (base, random) => {
    const fields: Array<[string, keyof typeof WRONG]> = [
      ['/openapi', 'string'],
      ['/x-tama-profile', 'string'],
      ['/info', 'object'],
      ['/info/title', 'string'],
      ['/info/version', 'string'],
      ['/x-tama-scopes', 'strings'],
      ['/paths', 'object'],
      ...(isObject(base.root.components) ? ([['/components', 'object']] as Array<[string, keyof typeof WRONG]>) : []),
    ]
    const [field, type] = random.pick(fields)
    const value = random.pick(WRONG[type])
    return {what: `retype ${field} to ${describe(value)}`, document: withValueAt(base.root, field, value), near: [field]}
  },
  'retype an operation field': (base, random) => retypeOperationField(base, random),
  'retype a parameter field': (base, random) => {
    const parameter = base.parameters.length > 0 ? random.pick(base.parameters) : undefined
    if (parameter === undefined) return retypeOperationField(base, random)
    const [field, type] = random.pick<[string, keyof typeof WRONG]>([
      ['name', 'string'],
      ['in', 'string'],
      ['required', 'boolean'],
      ['description', 'string'],
      ['schema', 'schema'],
    ])
    const value = field === 'in' ? random.pick(['body', 'formData', 42, null]) : random.pick(WRONG[type])
    return {what: `retype ${parameter.pointer}/${field} to ${describe(value)}`, document: withValueAt(base.root, at(parameter.pointer, field), value), near: [at(parameter.pointer, field)]}
  },
  'retype a confirmation rule field': (base, random) => {
    const {pointer} = operation(base, random)
    const [field, type] = random.pick<[string, keyof typeof WRONG]>([
      ['when', 'when'],
      ['echo', 'string'],
      ['message', 'string'],
    ])
    const value = random.pick(WRONG[type])
    const rule = at(pointer, 'x-tama-confirmation')
    return {what: `retype ${rule}/${field} to ${describe(value)}`, document: withValueAt(base.root, rule, {[field]: value}), near: [at(rule, field)]}
  },
  'retype a schema': (base, random) => {
    if (base.schemas.length === 0) return retypeOperationField(base, random)
    const schema = random.pick(base.schemas)
    const value = random.pick(WRONG.schema)
    return {what: `retype the schema ${schema} to ${describe(value)}`, document: withValueAt(base.root, schema, value), near: [schema]}
  },
  'break a schema keyword': (base, random) => {
    if (base.schemas.length === 0) return retypeOperationField(base, random)
    const schema = random.pick(base.schemas)
    const [keyword, value] = random.pick<[string, unknown]>([
      ['type', 'nope'],
      ['type', ['string', 'string']],
      ['pattern', '(unclosed'],
      ['pattern', '^(?!-)(a+)+$'],
      ['pattern', 42],
      ['$schema', 'http://json-schema.org/draft-04/schema#'],
      ['minLength', -1],
      ['required', ['a', 'a']],
      ['enum', 'not an array'],
      ['items', 42],
      ['properties', []],
      ['allOf', []],
    ])
    return {what: `set ${schema}/${keyword} to ${describe(value)}`, document: withValueAt(base.root, at(schema, keyword), value), near: [at(schema, keyword)]}
  },
  'break a reference': (base, random) => brokenReference(base, random),
  'make a reference cycle': (base, random) => {
    const {pointer, value} = operation(base, random)
    const kind = random.pick(['parameters', 'requestBodies', 'responses'])
    const ref = (name: string) => ({$ref: `#/components/${kind}/${name}`})
    const cycle = withValueAt(withValueAt(base.root, `/components/${kind}/CycleA`, ref('CycleB')), `/components/${kind}/CycleB`, ref('CycleA'))
    const site = kind === 'parameters' ? at(at(pointer, 'parameters'), listOf(value.parameters).length) : kind === 'requestBodies' ? at(pointer, 'requestBody') : at(at(pointer, 'responses'), '200')
    const document = kind === 'parameters' ? addParameter(cycle, pointer, value, ref('CycleA')) : withValueAt(cycle, site, ref('CycleA'))
    return {what: `make ${kind} CycleA and CycleB name each other, used at ${site}`, document, near: [site, `/components/${kind}/CycleA`, `/components/${kind}/CycleB`]}
  },
  'make a path item cycle': (base) => {
    const paths = {...(base.root.paths as Json), '/cycle-a': {$ref: '#/paths/~1cycle-b'}, '/cycle-b': {$ref: '#/paths/~1cycle-a'}}
    return {what: 'add path items /cycle-a and /cycle-b that name each other', document: withValueAt(base.root, '/paths', paths), near: ['/paths/~1cycle-a', '/paths/~1cycle-b']}
  },
  'make an object cycle': (base, random) => {
    const {pointer} = operation(base, random)
    const loop: Json = {}
    loop.self = loop
    return {what: `put an object containing itself at ${pointer}/x-loop`, document: withValueAt(base.root, at(pointer, 'x-loop'), loop), near: [at(pointer, 'x-loop')], json: false}
  },
  'make a string too long': (base, random) => {
    const {pointer} = operation(base, random)
    const [field, length] = random.pick<[string, number]>([
      ['summary', LIMITS.summaryLength + 1],
      ['description', LIMITS.descriptionLength + 1],
      ['operationId', LIMITS.operationIdLength + 1],
      ['x-huge', LIMITS.stringLength + 1 + random.int(0, 1000)],
    ])
    const value = field === 'operationId' ? `o${'p'.repeat(length - 1)}` : 'x'.repeat(length)
    return {what: `make ${pointer}/${field} ${length} characters long`, document: withValueAt(base.root, at(pointer, field), value), near: [at(pointer, field)]}
  },
  'make a key too long': (base, random) => {
    const {pointer} = operation(base, random)
    const key = `x-${'k'.repeat(LIMITS.stringLength)}`
    return {what: `give ${pointer} a key of ${key.length} characters`, document: withValueAt(base.root, at(pointer, key), true), near: [pointer]}
  },
  'make a list too long': (base, random) => {
    const {pointer} = operation(base, random)
    const [field, item] = random.pick<[string, (index: number) => string]>([
      ['tags', (index) => `tag${index}`],
      ['x-tama-scopes', (index) => `scope${index}`],
    ])
    const list = Array.from({length: 65}, (_, index) => item(index))
    return {what: `give ${pointer} 65 ${field}`, document: withValueAt(base.root, at(pointer, field), list), near: [at(pointer, field)]}
  },
  'nest too deep': (base, random) => {
    const {pointer} = operation(base, random)
    const depth = LIMITS.depth + random.pick([1, 2, 50, 5_000])
    const [key, target] = random.pick<[string, string]>([
      ['a', at(pointer, 'x-deep')],
      ['', at(pointer, 'x-deep')],
      ['items', '/components/schemas/Deep'],
    ])
    const value = nested(depth, key === 'items' ? {type: 'string'} : 'deep', key)
    const document = withValueAt(base.root, target, value)
    // JSON.stringify itself overflows the stack long before 5,000 levels.
    return {what: `nest ${target} ${depth} deep`, document, near: [target], json: depth < 1_000}
  },
  'put a value that is not JSON': (base, random) => {
    const {pointer} = operation(base, random)
    const value = random.pick<unknown>([Number.NaN, Number.POSITIVE_INFINITY, () => 1, Symbol('s'), 10n, new Date(0), new Map(), new (class Widget {})()])
    const field = random.pick(['x-value', 'summary', 'x-tama-destructive'])
    return {what: `set ${pointer}/${field} to a ${typeof value === 'object' && value !== null ? value.constructor.name : typeof value}`, document: withValueAt(base.root, at(pointer, field), value), near: [at(pointer, field)], json: false}
  },
  'break a profile rule': (base, random) => {
    const {pointer, path, value} = operation(base, random)
    const rules: Array<() => {what: string; document: unknown; near: string[]}> = [
      () => ({what: 'set openapi to 3.0.3', document: withValueAt(base.root, '/openapi', '3.0.3'), near: ['/openapi']}),
      () => ({what: 'add swagger: 2.0', document: withValueAt(base.root, '/swagger', '2.0'), near: ['/swagger']}),
      () => ({what: 'set the profile to tama-operations/2', document: withValueAt(base.root, '/x-tama-profile', 'tama-operations/2'), near: ['/x-tama-profile']}),
      () => ({what: 'give an operationId a space', document: withValueAt(base.root, at(pointer, 'operationId'), 'has space'), near: [at(pointer, 'operationId')]}),
      () => ({what: 'give a scope a space', document: withValueAt(base.root, at(pointer, 'x-tama-scopes'), ['has space']), near: [at(pointer, 'x-tama-scopes')]}),
      () => ({what: 'give an empty scope', document: withValueAt(base.root, at(pointer, 'x-tama-scopes'), ['']), near: [at(pointer, 'x-tama-scopes')]}),
      () => ({what: 'misspell x-tama-scopes', document: withValueAt(base.root, at(pointer, 'x-tama-scope'), []), near: [at(pointer, 'x-tama-scope')]}),
      () => ({what: 'add an unknown root x-tama key', document: withValueAt(base.root, '/x-tama-owner', 'team'), near: ['/x-tama-owner']}),
      () => ({what: 'put x-tama-scopes in info', document: withValueAt(base.root, '/info/x-tama-scopes', []), near: ['/info/x-tama-scopes']}),
      () => ({what: 'add a cookie parameter', document: addParameter(base.root, pointer, value, {name: 'session', in: 'cookie', schema: {type: 'string'}}), near: [at(pointer, 'parameters')]}),
      () => ({what: 'add a path parameter missing from the template', document: addParameter(base.root, pointer, value, {name: 'not_in_template', in: 'path', required: true, schema: {type: 'string'}}), near: [at(pointer, 'parameters')]}),
      () => ({what: 'offer only text/plain for the body', document: withValueAt(base.root, at(pointer, 'requestBody'), {content: {'text/plain': {schema: {type: 'string'}}}}), near: [at(pointer, 'requestBody')]}),
      () => ({what: 'echo a property the input lacks', document: withValueAt(base.root, at(pointer, 'x-tama-confirmation'), {echo: 'no_such_input_property'}), near: [at(at(pointer, 'x-tama-confirmation'), 'echo')]}),
      () => ({what: 'add a field to a confirmation rule', document: withValueAt(base.root, at(pointer, 'x-tama-confirmation'), {when: 'always', unknown: 1}), near: [at(at(pointer, 'x-tama-confirmation'), 'unknown')]}),
      () => ({what: 'make a confirmation message too long', document: withValueAt(base.root, at(pointer, 'x-tama-confirmation'), {message: 'm'.repeat(LIMITS.confirmationMessageLength + 1)}), near: [at(at(pointer, 'x-tama-confirmation'), 'message')]}),
      () => ({what: 'add a body parameter alongside a body', document: withValueAt(addParameter(base.root, pointer, value, {name: 'body', in: 'query', schema: {type: 'string'}}), at(pointer, 'requestBody'), {content: {'application/json': {schema: {type: 'string'}}}}), near: [at(pointer, 'parameters'), at(pointer, 'requestBody')]}),
      () => ({what: 'rename a path so it lacks its leading /', document: renamePath(base.root, path, `no-slash${path}`), near: [childPointer('/paths', `no-slash${path}`)]}),
    ]
    return random.pick(rules)()
  },
}

function retypeOperationField(base: Base, random: SeededRandom) {
  const {pointer} = operation(base, random)
  const [field, type] = random.pick<[string, keyof typeof WRONG]>([
    ['operationId', 'string'],
    ['summary', 'string'],
    ['description', 'string'],
    ['tags', 'strings'],
    ['x-tama-scopes', 'strings'],
    ['x-tama-destructive', 'boolean'],
    ['x-tama-confirmation', 'object'],
    ['parameters', 'array'],
    ['requestBody', 'object'],
    ['responses', 'object'],
    ['', 'object'],
  ])
  const target = field === '' ? pointer : at(pointer, field)
  const value = random.pick(WRONG[type])
  return {what: `retype ${target} to ${describe(value)}`, document: withValueAt(base.root, target, value), near: [target]}
}

function duplicateParameter(base: Base, random: SeededRandom) {
  const {pointer, value} = operation(base, random)
  const parameter = {name: 'twice', in: 'query', schema: {type: 'string'}}
  const document = withValueAt(base.root, at(pointer, 'parameters'), [...listOf(value.parameters), parameter, parameter])
  return {what: `list a parameter twice in ${pointer}`, document, near: [at(pointer, 'parameters')]}
}

function brokenReference(base: Base, random: SeededRandom) {
  const ref = random.pick<unknown>(['#/components/schemas/NoSuchSchema', 'other.yaml#/components/schemas/Pet', 'https://example.com/schema.json', '#NoSuchAnchor', '#/%E0%A4%A', '#/components/~2bad', 42])
  if (base.refs.length > 0 && random.next() < 0.7) {
    const site = random.pick(base.refs)
    return {what: `point ${site} at ${describe(ref)}`, document: withValueAt(base.root, site, ref), near: [site]}
  }
  const {pointer, value} = operation(base, random)
  const listed = listOf(value.parameters).length
  return {what: `add a parameter $ref ${describe(ref)} to ${pointer}`, document: addParameter(base.root, pointer, value, {$ref: ref}), near: [at(at(pointer, 'parameters'), listed)]}
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function addParameter(root: unknown, pointer: string, operation: Json, parameter: unknown): unknown {
  return withValueAt(root, at(pointer, 'parameters'), [...listOf(operation.parameters), parameter])
}

function renamePath(root: Json, from: string, to: string): unknown {
  const paths = Object.fromEntries(Object.entries(root.paths as Json).map(([path, item]) => [path === from ? to : path, item]))
  return withValueAt(root, '/paths', paths)
}

/**
 * `count` mutants of `source`, the mutation kinds and their targets drawn from `random`:
 * every kind at least once when `count` allows, the rest at random.
 */
export function mutateDocument(source: SourceDocument, count: number, random: SeededRandom): Mutant[] {
  const base = baseOf(source)
  const names = Object.keys(MUTATIONS)
  const chosen = [...random.sample(names, Math.min(count, names.length)), ...Array.from({length: Math.max(0, count - names.length)}, () => random.pick(names))]
  return chosen.map((kind) => {
    const mutant = MUTATIONS[kind]!(base, random)
    return {name: `${source.name}: ${kind}: ${mutant.what}`, document: mutant.document, near: mutant.near, json: mutant.json ?? true}
  })
}
