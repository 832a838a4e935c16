import {type IncomingMessage, type ServerResponse, createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {Readable} from 'node:stream'

import type {IndexLender, ToolsIndex} from '../tool-call.js'
import type {ToolServerCaller, ToolServerOptions} from '../tool-server.js'
import {HTTP_LIMITS, type HttpLimits} from './limits.js'
import {isLoopback} from './loopback.js'

/** A caller the host authenticated: their scopes, the context their operations run with, and a name (never a secret). */
export type HttpCaller = ToolServerCaller

/** How serveHttp serves: where, to whom, and within which limits; the tool calls' options but the caller, who comes from `authenticate`. */
export interface ServeHttpOptions extends Omit<ToolServerOptions, 'scopes' | 'context'> {
  /** The address to listen on; default 127.0.0.1 (loopback). */
  readonly host?: string
  /** Default 0: a free port, which `url` then names. */
  readonly port?: number
  /**
   * Who sends this request: the caller, or undefined to refuse it (401). Given the
   * request's method, URL and headers, before its body is read.
   */
  readonly authenticate: (request: Request) => HttpCaller | undefined | Promise<HttpCaller | undefined>
  /** Hostnames of the browser origins allowed to call (no scheme or port); default none: a request with an `Origin` header is refused (403). */
  readonly allowedOrigins?: readonly string[]
  /** Hostnames the `Host` header may name; default the loopback names when listening on loopback, else any. */
  readonly allowedHosts?: readonly string[]
  /** Default HTTP_LIMITS, each overridable. */
  readonly limits?: Partial<HttpLimits>
}

/** A listening server: where it answers, and how to stop it. */
export interface HttpServing {
  /** The MCP endpoint, with the bound port: http://HOST:PORT/mcp. */
  readonly url: URL
  /** Stops listening, ends open requests, and resolves once closed. */
  close(): Promise<void>
}

/** The one path the server answers. */
const MCP_PATH = '/mcp'

/**
 * Serves the search and execute tools over MCP Streamable HTTP at /mcp, on the MCP SDK
 * (loaded only here): 2026-07-28 clients and earlier ones alike statelessly, each request
 * answered by a server built for the caller `authenticate` names. Nothing listens before
 * this is called; resolves once listening. Before any server is built, a request is
 * refused with no word about the index when it is one too many (503), names a path other
 * than /mcp (404), a `Host` or `Origin` not allowed (403, DNS-rebinding protection), has
 * no caller (401), or a body too large (413). Nothing is logged.
 */
export async function serveHttp(index: ToolsIndex | IndexLender, options: ServeHttpOptions): Promise<HttpServing> {
  const limits = readLimits(options.limits)
  if (typeof options.authenticate !== 'function') throw new TypeError('serveHttp needs authenticate(request), returning the caller or undefined to refuse.')
  const host = options.host ?? '127.0.0.1'
  const [sdk, {callerAuthInfo, callerOf, over, toolServerFactory}] = await Promise.all([import('@modelcontextprotocol/server'), import('../tool-server.js')])
  const allowedHosts = options.allowedHosts === undefined ? (isLoopback(host) ? sdk.localhostAllowedHostnames() : undefined) : [...options.allowedHosts]
  const allowedOrigins = [...(options.allowedOrigins ?? [])]
  const tools = toolServerFactory(index, over(options, {scopes: []}))
  // Every request carries its caller (fail closed: none, no scopes).
  const handler = sdk.createMcpHandler(({authInfo}) => tools(callerOf(authInfo) ?? {scopes: []}), {maxRequestBodySize: limits.maxBodyBytes})
  let answering = 0

  const answer = async (request: IncomingMessage, response: ServerResponse, signal: AbortSignal): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== MCP_PATH) return refuse(response, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`)
    if (allowedHosts !== undefined && !sdk.validateHostHeader(request.headers.host, allowedHosts).ok) {
      return refuse(response, 403, 'Forbidden: the Host header names a host this server does not answer for.')
    }
    if (!sdk.validateOriginHeader(request.headers.origin, allowedOrigins).ok) return refuse(response, 403, 'Forbidden: requests from this Origin are not allowed.')
    const headers = webHeaders(request)
    const target = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`)
    let caller: HttpCaller | undefined
    try {
      caller = await options.authenticate(new Request(target, {method: request.method ?? 'GET', headers}))
    } catch {
      return refuse(response, 500, 'Internal error: the request could not be authenticated.')
    }
    if (caller === undefined || caller === null) return refuse(response, 401, 'Unauthorized: send a valid bearer token in the Authorization header.', {'www-authenticate': 'Bearer'})
    const body = await readBody(request, limits.maxBodyBytes)
    if (body === 'too large') return refuse(response, 413, `Payload too large: a request body may be at most ${limits.maxBodyBytes} bytes.`, {connection: 'close'})
    const hasBody = body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD'
    const web = new Request(target, {method: request.method ?? 'GET', headers, signal, ...(hasBody ? {body} : {})})
    const answered = await handler.fetch(web, {authInfo: callerAuthInfo(caller)})
    response.writeHead(answered.status, Object.fromEntries(answered.headers))
    if (answered.body === null) response.end()
    else Readable.fromWeb(answered.body as import('node:stream/web').ReadableStream).on('error', () => response.destroy()).pipe(response)
  }

  const server = createServer((request, response) => {
    if (answering >= limits.maxConcurrentRequests) {
      request.resume()
      return refuse(response, 503, 'Service unavailable: too many requests at once; try again shortly.', {'retry-after': '1'})
    }
    answering++
    const aborted = new AbortController()
    const timer = setTimeout(() => {
      aborted.abort()
      if (response.headersSent) response.destroy()
      else refuse(response, 503, `Service unavailable: the request took longer than ${limits.requestTimeoutMs} ms.`, {connection: 'close'})
    }, limits.requestTimeoutMs)
    response.once('close', () => {
      answering--
      clearTimeout(timer)
      // A client gone before its answer cancels the call.
      if (!response.writableFinished) aborted.abort()
    })
    answer(request, response, aborted.signal).catch(() => {
      if (!response.headersSent) refuse(response, 500, 'Internal error: the request could not be answered.')
      else response.destroy()
    })
  })
  server.requestTimeout = limits.requestTimeoutMs
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const {address, port} = server.address() as AddressInfo
  const url = new URL(`http://${address.includes(':') ? `[${address}]` : address}:${port}${MCP_PATH}`)
  return {
    url,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await handler.close()
      await closed
    },
  }
}

/** The limits given over the defaults, each a positive integer. */
function readLimits(given: Partial<HttpLimits> | undefined): HttpLimits {
  const limits = {...HTTP_LIMITS, ...given}
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`serveHttp limits.${name} must be a positive integer, found ${JSON.stringify(value)}.`)
  }
  return limits
}

function webHeaders(request: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}

/** The request's body, or 'too large' once it passes `limit` bytes (what is left is not read). */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too large'> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return 'too large'
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    bytes += chunk.length
    if (bytes > limit) return 'too large'
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** A refusal as the SDK words its own: a JSON-RPC error without an id, and the status that says it. */
function refuse(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {'content-type': 'application/json', ...headers})
  response.end(JSON.stringify({jsonrpc: '2.0', error: {code: -32000, message}, id: null}))
}
