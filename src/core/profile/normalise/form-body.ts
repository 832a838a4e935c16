import {childPointer, isObject, quoteJson} from '../../json/index.js'
import type {FormField, JsonSchema} from '../operation-record.js'

type Report = (pointer: string, message: string) => void

/** The form media types a request body may offer, in the order one is preferred (after JSON). */
export const FORM_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const
export type FormMediaType = (typeof FORM_MEDIA_TYPES)[number]

/** A form body's fields as the record carries them, and which of them are file parts. */
export interface FormFields {
  readonly encoding: Readonly<Record<string, FormField>>
  /** Fields whose input is base64 (multipart only), `many` for an array of files: their schema becomes binaryInput's. */
  readonly binary: ReadonlyArray<{readonly name: string; readonly many: boolean}>
}

/** A media type a part may be sent as: `type/subtype` with parameters, HTTP tokens only, so it cannot break a part's header. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
export const PART_MEDIA_TYPE = new RegExp(String.raw`^${TOKEN}/${TOKEN}(?: *; *${TOKEN}=(?:${TOKEN}|"[^"\\\r\n]*"))*$`)

const DEFAULT_FIELD: FormField = Object.freeze({binary: false, contentType: null, explode: true, style: 'form'})

/** The input schema of a binary part: its bytes as base64 (docs/profile.md#request-bodies). */
export function binaryInput(description?: unknown): JsonSchema {
  return typeof description === 'string' && description !== ''
    ? {contentEncoding: 'base64', description, type: 'string'}
    : {contentEncoding: 'base64', type: 'string'}
}

/**
 * The media type essence (`type/subtype`, lower case, parameters aside) when it is a form
 * type, else null.
 */
export function formMediaType(contentType: string): FormMediaType | null {
  const essence = contentType.split(';', 1)[0]!.trim().toLowerCase()
  return FORM_MEDIA_TYPES.find((type) => type === essence) ?? null
}

/**
 * Reads a form body's Encoding Objects into the record's `encoding`, reporting what tama-dex
 * does not write: `spaceDelimited` and `pipeDelimited`, `deepObject` without `explode`,
 * `allowReserved: true`, part `headers`, and an encoding for a field the schema does not
 * have. `style` applies to multipart parts too, as OpenAPI 3.1 says (3.0 ignores it there,
 * but Stripe's 3.0 description relies on it). A multipart field is binary when its schema,
 * or its array's `items`, has `format: binary` or a `contentMediaType` without a
 * `contentEncoding`.
 * https://spec.openapis.org/oas/v3.1.0#encoding-object
 * https://spec.openapis.org/oas/v3.1.0#special-considerations-for-multipart-content
 */
export function formFields(
  form: FormMediaType,
  media: unknown,
  mediaPointer: string,
  properties: Readonly<Record<string, unknown>>,
  follow: (schema: unknown) => unknown,
  report: Report,
): FormFields {
  const multipart = form === 'multipart/form-data'
  const declared = isObject(media) && isObject(media.encoding) ? media.encoding : {}
  const encoding: Record<string, FormField> = {}
  const binary: Array<{name: string; many: boolean}> = []
  for (const name of Object.keys(properties).sort()) {
    const schema = follow(properties[name])
    const many = multipart && isObject(schema) && isBinarySchema(follow(schema.items))
    const isBinary = many || (multipart && isBinarySchema(schema))
    if (isBinary) binary.push({name, many})
    const given = declared[name]
    const at = childPointer(childPointer(mediaPointer, 'encoding'), name)
    const field = isObject(given) ? readEncoding(given, at, multipart, report) : DEFAULT_FIELD
    const contentType = field.contentType ?? (isBinary ? mediaTypeOf(schema, follow) : null)
    const written: FormField = {binary: isBinary, contentType, explode: field.explode, style: field.style}
    if (written.style !== 'form' || !written.explode || written.contentType !== null || written.binary) encoding[name] = written
  }
  for (const name of Object.keys(declared)) {
    if (!Object.hasOwn(properties, name)) {
      report(childPointer(childPointer(mediaPointer, 'encoding'), name), `The encoding names field ${quoteJson(name)}, which the body schema has no property for. Remove the entry, or add the property.`)
    }
  }
  return {encoding, binary}
}

function readEncoding(given: Record<string, unknown>, at: string, multipart: boolean, report: Report): FormField {
  const style = given.style ?? 'form'
  if (style !== 'form' && style !== 'deepObject') {
    report(childPointer(at, 'style'), `Style ${quoteJson(style)} is not supported for form fields: tama-dex writes \`form\` and \`deepObject\`. Use one of those, or leave the style out.`)
  }
  // OpenAPI defaults explode to false for deepObject, a pairing it leaves undefined; written
  // without explode, deepObject is read as documents mean it, with explode.
  const explode = typeof given.explode === 'boolean' ? given.explode : true
  if (style === 'deepObject' && !explode) report(childPointer(at, 'explode'), 'Style `deepObject` is defined only with `explode: true`. Set it to true, or leave it out.')
  if (given.allowReserved === true) report(childPointer(at, 'allowReserved'), '`allowReserved: true` is not supported: tama-dex percent-encodes every reserved character. Remove it.')
  if (multipart && isObject(given.headers) && Object.keys(given.headers).length > 0) {
    report(childPointer(at, 'headers'), 'Part headers are not supported: a part carries only its name, file name and media type. Remove `headers`.')
  }
  // An explicit style overrides contentType (OpenAPI 3.1); a list of media types
  // ("image/png, image/jpeg") is sent as its first, and a range names no one type to send.
  const listed = multipart && given.style === undefined && typeof given.contentType === 'string' ? given.contentType.split(',', 1)[0]!.trim() : ''
  const contentType = listed === '' || listed.includes('*') ? null : listed
  if (contentType !== null && !PART_MEDIA_TYPE.test(contentType)) {
    report(childPointer(at, 'contentType'), `${quoteJson(contentType)} is not a media type a part can be sent as. Write \`type/subtype\`, such as \`image/png\`.`)
  }
  return {binary: false, contentType, explode, style: style === 'deepObject' ? 'deepObject' : 'form'}
}

function isBinarySchema(schema: unknown): boolean {
  if (!isObject(schema)) return false
  return schema.format === 'binary' || (typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined)
}

function mediaTypeOf(schema: unknown, follow: (schema: unknown) => unknown): string | null {
  const file = isObject(schema) && schema.type === 'array' ? follow(schema.items) : schema
  return isObject(file) && typeof file.contentMediaType === 'string' && !file.contentMediaType.includes('*') && PART_MEDIA_TYPE.test(file.contentMediaType) ? file.contentMediaType : null
}

/** An object schema: `type: object`, or `properties` without a `type`. */
export function isObjectSchema(value: unknown): value is Record<string, unknown> {
  return isObject(value) && (value.type === 'object' || (value.type === undefined && isObject(value.properties)))
}
