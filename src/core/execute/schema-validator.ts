import {createHash} from 'node:crypto'

import {Ajv2020, type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import canonicalizeModule from 'canonicalize'
import type {RE2JS} from 're2js'

import {TamaError, type Problem} from '../errors/index.js'
import {INPUT_LIMITS, type JsonSchema, LIMITS, OPENAPI_ANNOTATIONS, RefResolver, SUBSCHEMA_PLACES, SchemaObjectChecker, compileLinearPattern} from '../profile/index.js'
import {childPointer, findNonJson, isObject} from '../json/index.js'
import {ValueIdentities} from './value-identities.js'

// ajv-formats and canonicalize are CommonJS; under NodeNext their typed default import
// is the module namespace, while at run time it is the function itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default

/** More problems than this are summarised: a huge invalid input must not give a huge answer. */
export const MAX_PROBLEMS = 100

/** The keyword forAjv adds to every schema, so that each application of it is counted. A profile schema can never hold it. */
const STEP_KEYWORD = '$tamaStep'
const OVER_BUDGET = new Error('over the budget of schema applications')

/**
 * Validates values against JSON Schema 2020-12 with Ajv, compiling each distinct schema
 * once. Schemas read from an index are fresh objects on every lookup, so the cache is
 * keyed by a hash of the schema's canonical JSON (RFC 8785), with a WeakMap in front for
 * schemas seen as the same object (frozen tool definitions, say).
 *
 * A schema reaches Ajv only once the profile's own checks pass on it (SchemaObjectChecker:
 * the 2020-12 keywords only, linear patterns, internal references, no schema applying
 * itself to one value), whether it came from a document just validated or from an index
 * or a pinned cassette, so no keyword of Ajv's own (`$async`) can change what validating
 * means. Ajv itself runs strict about keywords, on own properties only (a property named
 * `__proto__` or `constructor` is data), and checks `uniqueItems` in linear time.
 * Anything but a `true` or `false` from a validator is an internal failure.
 */
export class SchemaValidator {
  private readonly ajv: Ajv2020
  private readonly byObject = new WeakMap<object, ValidateFunction>()
  private readonly byHash = new Map<string, ValidateFunction>()
  /**
   * Each pattern's matcher, compiled once however many schemas and places use it. Ajv keeps
   * every pattern's matcher for the instance's life anyway (its scope is keyed by pattern).
   */
  private readonly patterns = new Map<string, RE2JS>()
  /** Schemas applied so far in the running validation. */
  private steps = 0
  /** The numbering `uniqueItems` compares items by, made afresh for each validation that needs one. */
  private identities: ValueIdentities | undefined

  constructor(private readonly maxCached = 512) {
    // Patterns (`pattern`, `patternProperties`) run on a linear-time engine, so no producer's
    // pattern can hold the event loop (docs/security.md). Ajv passes the flags "u", the mode
    // compileLinearPattern reads; `code` names the engine in standalone code, never generated here.
    const regExp = Object.assign((pattern: string) => this.pattern(pattern), {code: 'compileLinearPattern'})
    // Strict about keywords: one Ajv does not know stops compiling (the `warn` below). Its
    // other strict-mode warnings are about valid JSON Schema it ignores (an `if` without
    // `then`), and its types, tuples and required rules are style, not meaning.
    // addUsedSchema: false so two schemas with the same $id never collide in the shared instance.
    this.ajv = new Ajv2020({
      allErrors: true,
      strictSchema: 'log',
      strictNumbers: true,
      strictTypes: false,
      strictTuples: false,
      strictRequired: false,
      allowUnionTypes: true,
      allowMatchingProperties: true,
      ownProperties: true,
      $data: false,
      discriminator: false,
      addUsedSchema: false,
      logger: {log: ignore, error: ignore, warn: refuseUnknownKeyword},
      code: {regExp},
    })
    addFormats(this.ajv)
    // OpenAPI 3.0's `nullable` is Ajv's own keyword; JSON Schema 2020-12 has none.
    this.ajv.removeKeyword('nullable')
    this.ajv.addVocabulary([...OPENAPI_ANNOTATIONS])
    // Ajv compares every pair of items; comparing their numbers instead is linear.
    this.ajv.removeKeyword('uniqueItems')
    const identities = (): ValueIdentities => (this.identities ??= new ValueIdentities())
    this.ajv.addKeyword({keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, validate: uniqueItems(identities)})
    // Every schema forAjv passes on counts its applications: see `run`.
    this.ajv.addKeyword({keyword: STEP_KEYWORD, schemaType: 'boolean', errors: false, validate: () => this.step()})
  }

  /** Counts one application of a schema to a value; past the budget, unwinds the validation. */
  private step(): boolean {
    if (++this.steps > INPUT_LIMITS.schemaApplications) throw OVER_BUDGET
    return true
  }

  /** Every way `value` breaks `schema`, each located by a JSON Pointer into the value. */
  problems(schema: JsonSchema, value: unknown): Problem[] {
    const validate = this.compiled(schema)
    if (this.run(validate, value)) return []
    const errors = validate.errors ?? []
    const problems = errors.slice(0, MAX_PROBLEMS).map(toProblem)
    if (errors.length > MAX_PROBLEMS) {
      problems.push({pointer: '', message: `and ${errors.length - MAX_PROBLEMS} more problems`})
    }
    return problems
  }

  /** Whether `value` is valid against `schema`. */
  matches(schema: JsonSchema, value: unknown): boolean {
    return this.run(this.compiled(schema), value)
  }

  /**
   * Runs a validator, which must answer true or false and nothing else, within a budget of
   * schema applications: however a schema nests and shares subschemas (two `anyOf`
   * branches that both recurse into the same property double the work at every level of
   * the value), no validation costs more than INPUT_LIMITS.schemaApplications steps.
   */
  private run(validate: ValidateFunction, value: unknown): boolean {
    let valid: unknown
    this.steps = 0
    try {
      valid = validate(value)
    } catch (error) {
      if (error === OVER_BUDGET) {
        throw new TamaError('invalid_input', `The input is too costly to check: validating it applied more than ${INPUT_LIMITS.schemaApplications} schemas to its values. Nothing was dispatched. Send a smaller or shallower input; if even small inputs fail, the operation's schema needs simplifying.`, {
          problems: [{pointer: '', message: `takes more than ${INPUT_LIMITS.schemaApplications} schema applications to check`}],
        })
      }
      // Its message is not repeated: it may quote the value.
      throw unusable('validating with it failed unexpectedly', error)
    } finally {
      this.identities = undefined
    }
    if (valid === true || valid === false) return valid
    // An asynchronous validator answers a Promise, which is truthy: it must never count as valid.
    if (typeof (valid as {then?: unknown} | null)?.then === 'function') (valid as Promise<unknown>).then(undefined, () => undefined)
    throw unusable('its validator answered something other than true or false')
  }

  private compiled(schema: JsonSchema): ValidateFunction {
    if (typeof schema === 'boolean') return this.compileByHash(schema)
    const known = this.byObject.get(schema)
    if (known !== undefined) return known
    const validate = this.compileByHash(schema)
    this.byObject.set(schema, validate)
    return validate
  }

  private compileByHash(schema: JsonSchema): ValidateFunction {
    // Within the document limits, so canonicalising and compiling it cannot overflow the stack.
    const nonJson = findNonJson(schema, {maxStringLength: LIMITS.stringLength})
    if (nonJson !== null) throw refused(`at #${nonJson.pointer}, it ${nonJson.reason}`)
    const key = createHash('sha256')
      .update(canonicalize(schema) ?? '')
      .digest('hex')
    const cached = this.byHash.get(key)
    if (cached !== undefined) {
      // Re-insert so the Map's order is least recently used first.
      this.byHash.delete(key)
      this.byHash.set(key, cached)
      return cached
    }
    const problem = profileProblem(schema)
    if (problem !== null) throw refused(`at #${problem.pointer}: ${problem.message.replace(/\.$/, '')}`)
    let validate: ValidateFunction
    try {
      validate = this.ajv.compile(forAjv(schema, (format) => Object.hasOwn(this.ajv.formats, format)))
    } catch (error) {
      throw refused(`it could not be compiled (${(error as Error).message})`, error)
    }
    this.byHash.set(key, validate)
    if (this.byHash.size > this.maxCached) this.byHash.delete(this.byHash.keys().next().value!)
    return validate
  }

  private pattern(pattern: string): RE2JS {
    let matcher = this.patterns.get(pattern)
    if (matcher === undefined) {
      matcher = compileLinearPattern(pattern)
      this.patterns.set(pattern, matcher)
    }
    return matcher
  }
}

/** The one validator execute and the MCP handlers share, so each schema compiles once per process. */
export const schemaValidator = new SchemaValidator()

function ignore(): void {}

function refuseUnknownKeyword(message: unknown): void {
  if (typeof message === 'string' && message.startsWith('unknown keyword')) throw new Error(message)
}

function unusable(why: string, cause?: unknown): TamaError {
  return new TamaError('internal', `A stored schema cannot be used: ${why}. Nothing was dispatched. Report it to the host if it persists.`, {cause})
}

// A pinned copy leaves the profile's Schema Object rules to this first use (docs/security.md):
// a schema that breaks them is the cassette's fault, not ours.
function refused(why: string, cause?: unknown): TamaError {
  return new TamaError('verification_failed', `A stored schema breaks the tama-operations/1 profile: ${why}. Nothing was dispatched. Verify the cassette it came from (\`verifyCassette\`) and install one that passes.`, {cause})
}

/** The first problem the profile finds with a schema standing alone (its `$ref`s point into itself), or null. */
function profileProblem(schema: JsonSchema): Problem | null {
  let first: Problem | null = null
  new SchemaObjectChecker(new RefResolver(schema), (pointer, message) => {
    first ??= {pointer, message}
  }).check(schema, '')
  return first
}

/**
 * The schema as Ajv is given it: without `x-` keys, annotations its strict mode would take
 * for unknown keywords; without `$schema`, which the profile has already held to the
 * 2020-12 dialects and which Ajv would otherwise look up by URI; and without a `format`
 * Ajv does not know (`unix-time`, say), which 2020-12 makes an annotation.
 */
function forAjv(schema: JsonSchema, knownFormat: (format: string) => boolean): JsonSchema {
  if (!isObject(schema)) return schema
  const kept = (keyword: string): boolean =>
    !keyword.startsWith('x-') && keyword !== '$schema' && (keyword !== 'format' || knownFormat(schema.format as string))
  const inner = (value: unknown): unknown => forAjv(value as JsonSchema, knownFormat)
  return Object.fromEntries([
    [STEP_KEYWORD, true],
    ...Object.keys(schema)
      .filter(kept)
      .map((keyword) => {
        const value = schema[keyword]
        const place = SUBSCHEMA_PLACES.get(keyword)
        if (place === 'schema') return [keyword, inner(value)]
        if (place === 'array' && Array.isArray(value)) return [keyword, value.map(inner)]
        // A `dependencies` value may be a list of names rather than a schema.
        if (place === 'map' && isObject(value)) return [keyword, Object.fromEntries(Object.keys(value).map((name) => [name, Array.isArray(value[name]) ? value[name] : inner(value[name])]))]
        return [keyword, value]
      }),
  ]) as JsonSchema
}

/** `uniqueItems` by each item's number (ValueIdentities): linear in the array, where comparing pairs is quadratic. */
function uniqueItems(identities: () => ValueIdentities) {
  const validate = (unique: boolean, items: unknown[]): boolean => {
    validate.errors = []
    if (!unique || items.length < 2) return true
    const seen = new Map<number, number>()
    const numbering = identities()
    for (let index = 0; index < items.length; index++) {
      const id = numbering.idOf(items[index])
      const first = seen.get(id)
      if (first !== undefined) {
        validate.errors = [{keyword: 'uniqueItems', message: `must NOT have duplicate items (items ## ${first} and ${index} are identical)`, params: {i: index, j: first}}]
        return false
      }
      seen.set(id, index)
    }
    return true
  }
  validate.errors = [] as Array<Partial<ErrorObject>>
  return validate
}

function toProblem(error: ErrorObject): Problem {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return {pointer: childPointer(error.instancePath, String(params.missingProperty)), message: 'is required but missing'}
    case 'additionalProperties':
      return {
        pointer: childPointer(error.instancePath, String(params.additionalProperty)),
        message: 'is not an allowed property: remove it',
      }
    case 'enum':
      return {pointer: error.instancePath, message: `must be one of ${JSON.stringify(params.allowedValues)}`}
    case 'const':
      return {pointer: error.instancePath, message: `must be ${JSON.stringify(params.allowedValue)}`}
    default:
      return {pointer: error.instancePath, message: error.message ?? `fails the "${error.keyword}" rule`}
  }
}
