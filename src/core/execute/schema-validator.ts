import {createHash} from 'node:crypto'

import {Ajv2020, type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import canonicalizeModule from 'canonicalize'
import type {RE2JS} from 're2js'

import {TamaError, type Problem} from '../errors/tama-error.js'
import type {JsonSchema} from '../profile/operation-record.js'
import {childPointer} from '../profile/json-pointer.js'
import {compileLinearPattern} from '../profile/linear-pattern.js'

// ajv-formats and canonicalize are CommonJS; under NodeNext their typed default import
// is the module namespace, while at run time it is the function itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default

/** More problems than this are summarised: a huge invalid input must not give a huge answer. */
export const MAX_PROBLEMS = 100

/**
 * Validates values against JSON Schema 2020-12 with Ajv, compiling each distinct schema
 * once. Schemas read from an index are fresh objects on every lookup, so the cache is
 * keyed by a hash of the schema's canonical JSON (RFC 8785), with a WeakMap in front for
 * schemas seen as the same object (frozen tool definitions, say).
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

  constructor(private readonly maxCached = 512) {
    // strict: false because OpenAPI 3.1 schemas carry annotations Ajv does not know
    // (discriminator, xml, example); addUsedSchema: false so two schemas with the same
    // $id never collide in the shared instance.
    // Patterns (`pattern`, `patternProperties`) run on a linear-time engine, so no producer's
    // pattern can hold the event loop (docs/security.md). Ajv passes the flags "u", the mode
    // compileLinearPattern reads; `code` names the engine in standalone code, never generated here.
    const regExp = Object.assign((pattern: string) => this.pattern(pattern), {code: 'compileLinearPattern'})
    this.ajv = new Ajv2020({allErrors: true, strict: false, addUsedSchema: false, logger: false, code: {regExp}})
    addFormats(this.ajv)
  }

  /** Every way `value` breaks `schema`, each located by a JSON Pointer into the value. */
  problems(schema: JsonSchema, value: unknown): Problem[] {
    const validate = this.compiled(schema)
    if (validate(value)) return []
    const errors = validate.errors ?? []
    const problems = errors.slice(0, MAX_PROBLEMS).map(toProblem)
    if (errors.length > MAX_PROBLEMS) {
      problems.push({pointer: '', message: `and ${errors.length - MAX_PROBLEMS} more problems`})
    }
    return problems
  }

  /** Whether `value` is valid against `schema`. */
  matches(schema: JsonSchema, value: unknown): boolean {
    return this.compiled(schema)(value)
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
    let validate: ValidateFunction
    try {
      validate = this.ajv.compile(schema)
    } catch (error) {
      throw new TamaError(
        'internal',
        `A stored schema could not be compiled (${(error as Error).message}). Re-validate the document it came from with \`tama-dex document validate\`.`,
        {cause: error},
      )
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
