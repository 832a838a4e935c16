import type {CacheHint} from '@modelcontextprotocol/server'

// The 2026-07-28 revision: no handshake, every request stands alone, and a cacheable result
// says how long it may be kept and by whom.

/**
 * How long a client may keep the tools/list answer, and only for itself: the two tools
 * and their definitions are fixed for a tama-dex version, so they change only when the
 * server is replaced; an hour bounds how long a client keeps an older server's list.
 * Private, since a host may serve callers of different scopes.
 */
export const TOOLS_LIST_CACHE: Readonly<CacheHint> = Object.freeze({ttlMs: 3_600_000, cacheScope: 'private'})
