import type {ClientCapabilities, Server, ServerContext} from '@modelcontextprotocol/server'

// Where a 2026-07-28 request's envelope declares the client's capabilities (the
// specification's name, so this module loads before, and without, the SDK).
export const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities'

/**
 * Whether the client can ask its user a question (elicitation, form mode): on 2026-07-28
 * as each request's envelope declares it, on the revisions with a handshake as its
 * `initialize` did. A bare `elicitation: {}` means form mode (2025-06-18's rule).
 */
export function clientCanAskUser(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined
  const declared = (envelope === undefined ? server.getClientCapabilities() : envelope[CLIENT_CAPABILITIES]) as ClientCapabilities | undefined
  const elicitation = declared?.elicitation as {form?: unknown; url?: unknown} | undefined
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined)
}

/**
 * Whether this server can hear what the client declares at all: not when it serves one
 * 2025 request without the handshake (stateless Streamable HTTP), where a question to the
 * user has no way back either.
 */
export function clientDeclaresNothing(server: Server, ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope === undefined && server.getClientCapabilities() === undefined
}
