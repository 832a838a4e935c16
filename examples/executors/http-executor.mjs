// An executor that runs tama-operations/1 operations against an HTTP API with fetch.
// Copy it into a host and adapt it: it is plain JavaScript on purpose.
//
// Register it per cassette with the API's base URL and any fixed headers:
//
//   import {httpExecutor} from './http-executor.mjs'
//   export const executors = {
//     incus: {executor: httpExecutor, options: {baseUrl: 'https://incus.example.net:8443', headers: {authorization: 'Bearer …'}}},
//   }
//
// Path parameters are substituted, URL-encoded (a value that would change which path is
// called, such as `..` or an empty one, is refused before anything is sent), query
// parameters appended, header parameters sent as headers, and the body built as
// `operation.body.mode` says: 'input' sends the whole input, 'property' sends `input.body`,
// written as `operation.body.contentType` says: JSON, or a form (application/x-www-form-urlencoded
// or multipart/form-data) whose fields are written as `operation.body.encoding` says. A 2xx
// answer resolves with its JSON (or text, or null when empty); anything else rejects, so
// execute reports execution_failed with dispatched: true. Whatever fails while the request
// is built, before fetch is called, rejects with a NotSentError: execute then reports
// execution_failed with dispatched: false.

import {Buffer} from 'node:buffer'
import {randomUUID} from 'node:crypto'
import {NotSentError} from 'tama-dex'

/**
 * @typedef {import('tama-dex').Executor} Executor
 * @typedef {import('tama-dex').ExecutorCall} ExecutorCall
 * @typedef {{baseUrl: string, headers?: Record<string, string>}} HttpExecutorOptions
 */

/** @type {Executor} */
export const httpExecutor = {
  /**
   * @param {ExecutorCall} call
   * @param {Record<string, unknown>} input
   */
  async execute(call, input) {
    const request = beforeSending(() => buildRequest(call, input))
    const response = await fetch(request, {signal: call.signal})
    const text = await response.text()
    if (!response.ok) {
      // Name the path template, not the URL: a base URL may carry credentials.
      const detail = text === '' ? '' : `: ${text.slice(0, 300)}`
      throw new Error(`HTTP ${response.status} ${response.statusText} from ${request.method} ${call.operation.path}${detail}`)
    }
    if (text === '') return null
    return /[/+]json\b/i.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text
  },
}

/**
 * What `build` returns, or a NotSentError saying why the request could not be built:
 * nothing was sent.
 *
 * @template T
 * @param {() => T} build
 * @returns {T}
 */
function beforeSending(build) {
  try {
    return build()
  } catch (error) {
    // What the platform throws may quote a header value or a base URL with its credentials.
    const why = error instanceof Refusal ? error.message : 'fetch cannot build the request: a header value, the method or the base URL is not valid'
    throw new NotSentError(`${why}; nothing was sent`, {cause: error})
  }
}

/** A request this executor will not build, with a message safe to show the caller. */
class Refusal extends Error {}

/**
 * The whole request, built as a Request so that everything fetch would refuse (a header
 * value with a line break, a base URL with credentials in it) is refused here, unsent.
 *
 * @param {ExecutorCall} call
 * @param {Record<string, unknown>} input
 */
function buildRequest(call, input) {
  const {operation} = call
  const options = /** @type {Partial<HttpExecutorOptions>} */ (call.options)
  if (typeof options.baseUrl !== 'string' || options.baseUrl === '') {
    throw new Refusal(`no baseUrl option is registered for cassette ${call.cassette}`)
  }
  const headers = new Headers({accept: 'application/json'})
  for (const parameter of operation.parameters) {
    const value = inputValue(input, parameter.name)
    if (parameter.in === 'header' && value !== undefined) headers.set(parameter.name, asText(value))
  }
  // The host's headers (credentials, say) win over anything the caller's input sets.
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
  const {body, contentType} = requestBody(operation, input) ?? {}
  if (contentType !== undefined) headers.set('content-type', contentType)
  return new Request(requestUrl(options.baseUrl, operation, input), {method: operation.method.toUpperCase(), headers, body})
}

/**
 * @param {string} baseUrl
 * @param {ExecutorCall['operation']} operation
 * @param {Record<string, unknown>} input
 */
function requestUrl(baseUrl, operation, input) {
  const url = new URL(baseUrl)
  // A path key may carry a fixed query string (`/1.0/instances?recursion=1`): keep it as the query.
  const [template = '', fixedQuery = ''] = operation.path.split('?', 2)
  const path = template
    .split('/')
    .map((segment) => pathSegment(segment, input))
    .join('/')
  const expected = `${url.pathname.replace(/\/$/, '')}${path}`
  url.pathname = expected
  // URL parsing normalises a path; one that changed here would call another operation.
  if (url.pathname !== expected) throw new Refusal(`the path ${operation.path} with its parameters would change which path is called`)
  url.search = fixedQuery
  for (const parameter of operation.parameters) {
    const value = inputValue(input, parameter.name)
    if (parameter.in !== 'query' || value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(parameter.name, asText(item))
  }
  return url
}

/**
 * One segment of a path template with its parameters substituted and URL-encoded. A value
 * that would make the segment empty, `.` or `..` (URL parsing drops or climbs those:
 * `/snapshots/..` is the instance itself), or that holds a `.` or `..` between slashes
 * (a server that decodes `%2F` before routing would climb), is refused before anything is
 * sent: no encoding keeps such a value from changing which path is called.
 *
 * @param {string} segment
 * @param {Record<string, unknown>} input
 */
function pathSegment(segment, input) {
  /** @type {string[]} */
  const names = []
  const filled = segment.replaceAll(/\{([^}]+)\}/g, (_match, name) => {
    const value = inputValue(input, name)
    if (value === undefined) throw new Refusal(`path parameter ${name} is missing from the input`)
    const text = asText(value)
    if (text.split(/[/\\]/).some((piece) => piece === '.' || piece === '..')) throw refusedSegment([name])
    names.push(name)
    return encodeURIComponent(text)
  })
  if (names.length > 0 && (filled === '' || filled === '.' || filled === '..')) throw refusedSegment(names)
  return filled
}

/** @param {string[]} names */
function refusedSegment(names) {
  return new Refusal(`path parameter ${names.join(', ')} is empty or a dot-segment (. or ..), which would change which path is called`)
}

/**
 * The body and its content type, or undefined when nothing is sent (no body in the input,
 * or a form without fields).
 *
 * @param {ExecutorCall['operation']} operation
 * @param {Record<string, unknown>} input
 * @returns {{body: string | Uint8Array, contentType: string} | undefined}
 */
function requestBody(operation, input) {
  if (operation.body === null) return undefined
  const value = operation.body.mode === 'input' ? input : inputValue(input, 'body')
  if (value === undefined) return undefined
  const {contentType} = operation.body
  const essence = contentType.split(';', 1)[0].trim().toLowerCase()
  if (essence !== FORM && essence !== MULTIPART) return {body: JSON.stringify(value), contentType}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refusal(`the body of ${operation.path} must be an object of form fields`)
  const encoding = operation.body.encoding ?? {}
  // Own entries only: a field named `constructor` is written the default way, like any other.
  /** @param {string} name */
  const fieldOf = (name) => (Object.hasOwn(encoding, name) ? encoding[name] : DEFAULT_FIELD)
  const fields = Object.entries(value).filter(([, field]) => field !== null)
  if (essence === FORM) {
    const pairs = fields.flatMap(([name, field]) => formPairs(name, field, fieldOf(name)))
    return pairs.length === 0 ? undefined : {body: new URLSearchParams(pairs).toString(), contentType}
  }
  const parts = fields.flatMap(([name, field]) => multipartParts(name, field, fieldOf(name)))
  if (parts.length === 0) return undefined
  const boundary = `tama-dex-${randomUUID()}`
  return {body: multipartBody(parts, boundary), contentType: `multipart/form-data; boundary=${boundary}`}
}

const FORM = 'application/x-www-form-urlencoded'
const MULTIPART = 'multipart/form-data'
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
/** What a part's media type may hold: printable ASCII, so it cannot end the header line. */
const HEADER_TEXT = /^[\x20-\x7e]*$/
/** How a field the record does not list is written (OpenAPI's default: style form, explode). */
const DEFAULT_FIELD = {style: 'form', explode: true, contentType: null, binary: false}

/**
 * A field as name=value pairs (https://spec.openapis.org/oas/v3.1.0#style-examples), null
 * values left out. Style deepObject writes nested objects and arrays in brackets, arrays by
 * index, as Stripe reads them: `metadata[key]=v`, `items[0][price]=x`. Style form writes an
 * array as `name=a&name=b` (explode) or `name=a,b`, an object as `key=v` pairs (explode) or
 * `name=key,v`; a value nested deeper as JSON text.
 *
 * @param {string} name
 * @param {unknown} value
 * @param {{style: string, explode: boolean}} field
 * @returns {Array<[string, string]>}
 */
function formPairs(name, value, field) {
  if (value === null) return []
  if (field.style === 'deepObject') {
    if (typeof value !== 'object') return [[name, asText(value)]]
    return Object.entries(value).flatMap(([key, item]) => formPairs(`${name}[${key}]`, item, field))
  }
  const items = Array.isArray(value) ? value.filter((item) => item !== null) : null
  if (items !== null) return field.explode ? items.map((item) => [name, asText(item)]) : [[name, items.map(asText).join(',')]]
  if (typeof value !== 'object') return [[name, asText(value)]]
  const entries = Object.entries(value).filter(([, item]) => item !== null)
  return field.explode ? entries.map(([key, item]) => [key, asText(item)]) : [[name, entries.flatMap(([key, item]) => [key, asText(item)]).join(',')]]
}

/**
 * A field as multipart parts (https://spec.openapis.org/oas/v3.1.0#special-considerations-for-multipart-content):
 * a binary field's base64 decoded into a file part (one per array item), a field with a
 * media type as one part of that type, style deepObject as one text part per bracketed
 * name, an array as one part per item, an object as a JSON part, anything else as text.
 *
 * @param {string} name
 * @param {unknown} value
 * @param {{style: string, explode: boolean, contentType: string | null, binary: boolean}} field
 * @returns {Array<{name: string, filename?: string, contentType?: string, content: string | Uint8Array}>}
 */
function multipartParts(name, value, field) {
  if (field.binary) {
    const files = Array.isArray(value) ? value : [value]
    return files.map((file) => {
      // Buffer.from skips what is not base64; a mistyped file must not be sent as other bytes.
      if (typeof file !== 'string' || !BASE64.test(file)) throw new Refusal(`form field ${name} is not base64`)
      return {name, filename: name, contentType: field.contentType ?? 'application/octet-stream', content: Buffer.from(file, 'base64')}
    })
  }
  if (field.contentType !== null) {
    const json = /[/+]json\b/i.test(field.contentType)
    return [{name, contentType: field.contentType, content: json ? JSON.stringify(value) : asText(value)}]
  }
  if (field.style === 'deepObject') return formPairs(name, value, field).map(([key, text]) => ({name: key, content: text}))
  if (Array.isArray(value)) return value.filter((item) => item !== null).map((item) => ({name, content: asText(item)}))
  if (typeof value === 'object' && value !== null) return [{name, contentType: 'application/json', content: JSON.stringify(value)}]
  return [{name, content: asText(value)}]
}

/**
 * The multipart/form-data body (RFC 7578): each part's name (and file name) quoted with `"`,
 * CR and LF percent-encoded as browsers do; a part without a media type is text/plain.
 *
 * @param {Array<{name: string, filename?: string, contentType?: string, content: string | Uint8Array}>} parts
 * @param {string} boundary
 */
function multipartBody(parts, boundary) {
  /** @param {string} text */
  const quoted = (text) => `"${text.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')}"`
  const chunks = []
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}`
    if (part.filename !== undefined) head += `; filename=${quoted(part.filename)}`
    if (part.contentType !== undefined) {
      if (!HEADER_TEXT.test(part.contentType)) throw new Refusal(`the media type of form field ${part.name} is not printable text`)
      head += `\r\nContent-Type: ${part.contentType}`
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return new Uint8Array(Buffer.concat(chunks))
}

/**
 * The input's own value for a parameter: a name such as `constructor` or `__proto__` is
 * data, never a lookup into what every object inherits.
 *
 * @param {Record<string, unknown>} input
 * @param {string} name
 */
function inputValue(input, name) {
  return Object.hasOwn(input, name) ? input[name] : undefined
}

/** @param {unknown} value */
function asText(value) {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value)
}
