import {randomBytes} from 'node:crypto'

import {type AuthInfo, type CallToolResult, type ServerContext, type InputRequiredResult, type ListToolsResult, ProtocolError, ProtocolErrorCode, Server, createRequestStateCodec} from '@modelcontextprotocol/server'

import {isTamaError} from '../errors/index.js'
import {SERVER_CAPABILITIES, type ServerInfo, TAMA_DEX_SERVER_INFO, TOOLS_LIST_CACHE, TOOLS_LIST_TTL_MS} from './revisions/index.js'
import {type IndexLender, type ToolCallOptions, type ToolsIndex, callTool} from './tool-call.js'
import type {Caller} from './tool-index.js'
import {ListedTools} from './listed-tools.js'
import {type ConfirmedCall, executeConfirmedByUser} from './user-confirmation.js'

/** Who confirms destructive and confirmation-ruled operations: the agent with `confirm` (default), or the user, asked through the protocol. */
export type ConfirmBy = 'agent' | 'user'

/** How a tool server answers: the tool calls' options, as which server, and who confirms. */
export interface ToolServerOptions extends ToolCallOptions {
  /** Default: name tama-dex, this package's version. */
  readonly serverInfo?: ServerInfo
  /** Default agent. */
  readonly confirmBy?: ConfirmBy
}

/**
 * Builds one MCP SDK server per connection (or per request), as the SDK's transports ask
 * for one, for `caller` when given (a caller authenticated by the transport, such as an
 * HTTP request's), else for the options' own scopes and context.
 */
export type ToolServerFactory = (caller?: ToolServerCaller) => Server

/** Who one server answers: their scopes, context, and the name a confirmation round is bound to. */
export interface ToolServerCaller extends Caller {
  readonly name?: string
}

/**
 * The MCP server of the two tools, transport-free: any transport (stdio, Streamable HTTP)
 * connects the servers it builds. Every server built lists exactly search and execute,
 * execute annotated by what the caller reaches, with `ttlMs` and `cacheScope: "private"`
 * on 2026-07-28 (answers depend on the caller's scopes), and answers tools/call through
 * callTool; in a lasting session (`sessions`) it says when that list has changed. The
 * factory holds what must outlive one server: the key that seals a user-confirmation
 * round to the call it confirms.
 */
export function toolServerFactory(index: ToolsIndex | IndexLender, options: ToolServerOptions, sessions: ServerSessions = REQUEST_SESSIONS): ToolServerFactory {
  const serverInfo = options.serverInfo ?? TAMA_DEX_SERVER_INFO
  const confirmBy = options.confirmBy ?? 'agent'
  if (confirmBy !== 'agent' && confirmBy !== 'user') throw new TypeError(`confirmBy must be "agent" or "user", found ${JSON.stringify(confirmBy)}.`)
  // A round of user confirmation comes back through the client: sealed, it cannot be forged or moved to another call.
  // Bound to the caller too, so one caller cannot replay another's round.
  const rounds = confirmBy === 'user' ? createRequestStateCodec<ConfirmedCall>({key: randomBytes(32), bind: callerBinding}) : undefined
  return (caller) => {
    const callOptions: ToolCallOptions = caller === undefined ? options : over(options, {scopes: caller.scopes, ...(caller.context === undefined ? {} : {context: caller.context})})
    const server = new Server(
      {name: serverInfo.name, version: serverInfo.version},
      {
        capabilities: sessions.lasting ? SERVER_CAPABILITIES : REQUEST_CAPABILITIES,
        cacheHints: {'tools/list': TOOLS_LIST_CACHE},
        ...(rounds === undefined ? {} : {requestState: {verify: rounds.verify}}),
      },
    )
    const listed = new ListedTools(index, callOptions, sessions.recheckMs)
    // Frozen plain data, listed as they are, execute annotated for this caller.
    server.setRequestHandler('tools/list', async () => ({tools: (await listed.list()) as unknown as ListToolsResult['tools']}))
    server.setRequestHandler('tools/call', async ({params}, ctx): Promise<CallToolResult | InputRequiredResult> => {
      try {
        if (rounds !== undefined && params.name === 'execute') {
          return {...(await executeConfirmedByUser(index, params.arguments ?? {}, callOptions, {server, ctx, rounds}))}
        }
        return {...(await callTool(index, params.name, params.arguments ?? {}, callOptions, {signal: ctx.mcpReq.signal}))}
      } catch (error) {
        if (isTamaError(error) && error.kind === 'usage') throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message)
        throw error
      } finally {
        // A session that lasts hears when what it listed changed (a cassette installed or removed), after the call that noticed.
        if (sessions.lasting) void tellListChanged(server, listed)
      }
    })
    return server
  }
}

/**
 * Whether a transport's servers last a session (stdio), or each answers one request
 * (HTTP); and how long a session trusts the list it gave before asking the index again.
 */
export interface ServerSessions {
  readonly lasting: boolean
  readonly recheckMs: number
}

/** Sessions as stdio serves them: one caller for as long as the client stays, its list rechecked as often as a client may keep it. */
export const LASTING_SESSIONS: ServerSessions = Object.freeze({lasting: true, recheckMs: TOOLS_LIST_TTL_MS})

/** Servers that answer one request each: nothing of theirs outlives it to tell a change. */
const REQUEST_SESSIONS: ServerSessions = Object.freeze({lasting: false, recheckMs: TOOLS_LIST_TTL_MS})

/** The capabilities of a server that answers one request: the tools, and no notification it could not send. */
const REQUEST_CAPABILITIES = Object.freeze({tools: Object.freeze({})})

/** Sends notifications/tools/list_changed when `listed` says so; a session closed meanwhile has no one to tell. */
async function tellListChanged(server: Server, listed: ListedTools): Promise<void> {
  try {
    if (await listed.changed()) await server.sendToolListChanged()
  } catch {
    // The client has gone; it lists afresh when it comes back.
  }
}

/**
 * A caller a transport authenticated, as the SDK carries it from the request to the
 * server factory and to each handler's context. The token stays with the transport.
 */
export function callerAuthInfo(caller: ToolServerCaller): AuthInfo {
  return {token: '', clientId: caller.name ?? '', scopes: [...caller.scopes], extra: {caller}}
}

/** The caller callerAuthInfo carries, if any. */
export function callerOf(authInfo: AuthInfo | undefined): ToolServerCaller | undefined {
  return authInfo?.extra?.caller as ToolServerCaller | undefined
}

/** What a confirmation round is bound to: the authenticated caller of an HTTP request (none over stdio). */
function callerBinding(ctx: ServerContext): string {
  const caller = callerOf(ctx.http?.authInfo)
  return caller === undefined ? '' : JSON.stringify([caller.name ?? '', caller.scopes])
}

/**
 * `options` with `changed` over it. What it does not change is read from `options` only when
 * a call reads it, as the host handed it over: a host's getter that throws fails that call
 * (answered as any host failure is), not the server.
 */
export function over<T extends object, C extends object>(options: T, changed: C): Omit<T, keyof C> & C {
  return Object.create(options, Object.fromEntries(Object.entries(changed).map(([key, value]) => [key, {value, enumerable: true}]))) as Omit<T, keyof C> & C
}
