import type {ErrorObject, ValidateFunction} from 'ajv/dist/2020.js'

import {childPointer, escapeToken, isObject, jsonType, quoteJson, unescapeToken} from '../json/index.js'

/** A JSON Schema's finding as a problem at a pointer into the value it checked. */
export interface SchemaProblem {
  readonly pointer: string
  readonly message: string
}

export interface SchemaWording {
  /** What the schema defines, for a key it refuses outright (`not`): `the profile`. */
  readonly subject: string
  /** What an `$ref` to `#/$defs/NAME` says, for messages about a property that refers to it. */
  readonly describe?: (name: string) => string | undefined
}

const TYPE_NAMES: Readonly<Record<string, string>> = {boolean: 'true or false', array: 'an array', object: 'an object', string: 'a string', integer: 'a whole number'}

/**
 * The problems `validate` found in `value`, one message per finding that says what is
 * wrong and what to do, each schema's `description` saying why. An `anyOf` says what is
 * expected as a whole, so the errors of its branches are left out.
 */
export function schemaProblems(validate: ValidateFunction, value: unknown, wording: SchemaWording): SchemaProblem[] {
  if (validate(value)) return []
  const errors = validate.errors ?? []
  const combinators = errors.filter((error) => error.keyword === 'anyOf').map((error) => `${error.schemaPath}/`)
  return errors.filter((error) => !combinators.some((prefix) => error.schemaPath.startsWith(prefix))).map((error) => schemaProblem(error, wording))
}

function schemaProblem(error: ErrorObject, wording: SchemaWording): SchemaProblem {
  const label = unescapeToken(error.instancePath.slice(1))
  // What the messages call the value: its pointer without the leading slash, as `a/b`.
  const name = label === '' ? 'The root' : `\`${label}\``
  const schema: Record<string, unknown> = isObject(error.parentSchema) ? error.parentSchema : {}
  const why = typeof schema.description === 'string' ? ` ${schema.description}` : ''
  const found = `found ${typeof error.data === 'object' && error.data !== null ? jsonType(error.data) : `${jsonType(error.data)} ${quoteJson(error.data)}`}`
  const params = error.params as Record<string, unknown>
  const at = (message: string) => ({pointer: error.instancePath, message})
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty)
      return {pointer: childPointer(error.instancePath, missing), message: `\`${missing}\` is missing. Add it.${describeProperty(schema, missing, wording.describe)}`}
    }
    case 'not':
      return at(`${name} is not part of ${wording.subject}. ${schema.description ?? ''} Remove it or correct its name.`)
    case 'additionalProperties': {
      const extra = String(params.additionalProperty)
      const known = isObject(schema.properties) ? Object.keys(schema.properties).join(', ') : ''
      return {pointer: `${error.instancePath}/${escapeToken(extra)}`, message: `\`${extra}\` is not a field of ${label === '' ? 'the root' : `\`${label}\``}; its fields are ${known}. Remove it or correct its name.`}
    }
    case 'const':
      return at(`${name} must be ${quoteJson(params.allowedValue)}, ${found}.${why}`)
    case 'enum':
      return at(`${name} must be one of ${(params.allowedValues as unknown[]).map((value) => quoteJson(value)).join(', ')}, ${found}.${why}`)
    case 'type':
      return at(`${name} must be ${TYPE_NAMES[String(params.type)] ?? String(params.type)}, ${found}.${why}`)
    case 'uniqueItems':
      return at(`${name} lists the same value twice (items ${String(params.j)} and ${String(params.i)}). Remove the repeat.`)
    case 'maxLength':
      return at(`${name} is ${String(error.data).length} characters; the limit is ${String(params.limit)}. Shorten it.${why}`)
    case 'maxItems':
      return at(`${name} has more than ${String(params.limit)} items. Keep at most ${String(params.limit)}.${why}`)
    case 'minItems':
      return at(`${name} needs at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}. Add one or remove the key.${why}`)
    case 'minimum':
    case 'maximum':
      return at(`${name} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}, ${found}.${why}`)
    default:
      return at(`${name} is not valid, ${found}.${why}`)
  }
}

/** The description of a property's schema, following a `$ref` into the schema's `$defs`. */
function describeProperty(schema: Record<string, unknown>, name: string, describe: SchemaWording['describe']): string {
  const property = isObject(schema.properties) ? schema.properties[name] : undefined
  if (!isObject(property)) return ''
  const ref = typeof property.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(property.$ref)?.[1] : undefined
  const description = ref === undefined ? property.description : describe?.(ref)
  return typeof description === 'string' ? ` ${description}` : ''
}
