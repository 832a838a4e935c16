import {jsonContent} from '../../profile/index.js'
import {childPointer, isObject} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {InternalRefs} from '../internal-refs.js'
import type {OperationSite} from './operation-sites.js'

// Media ranges that accept JSON among anything else.
const ACCEPTS_JSON = new Set(['*/*', 'application/*'])

/**
 * Keeps a request body only in a form a profile input carries: JSON (rule 2 of
 * docs/profile.md#the-input-object). A body that accepts any media type (`*\/*`,
 * `application/*`) is offered as `application/json`; a body with no JSON media type
 * (form data, octet streams, text) is dropped with a warning, the operation kept:
 * sending such a body as JSON would change what the API receives.
 * https://spec.openapis.org/oas/v3.1.0#request-body-object
 */
export function adoptRequestBody(site: OperationSite, refs: InternalRefs, warnings: AdoptWarnings): void {
  const declared = site.operation.requestBody
  if (declared === undefined) return
  const pointer = childPointer(site.pointer, 'requestBody')
  const operation = site.operation.operationId as string
  const body = refs.follow(declared)
  const content = body?.content
  if (body === undefined || !isObject(content) || Object.keys(content).length === 0) {
    warnings.add('request-body-dropped', pointer, 'a request body without content was dropped.', operation)
    delete site.operation.requestBody
    return
  }
  const mediaTypes = Object.keys(content)
  if (jsonContent(content, pointer) !== null) return
  const wildcard = mediaTypes.find((mediaType) => ACCEPTS_JSON.has(mediaType.split(';', 1)[0]!.trim()))
  if (wildcard !== undefined) {
    body.content = Object.fromEntries(Object.entries(content).map(([mediaType, value]) => [mediaType === wildcard ? 'application/json' : mediaType, value]))
    return
  }
  const required = body.required === true ? ' although the API requires one' : ''
  warnings.add(
    'request-body-dropped',
    pointer,
    `the request body (${mediaTypes.join(', ')}) was dropped: a profile input carries JSON bodies only, so this operation is called without a body${required}.`,
    operation,
  )
  delete site.operation.requestBody
}
