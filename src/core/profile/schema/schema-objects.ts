import {childPointer, isObject, jsonType, quoteJson} from '../../json/index.js'
import {LIMITS} from '../limits.js'
import {IN_PLACE_REACH} from './in-place-reach.js'
import {REFERENCE_DEPTH} from './reference-depth.js'
import {SchemaGraphFold} from './schema-graph-fold.js'
import {DocumentPatterns} from './linear-pattern.js'
import type {RefResolver} from '../../openapi/index.js'
import {SUBSCHEMA_PLACES, entries, isSchemaKeyword, keywordRefusal, namesListed} from './schema-keywords.js'

type Report = (pointer: string, message: string) => void
/** What a keyword's value must be, when `value` is not it; null when it is fine. */
type ValueCheck = (value: unknown) => string | null

const SIMPLE_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']
const ANCHOR_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/
/** The dialects a Schema Object may declare: JSON Schema 2020-12 and the OpenAPI 3.1 base dialect built on it. */
const DIALECTS = ['https://json-schema.org/draft/2020-12/schema', 'https://spec.openapis.org/oas/3.1/dialect/base']

const string: ValueCheck = (value) => (typeof value === 'string' ? null : 'a string')
const number: ValueCheck = (value) => (typeof value === 'number' ? null : 'a number')
const count: ValueCheck = (value) => (Number.isInteger(value) && (value as number) >= 0 ? null : 'a non-negative integer')
const boolean: ValueCheck = (value) => (typeof value === 'boolean' ? null : 'true or false')
const array: ValueCheck = (value) => (Array.isArray(value) ? null : 'an array')
const anchor: ValueCheck = (value) => (typeof value === 'string' && ANCHOR_NAME.test(value) ? null : 'a name of letters, digits, `-`, `_` and `.`, starting with a letter or `_`')

/**
 * The JSON Schema 2020-12 meta-schema's requirement for each keyword that is not a
 * subschema place (https://json-schema.org/draft/2020-12/schema and its vocabularies;
 * like Ajv, the meta-schema's `format`s are not asserted). Keywords not listed — `const`,
 * `default`, OpenAPI's annotations, `x-` keys — may hold anything.
 */
const VALUE_CHECKS: ReadonlyMap<string, ValueCheck> = new Map([
  ...['$comment', 'title', 'description', 'format', 'contentEncoding', 'contentMediaType', 'pattern'].map((keyword) => [keyword, string] as const),
  ...['maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'].map((keyword) => [keyword, number] as const),
  ...['maxLength', 'minLength', 'maxItems', 'minItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties'].map((keyword) => [keyword, count] as const),
  ...['uniqueItems', 'deprecated', 'readOnly', 'writeOnly'].map((keyword) => [keyword, boolean] as const),
  ...['enum', 'examples'].map((keyword) => [keyword, array] as const),
  ...['$anchor', '$dynamicAnchor'].map((keyword) => [keyword, anchor] as const),
  ['$ref', string],
  ['type', (value) => ((typeof value === 'string' ? SIMPLE_TYPES.includes(value) : isTypeArray(value)) ? null : `one of ${SIMPLE_TYPES.join(', ')}, or a non-empty array of them without repeats`)],
  ['multipleOf', (value) => (typeof value === 'number' && value > 0 ? null : 'a number greater than 0')],
  ['required', (value) => (isUniqueStrings(value) ? null : 'an array of distinct strings')],
  ['dependentRequired', (value) => (isObject(value) && Object.values(value).every(isUniqueStrings) ? null : 'an object whose values are arrays of distinct strings')],
  ['$vocabulary', (value) => (isObject(value) && Object.values(value).every((used) => typeof used === 'boolean') ? null : 'an object from URIs to true or false')],
  // Another dialect would change what every keyword means: tama-dex reads 2020-12 only.
  ['$schema', (value) => (typeof value === 'string' && DIALECTS.includes(value) ? null : `${DIALECTS.join(' or ')} (or left out)`)],
])

/**
 * The lists a Schema Object keeps short, and how long each is: execute's validation does
 * work for every entry, on every value the schema is applied to (docs/profile.md#limits).
 */
const LIST_LIMITS: ReadonlyArray<{readonly keyword: string; readonly size: (value: unknown) => number; readonly limit: number; readonly what: string}> = [
  {keyword: 'required', size: entries, limit: LIMITS.requiredNames, what: 'names'},
  {keyword: 'dependentRequired', size: namesListed, limit: LIMITS.dependentNames, what: 'names, each listed name and the names it requires counted'},
  {keyword: 'dependencies', size: namesListed, limit: LIMITS.dependentNames, what: 'names, each listed name and the names it requires counted'},
  {keyword: 'enum', size: entries, limit: LIMITS.enumValues, what: 'values'},
  {keyword: 'patternProperties', size: entries, limit: LIMITS.patternProperties, what: 'patterns'},
]

/** Validators skip this name in `properties` and `patternProperties` (Ajv does, against prototype pollution). */
const UNCHECKED_NAME = '`__proto__` cannot name a property here: JSON Schema validators skip it (Ajv does), so its schema would never be checked. Rename the property. Fix this Schema Object (JSON Schema 2020-12).'

const PLACE_EXPECTED = {array: 'a non-empty array of schemas', map: 'an object of schemas'} as const
const MESSAGE_TAIL = 'Fix this Schema Object (JSON Schema 2020-12).'

/**
 * Checks that Schema Objects are valid JSON Schema 2020-12 — what validating them against
 * the 2020-12 meta-schema checks, keyword by keyword, in one pass over each schema — plus
 * what the meta-schema cannot see: only the keywords of SCHEMA_KEYWORDS (and `x-` keys)
 * may appear, so no validator's own keyword (`$async`) can change what validation means;
 * `pattern`s must be regular expressions tama-dex can match in linear time
 * (DocumentPatterns); every `$ref` must resolve inside the document; and no schema may
 * apply itself, or too many subschemas, to one value (IN_PLACE_REACH)
 * (docs/profile.md#schemas-and-ref).
 *
 * Each schema is checked once, however it is reached (directly, through `$ref`s, or as a
 * YAML alias), so circular references end and no document costs more than one walk.
 */
export class SchemaObjectChecker {
  /** Schemas already checked, by identity: however many pointers reach one, it is walked once. */
  private readonly checked = new Set<object>()
  private readonly patterns = new DocumentPatterns()
  private readonly reach: SchemaGraphFold
  private readonly depth: SchemaGraphFold

  constructor(
    private readonly resolver: RefResolver,
    private readonly report: Report,
  ) {
    this.reach = new SchemaGraphFold(resolver, IN_PLACE_REACH, report)
    this.depth = new SchemaGraphFold(resolver, REFERENCE_DEPTH, report)
  }

  /** `$ref` targets still to walk: each is walked from `check`'s loop, not from inside the schema naming it. */
  private readonly referenced: Array<{readonly schema: unknown; readonly pointer: string}> = []

  /** Checks the Schema Object `schema` found at `pointer` (and all it contains and references). */
  check(schema: unknown, pointer: string): void {
    this.schema(schema, pointer, 1)
    // However long a chain of references, the stack only ever holds one schema's nesting.
    for (let next = this.referenced.shift(); next !== undefined; next = this.referenced.shift()) this.schema(next.schema, next.pointer, 1)
  }

  private schema(schema: unknown, pointer: string, depth: number): void {
    if (typeof schema === 'boolean') return
    if (!isObject(schema)) {
      this.report(pointer, `A Schema Object must be an object or a boolean, found ${jsonType(schema)}. ${MESSAGE_TAIL}`)
      return
    }
    if (this.checked.has(schema)) return
    this.checked.add(schema)
    if (depth > LIMITS.depth) {
      this.report(pointer, `Schemas are nested more than ${LIMITS.depth} deep here. Flatten the schema with "$ref"s to named schemas.`)
      return
    }
    this.reach.check(schema, pointer)
    this.depth.check(schema, pointer)
    for (const {keyword, size, limit, what} of LIST_LIMITS) {
      const found = schema[keyword] === undefined ? 0 : size(schema[keyword])
      if (found > limit) this.report(childPointer(pointer, keyword), `\`${keyword}\` holds ${found} ${what}, more than the limit of ${limit}: validating a value checks every one. Split the schema, or check fewer names or values here (docs/profile.md#limits).`)
    }
    for (const keyword of Object.keys(schema)) this.keyword(keyword, schema[keyword], pointer, depth)
  }

  /** Checks one keyword of the schema at `parent`; its pointer is built only when needed. */
  private keyword(keyword: string, value: unknown, parent: string, depth: number): void {
    if (!isSchemaKeyword(keyword)) return this.unknownKeyword(keyword, parent)
    const place = SUBSCHEMA_PLACES.get(keyword)
    if (place === 'schema') return this.schema(value, childPointer(parent, keyword), depth + 1)
    if (place === 'array' && Array.isArray(value) && value.length > 0) {
      const pointer = childPointer(parent, keyword)
      for (let index = 0; index < value.length; index++) this.schema(value[index], childPointer(pointer, index), depth + 1)
      return
    }
    if (place === 'map' && isObject(value)) {
      const pointer = childPointer(parent, keyword)
      for (const name of Object.keys(value)) {
        const at = childPointer(pointer, name)
        if (name === '__proto__' && (keyword === 'properties' || keyword === 'patternProperties')) this.report(at, UNCHECKED_NAME)
        if (keyword === 'patternProperties') this.pattern(name, pointer, name, 'The `patternProperties` key')
        // A `dependencies` value may also be a list of property names.
        if (keyword !== 'dependencies' || !isUniqueStrings(value[name])) this.schema(value[name], at, depth + 1)
      }
      return
    }
    const expected = place === undefined ? (VALUE_CHECKS.get(keyword)?.(value) ?? null) : PLACE_EXPECTED[place]
    if (expected !== null) {
      this.report(childPointer(parent, keyword), `\`${keyword}\` must be ${expected}, found ${describe(value)}. ${MESSAGE_TAIL}`)
    } else if (keyword === 'pattern') {
      this.pattern(value as string, parent, keyword, '`pattern`')
    } else if (keyword === '$ref') {
      this.reference(value as string, childPointer(parent, keyword))
    }
  }

  private unknownKeyword(keyword: string, parent: string): void {
    this.report(childPointer(parent, keyword), `\`${keyword}\` is not allowed in a Schema Object: ${keywordRefusal(keyword)}. ${MESSAGE_TAIL}`)
  }

  private reference(ref: string, pointer: string): void {
    const target = this.resolver.resolve(ref)
    if ('error' in target) this.report(pointer, target.error)
    else this.referenced.push({schema: target.value, pointer: target.pointer})
  }

  /** Reports the regular expression `pattern`, found at `token` in `parent`, when tama-dex cannot use it; `what` names it. */
  private pattern(pattern: string, parent: string, token: string, what: string): void {
    const problem = this.patterns.problem(pattern)
    if (problem !== null) this.report(childPointer(parent, token), `${what} ${quoteJson(pattern)} ${problem}. ${MESSAGE_TAIL}`)
  }
}

function isUniqueStrings(value: unknown): boolean {
  // A Set, not a scan for each name: a list past its limit is refused for its length, not checked in its square.
  return Array.isArray(value) && value.every((name) => typeof name === 'string') && new Set(value).size === value.length
}

function isTypeArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && SIMPLE_TYPES.includes(item)) && new Set(value).size === value.length
}

function describe(value: unknown): string {
  return typeof value === 'object' && value !== null ? jsonType(value) : `${jsonType(value)} ${quoteJson(value)}`
}
