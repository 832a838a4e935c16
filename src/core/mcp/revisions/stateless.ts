import type {CacheHint} from '@modelcontextprotocol/server'

import {isObject} from '../../json/index.js'
import {CLIENT_CAPABILITIES} from './elicitation.js'
import {SERVER_CAPABILITIES, type ServerInfo} from './handshake.js'
import {requestLine} from './request-line.js'

// The 2026-07-28 revision: no handshake, every request stands alone, and a cacheable result
// says how long it may be kept and by whom.

/**
 * How long a client may keep the tools/list answer, and only for itself: the two tools are
 * fixed, but execute's annotations say what the caller reaches, which changes when a
 * cassette is installed or removed; a minute bounds how long a client trusts an older
 * answer, and how often a session's server asks the index again. Private, since a host
 * may serve callers of different scopes.
 */
export const TOOLS_LIST_TTL_MS = 60_000
export const TOOLS_LIST_CACHE: Readonly<CacheHint> = Object.freeze({ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'private'})

/** The revisions a `server/discover` answer offers: those the SDK serves without a handshake. */
const STATELESS_PROTOCOL_VERSIONS = ['2026-07-28'] as const

// The envelope keys every 2026-07-28 request carries in its `_meta`.
const ENVELOPE = {version: 'io.modelcontextprotocol/protocolVersion', client: 'io.modelcontextprotocol/clientInfo', capabilities: CLIENT_CAPABILITIES}

/**
 * The answer to `line` when it is a well-formed `server/discover` for a revision served
 * here, exactly as the SDK's server gives it (a test checks), else undefined: the SDK
 * then answers it.
 */
export function answerDiscover(line: string, serverInfo: ServerInfo): Record<string, unknown> | undefined {
  const request = requestLine(line, 'server/discover')
  if (request === undefined || !isObject(request.params._meta)) return undefined
  const {id} = request
  const meta = request.params._meta
  const client = meta[ENVELOPE.client]
  if (!(STATELESS_PROTOCOL_VERSIONS as readonly unknown[]).includes(meta[ENVELOPE.version]) || !isObject(meta[ENVELOPE.capabilities])) return undefined
  if (!isObject(client) || typeof client.name !== 'string' || typeof client.version !== 'string') return undefined
  return {
    jsonrpc: '2.0',
    id,
    result: {
      supportedVersions: [...STATELESS_PROTOCOL_VERSIONS],
      capabilities: SERVER_CAPABILITIES,
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: {'io.modelcontextprotocol/serverInfo': {name: serverInfo.name, version: serverInfo.version}},
    },
  }
}
