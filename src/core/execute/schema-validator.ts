import {createHash} from 'node:crypto'

import {Ajv2020, type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import canonicalizeModule from 'canonicalize'
import type {RE2JS} from 're2js'

import {TamaError, type Problem} from '../errors/index.js'
import {shortened} from '../text/index.js'
import {RefResolver} from '../openapi/index.js'
import {INPUT_LIMITS, type JsonSchema, LIMITS, OPENAPI_ANNOTATIONS, SUBSCHEMA_PLACES, SchemaObjectChecker, compileLinearPattern, entries, namesListed} from '../profile/index.js'
import {childPointer, findNonJson, isObject} from '../json/index.js'
import {ValueIdentities} from './value-identities.js'

// ajv-formats and canonicalize are CommonJS; under NodeNext their typed default import
// is the module namespace, while at run time it is the function itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default

/** More problems than this are summarised: a huge invalid input must not give a huge answer. */
export const MAX_PROBLEMS = 100
/** Values of an `enum` a problem lists: the rest are counted, so a long list cannot make a long answer. */
const ENUM_VALUES_SHOWN = 10

/** The keyword forAjv adds to every schema, so that each application of it is counted. A profile schema can never hold it. */
const STEP_KEYWORD = '$tamaStep'
const OVER_BUDGET = new Error('over the budget of validation steps')
const TOO_DEEP = new Error('validator code nested too deep for the engine')

/**
 * Steps one application of a schema costs besides its own, by keyword: each name
 * `required`, `dependentRequired` (or `dependencies`) looks up, each `properties` or
 * `dependentSchemas` name looked up, and for `enum` and `const` each value, object or
 * array in what a value is compared with (comparing two objects looks at every member).
 * Ajv does this work in its own code, where no step is counted, so it is charged before
 * the schema runs.
 */
const STEPS_PER_APPLICATION: ReadonlyMap<string, (value: unknown) => number> = new Map([
  ['required', entries],
  ['enum', (values) => (Array.isArray(values) ? jsonNodes(values) - 1 : 0)],
  ['const', jsonNodes],
  ['properties', entries],
  ['dependentSchemas', entries],
  ['dependentRequired', namesListed],
  ['dependencies', namesListed],
])

/**
 * Keywords that look at every key of an object value: `patternProperties` tests each key
 * against each of its patterns, and `additionalProperties` and `unevaluatedProperties`
 * each look a key up and test it against those patterns again.
 */
const KEY_SWEEPS = ['additionalProperties', 'unevaluatedProperties']
/** Steps a key's test against a pattern costs: on the linear-time engine, about as long as ten schema applications. */
const STEPS_PER_PATTERN_TEST = 10

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
  /** Stops at a value's first problem: whether a value is valid costs no more than the steps it takes. */
  private readonly decide: Ajv2020
  /** Collects every problem, for an invalid value's answer, within INPUT_LIMITS.problemSteps. */
  private readonly explain: Ajv2020
  private readonly byObject = new WeakMap<object, Compiled>()
  private readonly byHash = new Map<string, Compiled>()
  /**
   * Each pattern's matcher, compiled once however many schemas and places use it. Ajv keeps
   * every pattern's matcher for the instance's life anyway (its scope is keyed by pattern).
   */
  private readonly patterns = new Map<string, RE2JS>()
  /** Steps taken so far in the running validation, and how many it may take. */
  private steps = 0
  private budget = 0
  /** The numbering `uniqueItems` compares items by, made afresh for each validation that needs one. */
  private identities: ValueIdentities | undefined

  constructor(private readonly maxCached = 512) {
    this.decide = this.newAjv(false)
    this.explain = this.newAjv(true)
  }

  /**
   * An Ajv instance. Strict about keywords: one Ajv does not know stops compiling (the
   * `warn` below). Its other strict-mode warnings are about valid JSON Schema it ignores
   * (an `if` without `then`), and its types, tuples and required rules are style, not
   * meaning. addUsedSchema: false so two schemas with the same $id never collide in the
   * shared instance.
   */
  private newAjv(allErrors: boolean): Ajv2020 {
    // Patterns (`pattern`, `patternProperties`) run on a linear-time engine, so no producer's
    // pattern can hold the event loop (docs/security.md). Ajv passes the flags "u", the mode
    // compileLinearPattern reads; `code` names the engine in standalone code, never generated here.
    const regExp = Object.assign((pattern: string) => this.pattern(pattern), {code: 'compileLinearPattern'})
    const ajv = new Ajv2020({
      allErrors,
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
    addFormats(ajv)
    // OpenAPI 3.0's `nullable` is Ajv's own keyword; JSON Schema 2020-12 has none.
    ajv.removeKeyword('nullable')
    ajv.addVocabulary([...OPENAPI_ANNOTATIONS])
    // Ajv compares every pair of items; comparing their numbers instead is linear.
    ajv.removeKeyword('uniqueItems')
    const identities = (): ValueIdentities => (this.identities ??= new ValueIdentities())
    ajv.addKeyword({keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, validate: uniqueItems(identities)})
    // Every schema forAjv passes on counts its steps (see `run`), before any other keyword of it runs.
    const first = ajv.RULES.rules[0]?.rules[0]?.keyword
    ajv.addKeyword({keyword: STEP_KEYWORD, schemaType: 'array', errors: false, validate: (cost: StepCost, data: unknown) => this.step(cost, data), ...(first === undefined ? {} : {before: first})})
    return ajv
  }

  /** Counts the steps of one application of a schema to a value; past the budget, unwinds the validation. */
  private step([own, perKey]: StepCost, data: unknown): boolean {
    this.steps += own
    if (perKey > 0 && isObject(data)) this.steps += perKey * Object.keys(data).length
    if (this.steps > this.budget) throw OVER_BUDGET
    return true
  }

  /**
   * How `value` breaks `schema`, each problem located by a JSON Pointer into the value:
   * every problem when finding them all takes at most INPUT_LIMITS.problemSteps, else the
   * first ones found.
   */
  problems(schema: JsonSchema, value: unknown): Problem[] {
    const compiled = this.compiled(schema)
    if (this.decides(compiled, value)) return []
    let errors = (compiled.decide ?? compiled.explain)?.errors ?? []
    let partial = compiled.decide !== undefined
    if (partial) {
      try {
        const explain = this.explainer(compiled)
        this.run(explain, value, INPUT_LIMITS.problemSteps)
        errors = explain.errors ?? errors
        partial = false
      } catch (error) {
        // Listing every problem is a courtesy: past its budget, or if it fails, the first problems stand.
        if (!(error instanceof TamaError)) throw error
      }
    }
    const problems = errors.slice(0, MAX_PROBLEMS).map(toProblem)
    if (errors.length > MAX_PROBLEMS) problems.push({pointer: '', message: `and ${errors.length - MAX_PROBLEMS} more problems`})
    else if (partial) problems.push({pointer: '', message: 'and perhaps more problems, not looked for: fix these and send it again'})
    return problems
  }

  /** Whether `value` is valid against `schema`. */
  matches(schema: JsonSchema, value: unknown): boolean {
    return this.decides(this.compiled(schema), value)
  }

  /**
   * Whether `value` is valid, by the validator that stops at the first problem. Its code
   * nests one block in another for each keyword and property it checks, which a schema
   * with thousands of them can take past what the engine parses (a RangeError on the first
   * call); such a schema is decided from then on by the one that collects every problem,
   * whose code is flat, within the same budget.
   */
  private decides(compiled: Compiled, value: unknown): boolean {
    if (compiled.decide !== undefined) {
      try {
        return this.run(compiled.decide, value, INPUT_LIMITS.validationSteps, true)
      } catch (error) {
        if (error !== TOO_DEEP) throw error
        compiled.decide = undefined
      }
    }
    return this.run(this.explainer(compiled), value, INPUT_LIMITS.validationSteps)
  }

  private explainer(compiled: Compiled): ValidateFunction {
    return (compiled.explain ??= this.compile(this.explain, compiled.forAjv))
  }

  /**
   * Runs a validator, which must answer true or false and nothing else, within `budget`
   * (`nested`: the validator stopping at the first problem, which may be too deep to parse)
   * steps: one per schema applied plus what its keywords look up, compare and test
   * (stepCost). However a schema nests and shares subschemas (two `anyOf` branches that
   * both recurse into the same property double the work at every level of the value), and
   * however long its lists, no validation costs more.
   */
  private run(validate: ValidateFunction, value: unknown, budget: number, nested = false): boolean {
    let valid: unknown
    this.steps = 0
    this.budget = budget
    try {
      valid = validate(value)
    } catch (error) {
      if (error === OVER_BUDGET) {
        throw new TamaError('invalid_input', `The input is too costly to check: validating it takes more than ${budget} steps (schemas applied, names looked up, values compared, keys tested against patterns). Nothing was dispatched. Send a smaller input, with fewer items or keys; if even small inputs fail, the operation's schema needs simplifying.`, {
          problems: [{pointer: '', message: `takes more than ${budget} validation steps to check`}],
        })
      }
      if (error instanceof RangeError && nested) throw TOO_DEEP
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

  private compiled(schema: JsonSchema): Compiled {
    if (typeof schema === 'boolean') return this.compileByHash(schema)
    const known = this.byObject.get(schema)
    if (known !== undefined) return known
    const validate = this.compileByHash(schema)
    this.byObject.set(schema, validate)
    return validate
  }

  private compileByHash(schema: JsonSchema): Compiled {
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
    const prepared = forAjv(schema, (format) => Object.hasOwn(this.decide.formats, format))
    const compiled: Compiled = {forAjv: prepared}
    try {
      compiled.decide = this.decide.compile(prepared)
    } catch (error) {
      // Too deep for the engine to parse, it is decided by the flat validator (see `decides`).
      if (error instanceof RangeError) compiled.explain = this.compile(this.explain, prepared)
      else throw refused(`it could not be compiled (${(error as Error).message})`, error)
    }
    this.byHash.set(key, compiled)
    if (this.byHash.size > this.maxCached) this.byHash.delete(this.byHash.keys().next().value!)
    return compiled
  }

  private compile(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
    try {
      return ajv.compile(schema)
    } catch (error) {
      throw refused(`it could not be compiled (${(error as Error).message})`, error)
    }
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

/** A schema compiled for each instance: the one that explains problems only once a value has some. */
interface Compiled {
  readonly forAjv: JsonSchema
  /** Absent when its code nests too deep for the engine: the flat validator decides instead. */
  decide?: ValidateFunction
  explain?: ValidateFunction
}

/** The steps one application of a schema costs: its own, and more for each key of an object value. */
type StepCost = readonly [own: number, perKey: number]

function stepCost(schema: Record<string, unknown>): StepCost {
  let own = 1
  for (const [keyword, cost] of STEPS_PER_APPLICATION) if (schema[keyword] !== undefined) own += cost(schema[keyword])
  const patterns = entries(schema.patternProperties)
  const sweeps = KEY_SWEEPS.filter((keyword) => schema[keyword] !== undefined).length
  return [own, sweeps + patterns * (1 + sweeps) * STEPS_PER_PATTERN_TEST]
}

/** Values, objects and arrays in `value`, itself included. */
function jsonNodes(value: unknown): number {
  let nodes = 0
  const stack = [value]
  while (stack.length > 0) {
    const next = stack.pop()
    nodes++
    // One push at a time: spreading a long array into arguments overflows the stack.
    if (Array.isArray(next)) for (const item of next) stack.push(item)
    else if (isObject(next)) for (const key of Object.keys(next)) stack.push(next[key])
  }
  return nodes
}

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
    [STEP_KEYWORD, stepCost(schema)],
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

/** Characters of one value a problem quotes. */
const VALUE_SHOWN = 200

/** A value's JSON, cut short. */
function shortJson(value: unknown): string {
  return shortened(JSON.stringify(value), VALUE_SHOWN)
}

/** An `enum`'s values as a problem lists them: the first few, each cut short. */
function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, ENUM_VALUES_SHOWN).map(shortJson)
  const more = values.length - shown.length
  return `[${shown.join(',')}${more > 0 ? `, … and ${more} more` : ''}]`
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
      return {pointer: error.instancePath, message: `must be one of ${listValues(params.allowedValues as unknown[])}`}
    case 'const':
      return {pointer: error.instancePath, message: `must be ${shortJson(params.allowedValue)}`}
    default:
      return {pointer: error.instancePath, message: error.message ?? `fails the "${error.keyword}" rule`}
  }
}
