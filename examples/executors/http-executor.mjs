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
// parameters appended, header parameters sent as headers, and the JSON body built as
// `operation.body.mode` says: 'input' sends the whole input, 'property' sends `input.body`. A 2xx answer resolves
// with its JSON (or text, or null when empty); anything else rejects, so execute reports
// execution_failed with dispatched: true.

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
    const {operation} = call
    const options = /** @type {Partial<HttpExecutorOptions>} */ (call.options)
    if (typeof options.baseUrl !== 'string' || options.baseUrl === '') {
      throw new Error(`no baseUrl option is registered for cassette ${call.cassette}`)
    }
    const headers = new Headers({accept: 'application/json'})
    for (const parameter of operation.parameters) {
      const value = inputValue(input, parameter.name)
      if (parameter.in === 'header' && value !== undefined) headers.set(parameter.name, asText(value))
    }
    // The host's headers (credentials, say) win over anything the caller's input sets.
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
    const body = requestBody(operation, input)
    if (body !== undefined && operation.body) headers.set('content-type', operation.body.contentType)
    const method = operation.method.toUpperCase()
    const response = await fetch(requestUrl(options.baseUrl, operation, input), {method, headers, body, signal: call.signal})
    const text = await response.text()
    if (!response.ok) {
      // Name the path template, not the URL: a base URL may carry credentials.
      const detail = text === '' ? '' : `: ${text.slice(0, 300)}`
      throw new Error(`HTTP ${response.status} ${response.statusText} from ${method} ${operation.path}${detail}`)
    }
    if (text === '') return null
    return /[/+]json\b/i.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text
  },
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
  if (url.pathname !== expected) throw new Error(`the path parameters of ${operation.path} would change which path is called; nothing was sent`)
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
    if (value === undefined) throw new Error(`path parameter ${name} is missing from the input`)
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
  return new Error(`path parameter ${names.join(', ')} is empty or a dot-segment (. or ..), which would change which path is called; nothing was sent`)
}

/**
 * @param {ExecutorCall['operation']} operation
 * @param {Record<string, unknown>} input
 * @returns {string | undefined}
 */
function requestBody(operation, input) {
  if (operation.body === null) return undefined
  const body = operation.body.mode === 'input' ? input : input.body
  return body === undefined ? undefined : JSON.stringify(body)
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
