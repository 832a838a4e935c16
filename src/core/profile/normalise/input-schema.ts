import type {CollectedOperation, ParameterEntry} from '../collect-operations.js'
import {binaryInput, FORM_MEDIA_TYPES, type FormFields, formFields, formMediaType, type FormMediaType, isObjectSchema} from './form-body.js'
import {childPointer, isObject, quoteJson, withMember} from '../../json/index.js'
import type {InputBody, InputParameter, JsonSchema} from '../operation-record.js'
import type {RefResolver} from '../../openapi/index.js'
import type {SchemaAt, SchemaBundler} from '../schema/index.js'
import {templateNames} from '../path-template.js'
import {compareCodeUnits} from '../../text/index.js'

type Report = (pointer: string, message: string) => void

/** An operation's input object: its schema and how an executor maps it onto the call. */
export interface DerivedInput {
  readonly inputSchema: JsonSchema
  readonly parameters: InputParameter[]
  readonly body: InputBody | null
  /** The input's top-level property names (what `x-tama-confirmation.echo` may name). */
  readonly properties: readonly string[]
}

interface Context {
  readonly resolver: RefResolver
  readonly bundler: SchemaBundler
  readonly report: Report
}

interface JsonContent {
  readonly contentType: string
  readonly schema: SchemaAt
}

/** The media type a request body is sent as: a JSON one, or else a form one. */
export interface BodyContent extends JsonContent {
  readonly form: FormMediaType | null
  /** The Media Type Object. */
  readonly media: unknown
  readonly pointer: string
}

/**
 * Derives an operation's input, one JSON object, from its parameters and request body
 * (docs/profile.md#the-input-object), reporting what the profile forbids: cookie
 * parameters, bodies without a JSON or form media type, form bodies that are not objects
 * or whose encoding tama-dex does not write, and two inputs with one name.
 */
export function deriveInput(operation: CollectedOperation, context: Context): DerivedInput {
  const {report} = context
  const parameters = operation.parameters.filter((entry) => {
    if (entry.value.in !== 'cookie') return true
    report(inlinePointer(entry, 'in'), `Cookie parameters are not supported: the input reaches a call as path, query and header parameters and a JSON body. Pass ${quoteJson(entry.value.name)} in a header or the query, or remove it.`)
    return false
  })
  for (const entry of parameters) if (entry.value.name === '__proto__') report(inlinePointer(entry, 'name'), `A parameter named "__proto__" cannot be an input property: JSON Schema validators skip that name, so its schema would never be checked. Rename the parameter.`)
  checkPathTemplate(operation, parameters, report)
  const requestBody = resolveRequestBody(operation, context)
  const content = requestBody === null ? null : requestContent(requestBody.value.content, childPointer(requestBody.pointer, 'content'), report)
  const body = content === null ? null : bodyBinding(content, context)
  checkNames(parameters, body === null ? null : requestBody, report)

  const bodyRequired = requestBody?.value.required === true
  if (body !== null && body.properties !== null && operation.parameters.length === 0) {
    return {
      inputSchema: withBinaryFields(context.bundler.bundleOne(body.schema), body.fields),
      parameters: [],
      body: inputBody(body, 'input', bodyRequired),
      properties: body.properties,
    }
  }

  const roots = parameters.map((entry) => parameterSchema(entry))
  if (body !== null) roots.push(body.schema)
  const {schemas, defs} = context.bundler.bundle(roots)
  const properties: [string, JsonSchema][] = []
  const required: string[] = []
  parameters.forEach((entry, index) => {
    const name = entry.value.name as string
    properties.push([name, describe(schemas[index]!, entry.value.description)])
    if (entry.value.in === 'path' || entry.value.required === true) required.push(name)
  })
  if (body !== null) {
    properties.push(['body', describe(withBinaryFields(schemas[parameters.length]!, body.fields), requestBody!.value.description)])
    if (bodyRequired) required.push('body')
  }
  // Keys in code-unit order, as the record's canonical JSON holds them (see withMember).
  const inputSchema: Record<string, unknown> = {
    ...(Object.keys(defs).length > 0 ? {$defs: defs} : {}),
    additionalProperties: false,
    properties: Object.fromEntries([...properties].sort(([a], [b]) => compareCodeUnits(a, b))),
    required,
    type: 'object',
  }
  return {
    inputSchema,
    parameters: parameters.map((entry) => ({in: entry.value.in as InputParameter['in'], name: entry.value.name as string, required: required.includes(entry.value.name as string)})),
    body: body === null ? null : inputBody(body, 'property', bodyRequired),
    properties: properties.map(([name]) => name),
  }
}

/**
 * The schema of the JSON media type of a `content` map: a media type that is
 * `application/json` or ends in `+json`, parameters aside; of several, the first in
 * UTF-16 code-unit order, so the choice never depends on key order (a cassette's
 * canonical JSON sorts keys) (docs/profile.md#the-input-object, rule 2).
 */
export function jsonContent(content: unknown, pointer: string): JsonContent | null {
  const chosen = firstOf(content, pointer, isJsonMediaType)
  return chosen === null ? null : {contentType: chosen.contentType, schema: chosen.schema}
}

/**
 * The media type a request body is sent as (docs/profile.md#request-bodies): JSON when the
 * body offers it, else `application/x-www-form-urlencoded`, else `multipart/form-data`;
 * within one kind, the first in UTF-16 code-unit order. `report`, when given, hears of a
 * body that offers none of them.
 */
export function requestContent(content: unknown, pointer: string, report?: Report): BodyContent | null {
  const json = firstOf(content, pointer, isJsonMediaType)
  if (json !== null) return {...json, form: null}
  for (const form of FORM_MEDIA_TYPES) {
    const chosen = firstOf(content, pointer, (type) => formMediaType(type) === form)
    if (chosen !== null) return {...chosen, form}
  }
  if (!isObject(content)) return null
  const offered = Object.keys(content).map((type) => `\`${type}\``)
  report?.(
    pointer,
    `The request body offers ${offered.length === 0 ? 'no media type' : `only ${offered.join(', ')}`}; tama-dex sends JSON, \`application/x-www-form-urlencoded\` and \`multipart/form-data\` bodies. Offer one of those, or leave the request body out.`,
  )
  return null
}

function firstOf(content: unknown, pointer: string, accepts: (contentType: string) => boolean): Omit<BodyContent, 'form'> | null {
  if (!isObject(content)) return null
  const contentType = Object.keys(content)
    .filter(accepts)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0]
  if (contentType === undefined) return null
  const media = content[contentType]
  const at = childPointer(pointer, contentType)
  const schema = isObject(media) && Object.hasOwn(media, 'schema') ? {value: media.schema, pointer: childPointer(at, 'schema')} : {value: {}, pointer: at}
  return {contentType, schema, media, pointer: at}
}

/** How a body becomes input: its schema root, its properties when it is an object, and a form's fields. */
interface BodyBinding {
  readonly contentType: string
  readonly schema: SchemaAt
  readonly properties: string[] | null
  readonly fields: FormFields | null
}

/**
 * A JSON body as its document writes it; a form body's object schema (its properties are
 * the form's fields, so it must be one) with the fields' encoding.
 */
function bodyBinding(content: BodyContent, context: Context): BodyBinding | null {
  const target = objectTarget(content.schema, context.resolver)
  if (content.form === null) return {contentType: content.contentType, schema: content.schema, properties: target === null ? null : propertyNames(target), fields: null}
  if (target === null) {
    context.report(content.schema.pointer, `A \`${content.form}\` body's schema must be an object schema (\`type: object\` or \`properties\`): its properties are the form's fields. Describe the fields as properties.`)
    return null
  }
  const properties = isObject(target.value) && isObject(target.value.properties) ? target.value.properties : {}
  const fields = formFields(content.form, content.media, content.pointer, properties, (schema) => refTarget({value: schema, pointer: content.pointer}, context.resolver)?.value, context.report)
  return {contentType: content.contentType, schema: target, properties: propertyNames(target), fields}
}

/** The record's body: a form body adds how its fields are written. */
function inputBody(body: BodyBinding, mode: InputBody['mode'], required: boolean): InputBody {
  return {contentType: body.contentType, ...(body.fields === null ? {} : {encoding: body.fields.encoding}), mode, required}
}

/** The schema with each binary form field's schema replaced by the base64 string an input gives for it. */
function withBinaryFields(schema: JsonSchema, fields: FormFields | null): JsonSchema {
  if (fields === null || fields.binary.length === 0 || typeof schema === 'boolean' || !isObject(schema.properties)) return schema
  const properties: Record<string, unknown> = {...schema.properties}
  for (const {name, many} of fields.binary) {
    const field = properties[name]
    const description = isObject(field) ? field.description : undefined
    properties[name] = many ? {...(typeof description === 'string' ? {description} : {}), items: binaryInput(), type: 'array'} : binaryInput(description)
  }
  return withMember(schema, 'properties', properties)
}

function isJsonMediaType(contentType: string): boolean {
  if (contentType === 'application/json') return true
  const essence = contentType.split(';')[0]!.trim().toLowerCase()
  return essence === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence)
}

function resolveRequestBody(operation: CollectedOperation, context: Context): {pointer: string; value: Record<string, unknown>} | null {
  if (!Object.hasOwn(operation.operation, 'requestBody')) return null
  const target = context.resolver.follow(operation.operation.requestBody, childPointer(operation.pointer, 'requestBody'))
  return 'value' in target && isObject(target.value) ? {pointer: target.pointer, value: target.value} : null
}

/**
 * Each `{name}` of the path template needs a path parameter, and each path parameter a
 * `{name}` (https://spec.openapis.org/oas/v3.1.0#path-templating): without both, an
 * executor cannot build the URL.
 */
function checkPathTemplate(operation: CollectedOperation, parameters: readonly ParameterEntry[], report: Report): void {
  const inPath = new Set(parameters.filter((entry) => entry.value.in === 'path').map((entry) => entry.value.name as string))
  const template = templateNames(operation.path)
  for (const name of template) {
    if (!inPath.has(name)) report(childPointer(operation.pointer, 'parameters'), `The path has {${name}} but the operation has no path parameter named ${quoteJson(name)}. Add one (in: path, required: true).`)
  }
  for (const entry of parameters) {
    if (entry.value.in === 'path' && !template.has(entry.value.name as string)) {
      report(inlinePointer(entry, 'name'), `Path parameter ${quoteJson(entry.value.name)} does not appear in the path ${quoteJson(operation.path)}. Add {${String(entry.value.name)}} to the path, or make it a query parameter.`)
    }
  }
}

/** docs/profile.md#the-input-object, rule 5: one input property per name. */
function checkNames(parameters: readonly ParameterEntry[], body: {pointer: string} | null, report: Report): void {
  const seen = new Map<string, ParameterEntry>()
  for (const entry of parameters) {
    const name = entry.value.name as string
    const first = seen.get(name)
    if (first !== undefined) {
      report(entry.listed, `Parameter ${quoteJson(name)} (in: ${String(entry.value.in)}) has the same name as the parameter at #${first.listed} (in: ${String(first.value.in)}); both would be the input property ${quoteJson(name)}. Rename one, or remove the duplicate.`)
    } else {
      seen.set(name, entry)
    }
  }
  const named = seen.get('body')
  if (body !== null && named !== undefined) {
    report(named.listed, 'A parameter named "body" collides with the request body, which is the input property "body" when the operation has parameters. Rename the parameter.')
  }
}

/** The object schema (`type: object`, or `properties`) a schema is, following `$ref`s; null for any other schema. */
function objectTarget(schema: SchemaAt, resolver: RefResolver): SchemaAt | null {
  const target = refTarget(schema, resolver)
  return target !== null && isObjectSchema(target.value) ? target : null
}

/** The schema a chain of `$ref`s ends at; null when one cannot be followed. */
function refTarget(schema: SchemaAt, resolver: RefResolver): SchemaAt | null {
  let current = schema
  const seen = new Set<string>()
  while (isObject(current.value) && typeof current.value.$ref === 'string' && !seen.has(current.value.$ref)) {
    seen.add(current.value.$ref)
    const target = resolver.resolve(current.value.$ref)
    if ('error' in target) return null
    current = target
  }
  return current
}

function propertyNames(schema: SchemaAt): string[] {
  return isObject(schema.value) && isObject(schema.value.properties) ? Object.keys(schema.value.properties) : []
}

/** A parameter's schema: its `schema`, or the schema of its single `content` entry. */
function parameterSchema(entry: ParameterEntry): SchemaAt {
  if (Object.hasOwn(entry.value, 'schema')) return {value: entry.value.schema, pointer: childPointer(entry.pointer, 'schema')}
  const content = entry.value.content
  if (isObject(content)) {
    const [type] = Object.keys(content)
    const media = type === undefined ? undefined : content[type]
    if (isObject(media) && Object.hasOwn(media, 'schema')) return {value: media.schema, pointer: childPointer(childPointer(childPointer(entry.pointer, 'content'), type!), 'schema')}
  }
  return {value: {}, pointer: entry.pointer}
}

/** The schema with the parameter's or body's description, which says more than the schema's own. */
function describe(schema: JsonSchema, description: unknown): JsonSchema {
  if (typeof description !== 'string' || description === '') return schema
  if (schema === true) return {description}
  if (schema === false) return schema
  // Not an object in a document with problems, which are reported elsewhere.
  return isObject(schema) ? withMember(schema, 'description', description) : {...(schema as object), description}
}

/** Where a problem with a parameter's field belongs: the field when the parameter is inline, else its listing. */
function inlinePointer(entry: ParameterEntry, field: string): string {
  return entry.listed === entry.pointer ? childPointer(entry.pointer, field) : entry.listed
}
