import {TAMA_DEX_VERSION} from '../../cassette/format/tool-version.js'
import {isObject} from '../../json/index.js'
import {requestLine} from './request-line.js'

// The revisions that open a session with an `initialize` handshake (2024-10-07 to
// 2025-11-25): what this server answers in it. Transport-free: any transport answers it.

/** What a server says about itself in its `initialize` answer. */
export interface ServerInfo {
  readonly name: string
  readonly version: string
}

/** What `tama-dex mcp` says about itself. */
export const TAMA_DEX_SERVER_INFO: ServerInfo = Object.freeze({name: 'tama-dex', version: TAMA_DEX_VERSION})

/**
 * The protocol versions the MCP SDK this package is tested with supports, newest first
 * (its SUPPORTED_PROTOCOL_VERSIONS; a test keeps the two equal). Repeated here so that
 * `initialize` is answered before the SDK has loaded.
 */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const

/**
 * The capabilities a server of a lasting session (stdio) declares: tools, whose list it
 * says has changed when execute's annotations for the caller do, and nothing else.
 */
export const SERVER_CAPABILITIES = Object.freeze({tools: Object.freeze({listChanged: true})})

/** The answer to an `initialize` request, exactly as the SDK's server gives it. */
export interface InitializeAnswer {
  readonly jsonrpc: '2.0'
  readonly id: string | number
  readonly result: {
    readonly protocolVersion: string
    readonly capabilities: typeof SERVER_CAPABILITIES
    readonly serverInfo: ServerInfo
  }
}

/**
 * The answer to `line` when it is a well-formed `initialize` request, else undefined (the
 * SDK then answers it, valid or not). The version is the client's when supported, else the newest.
 */
export function answerInitialize(line: string, serverInfo: ServerInfo): InitializeAnswer | undefined {
  const request = requestLine(line, 'initialize')
  if (request === undefined) return undefined
  const {id, params} = request
  const {protocolVersion, capabilities, clientInfo} = params
  if (typeof protocolVersion !== 'string' || !isObject(capabilities) || !isObject(clientInfo)) return undefined
  if (typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') return undefined
  const supported = (PROTOCOL_VERSIONS as readonly string[]).includes(protocolVersion)
  return {
    jsonrpc: '2.0',
    id,
    result: {protocolVersion: supported ? protocolVersion : PROTOCOL_VERSIONS[0], capabilities: SERVER_CAPABILITIES, serverInfo: {name: serverInfo.name, version: serverInfo.version}},
  }
}
