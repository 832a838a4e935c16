import {readFileSync} from 'node:fs'

import {Ajv2020, type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js'

import {childPointer, escapeToken, isObject, jsonType, quoteJson, unescapeToken} from '../../json/index.js'

type Report = (pointer: string, message: string) => void

/** docs/schema/x-tama.schema.json, the one definition of the `x-tama-*` keys. */
const SCHEMA_URL = new URL('../../../../docs/schema/x-tama.schema.json', import.meta.url)

interface Validators {
  readonly document: ValidateFunction
  readonly operation: ValidateFunction
  /** Why an `x-tama-*` key is refused where it is not defined. */
  readonly unknownKey: string
  readonly defs: Readonly<Record<string, {description?: string}>>
}

let validators: Validators | undefined

/** Compiled at first use, once per process. */
function compiled(): Validators {
  if (validators === undefined) {
    const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as {$id: string; $defs: Record<string, {description?: string}> & {unknown: {description: string}}}
    // The schema itself is checked against the meta-schema by the test suite, not at every start.
    const ajv = new Ajv2020({allErrors: true, verbose: true, validateSchema: false})
    ajv.addSchema(schema)
    validators = {
      document: ajv.getSchema(`${schema.$id}#/$defs/document`)!,
      operation: ajv.getSchema(`${schema.$id}#/$defs/operation`)!,
      unknownKey: schema.$defs.unknown.description,
      defs: schema.$defs,
    }
  }
  return validators
}

/**
 * Checks the `x-tama-*` keys of the document root (docs/profile.md#root) against
 * docs/schema/x-tama.schema.json.
 */
export function checkDocumentExtensions(root: Record<string, unknown>, report: Report): void {
  check(compiled().document, root, '', report)
}

/**
 * Checks the `x-tama-*` keys of an Operation Object (docs/profile.md#operations) against
 * docs/schema/x-tama.schema.json.
 */
export function checkOperationExtensions(operation: Record<string, unknown>, pointer: string, report: Report): void {
  check(compiled().operation, operation, pointer, report)
}

/** Why an `x-tama-*` key is refused outside the root and operations. */
export function unknownTamaKeyMessage(): string {
  return compiled().unknownKey
}

function check(validate: ValidateFunction, value: Record<string, unknown>, pointer: string, report: Report): void {
  if (validate(value)) return
  const errors = validate.errors ?? []
  // An anyOf says what is expected as a whole; the errors of its branches only add noise.
  const combinators = errors.filter((error) => error.keyword === 'anyOf').map((error) => `${error.schemaPath}/`)
  for (const error of errors) {
    if (combinators.some((prefix) => error.schemaPath.startsWith(prefix))) continue
    const problem = toProblem(error)
    report(pointer + problem.pointer, problem.message)
  }
}

const TYPE_NAMES: Readonly<Record<string, string>> = {boolean: 'true or false', array: 'an array', object: 'an object', string: 'a string'}

function toProblem(error: ErrorObject): {pointer: string; message: string} {
  const label = unescapeToken(error.instancePath.slice(1))
  const schema: Record<string, unknown> = isObject(error.parentSchema) ? error.parentSchema : {}
  const why = typeof schema.description === 'string' ? ` ${schema.description}` : ''
  const found = `found ${typeof error.data === 'object' && error.data !== null ? jsonType(error.data) : `${jsonType(error.data)} ${quoteJson(error.data)}`}`
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty)
      return {pointer: childPointer(error.instancePath, missing), message: `\`${missing}\` is missing. Add it.${describeProperty(schema, missing)}`}
    }
    case 'not':
      return {pointer: error.instancePath, message: `\`${label}\` is not part of the profile. ${schema.description ?? ''} Remove it or correct its name.`}
    case 'additionalProperties': {
      const extra = String(params.additionalProperty)
      const known = isObject(schema.properties) ? Object.keys(schema.properties).join(', ') : ''
      return {pointer: `${error.instancePath}/${escapeToken(extra)}`, message: `\`${extra}\` is not a field of \`${label}\`; its fields are ${known}. Remove it or correct its name.`}
    }
    case 'const':
      return {pointer: error.instancePath, message: `\`${label}\` must be ${quoteJson(params.allowedValue)}, ${found}.${why}`}
    case 'type':
      return {pointer: error.instancePath, message: `\`${label}\` must be ${TYPE_NAMES[String(params.type)] ?? String(params.type)}, ${found}.${why}`}
    case 'uniqueItems':
      return {pointer: error.instancePath, message: `\`${label}\` lists the same value twice (items ${String(params.j)} and ${String(params.i)}). Remove the repeat.`}
    case 'maxLength':
      return {pointer: error.instancePath, message: `\`${label}\` is ${String(error.data).length} characters; the limit is ${String(params.limit)}. Shorten it.${why}`}
    case 'maxItems':
      return {pointer: error.instancePath, message: `\`${label}\` has more than ${String(params.limit)} items. Keep at most ${String(params.limit)}.${why}`}
    default:
      return {pointer: error.instancePath, message: `\`${label}\` is not valid, ${found}.${why}`}
  }
}

/** The description of a property's schema, following a `$ref` into the schema's `$defs`. */
function describeProperty(schema: Record<string, unknown>, name: string): string {
  const property = isObject(schema.properties) ? schema.properties[name] : undefined
  if (!isObject(property)) return ''
  const ref = typeof property.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(property.$ref)?.[1] : undefined
  const description = ref === undefined ? property.description : compiled().defs[ref]?.description
  return typeof description === 'string' ? ` ${description}` : ''
}
