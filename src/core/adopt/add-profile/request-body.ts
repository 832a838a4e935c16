import {type BodyContent, formFields, isObjectSchema, requestContent} from '../../profile/index.js'
import {childPointer, isObject} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {RefResolver} from '../../openapi/index.js'
import type {OperationSite} from './operation-sites.js'

// Media ranges that accept JSON among anything else.
const ACCEPTS_JSON = new Set(['*/*', 'application/*'])

/**
 * Keeps a request body only in a form a profile input carries (docs/profile.md#request-bodies):
 * JSON, `application/x-www-form-urlencoded` or `multipart/form-data`. A body that accepts
 * any media type (`*\/*`, `application/*`) and offers no JSON is offered as
 * `application/json`. Any other body (octet streams, text), or a form body tama-dex cannot
 * write (a schema that is not an object, an encoding it does not support), is dropped with
 * a warning, the operation kept: sending it otherwise would change what the API receives.
 * https://spec.openapis.org/oas/v3.1.0#request-body-object
 */
export function adoptRequestBody(site: OperationSite, refs: RefResolver, warnings: AdoptWarnings): void {
  const declared = site.operation.requestBody
  if (declared === undefined) return
  const pointer = childPointer(site.pointer, 'requestBody')
  const operation = site.operation.operationId as string
  const body = refs.followToObject(declared)
  const content = body?.content
  if (body === undefined || !isObject(content) || Object.keys(content).length === 0) {
    warnings.add('request-body-dropped', pointer, 'the request body has no content', 'it was dropped.', operation)
    delete site.operation.requestBody
    return
  }
  const mediaTypes = Object.keys(content)
  const chosen = requestContent(content, pointer)
  if (chosen !== null && chosen.form === null) return
  const wildcard = mediaTypes.find((mediaType) => ACCEPTS_JSON.has(mediaType.split(';', 1)[0]!.trim()))
  if (wildcard !== undefined) {
    body.content = Object.fromEntries(Object.entries(content).map(([mediaType, value]) => [mediaType === wildcard ? 'application/json' : mediaType, value]))
    return
  }
  const required = body.required === true ? ' although the API requires one' : ''
  if (chosen === null) {
    warnings.add(
      'request-body-dropped',
      pointer,
      `the request body is ${mediaTypes.join(', ')}, where a profile input carries JSON and form bodies only`,
      `it was dropped, so this operation is called without a body${required}.`,
      operation,
    )
    delete site.operation.requestBody
    return
  }
  const problem = formProblem(chosen, refs)
  if (problem === null) return
  warnings.add('request-body-dropped', pointer, `the request body (${chosen.contentType}) cannot be sent as a form: ${problem.replace(/\.$/, '')}`, `it was dropped, so this operation is called without a body${required}.`, operation)
  delete site.operation.requestBody
}

/** The first reason the profile would refuse a form body, or null. */
function formProblem(chosen: BodyContent, refs: RefResolver): string | null {
  const schema = refs.followToObject(chosen.schema.value)
  if (!isObjectSchema(schema)) return 'its schema is not an object schema, whose properties would be the form\'s fields.'
  const problems: string[] = []
  const properties = isObject(schema.properties) ? schema.properties : {}
  formFields(chosen.form!, chosen.media, chosen.pointer, properties, (value) => refs.followToObject(value) ?? value, (_pointer, message) => problems.push(message))
  return problems[0] ?? null
}
