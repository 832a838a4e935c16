import {type IncomingMessage, type Server, type ServerResponse, createServer} from 'node:http'
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
  const tools = toolServerFactory(index, over(options, {scopes: []}))
  // Every request carries its caller (fail closed: none, no scopes).
  const handler = sdk.createMcpHandler(({authInfo}) => tools(callerOf(authInfo) ?? {scopes: []}), {maxRequestBodySize: limits.maxBodyBytes})
  const gate: RequestGate = {
    limits,
    authenticate: options.authenticate,
    allowedHosts: options.allowedHosts === undefined ? (isLoopback(host) ? sdk.localhostAllowedHostnames() : undefined) : [...options.allowedHosts],
    allowedOrigins: [...(options.allowedOrigins ?? [])],
    validateHostHeader: sdk.validateHostHeader,
    validateOriginHeader: sdk.validateOriginHeader,
    async answer(request, caller, parsedBody) {
      const authInfo = callerAuthInfo(caller)
      if (parsedBody === undefined) return handler.fetch(request, {authInfo})
      if (request.method === 'POST' && (await sdk.isLegacyRequest(request, parsedBody))) return answerLegacyInJson(sdk, tools(caller), request, authInfo, parsedBody)
      return handler.fetch(request, {authInfo, parsedBody})
    },
  }
  const server = createServer(boundedListener(limits, (request, response, signal) => answerRequest(gate, request, response, signal)))
  server.requestTimeout = limits.requestTimeoutMs
  const url = await listen(server, options.port ?? 0, host)
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

/**
 * A 2025-era POST answered statelessly as the SDK's own fallback does, but in one JSON
 * body rather than an event stream: nothing of ours speaks mid-call on that revision
 * (the user's confirmation refuses there), and an event stream costs both ends a stream,
 * its framing and its parse per call (docs/mcp.md, "Performance").
 */
async function answerLegacyInJson(sdk: typeof import('@modelcontextprotocol/server'), server: import('@modelcontextprotocol/server').Server, request: Request, authInfo: import('@modelcontextprotocol/server').AuthInfo, parsedBody: unknown): Promise<Response> {
  const transport = new sdk.WebStandardStreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true})
  await server.connect(transport)
  const answered = transport.handleRequest(request, {authInfo, parsedBody})
  // Closed once answered, while the answer is written rather than before.
  void answered.finally(() => server.close()).catch(() => {})
  return answered
}

/** What a request passes before the SDK answers it, and what answers it then. */
interface RequestGate {
  readonly limits: HttpLimits
  readonly authenticate: ServeHttpOptions['authenticate']
  readonly allowedHosts: string[] | undefined
  readonly allowedOrigins: string[]
  readonly validateHostHeader: (header: string | undefined, allowed: string[]) => {ok: boolean}
  readonly validateOriginHeader: (header: string | undefined, allowed: string[]) => {ok: boolean}
  readonly answer: (request: Request, caller: HttpCaller, parsedBody: unknown) => Promise<Response>
}

/** Refuses what `gate` does not let through, in the order serveHttp gives, and writes the SDK's answer to the rest. */
async function answerRequest(gate: RequestGate, request: IncomingMessage, response: ServerResponse, signal: AbortSignal): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost')
  if (url.pathname !== MCP_PATH) return refuse(response, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`)
  if (gate.allowedHosts !== undefined && !gate.validateHostHeader(request.headers.host, gate.allowedHosts).ok) {
    return refuse(response, 403, 'Forbidden: the Host header names a host this server does not answer for.')
  }
  if (!gate.validateOriginHeader(request.headers.origin, gate.allowedOrigins).ok) return refuse(response, 403, 'Forbidden: requests from this Origin are not allowed.')
  const headers = webHeaders(request)
  const target = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`)
  const method = request.method ?? 'GET'
  // One Request, without its body, for the host and then the SDK, which reads the body as parsed here.
  const bodiless = new Request(target, {method, headers, signal})
  let caller: HttpCaller | undefined
  try {
    caller = await gate.authenticate(bodiless)
  } catch {
    return refuse(response, 500, 'Internal error: the request could not be authenticated.')
  }
  if (caller === undefined || caller === null) return refuse(response, 401, 'Unauthorized: send a valid bearer token in the Authorization header.', {'www-authenticate': 'Bearer'})
  const {maxBodyBytes} = gate.limits
  const body = await readBody(request, maxBodyBytes)
  if (body === 'too large') return refuse(response, 413, `Payload too large: a request body may be at most ${maxBodyBytes} bytes.`, {connection: 'close'})
  const hasBody = body.length > 0 && method !== 'GET' && method !== 'HEAD'
  const parsedBody = hasBody ? parsedJson(body) : undefined
  // A body that is not JSON goes to the SDK as it came, for the SDK to answer.
  const forwarded = hasBody && parsedBody === undefined ? new Request(target, {method, headers, signal, body}) : bodiless
  const answered = await gate.answer(forwarded, caller, parsedBody)
  response.writeHead(answered.status, Object.fromEntries(answered.headers))
  if (answered.body === null) response.end()
  // A JSON answer is whole once ready: one write, where piping its stream costs a write per chunk.
  else if (answered.headers.get('content-type')?.startsWith('application/json')) response.end(Buffer.from(await answered.arrayBuffer()))
  else Readable.fromWeb(answered.body as import('node:stream/web').ReadableStream).on('error', () => response.destroy()).pipe(response)
}

/** The body parsed, so the SDK neither copies nor reads it again; undefined when it is not JSON, which the SDK then answers itself. */
function parsedJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
}

/**
 * A request listener that runs `answer` within `limits`: at most so many requests at
 * once (503 past it), each cancelled and answered 503 once its time is up, or cut when
 * its answer has begun; a client gone before its answer cancels the call.
 */
function boundedListener(limits: HttpLimits, answer: (request: IncomingMessage, response: ServerResponse, signal: AbortSignal) => Promise<void>) {
  let answering = 0
  return (request: IncomingMessage, response: ServerResponse): void => {
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
      if (!response.writableFinished) aborted.abort()
    })
    answer(request, response, aborted.signal).catch(() => {
      if (!response.headersSent) refuse(response, 500, 'Internal error: the request could not be answered.')
      else response.destroy()
    })
  }
}

/** Listens on `host`:`port` and resolves with the MCP endpoint's URL, the bound port in it. */
async function listen(server: Server, port: number, host: string): Promise<URL> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const {address, port: bound} = server.address() as AddressInfo
  return new URL(`http://${address.includes(':') ? `[${address}]` : address}:${bound}${MCP_PATH}`)
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
