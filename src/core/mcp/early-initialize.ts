import type {Readable, Writable} from 'node:stream'

import {TAMA_DEX_VERSION} from '../cassette/format/tool-version.js'
import {isObject} from '../json/index.js'

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

/** The capabilities the server declares: tools, and nothing else. */
export const SERVER_CAPABILITIES = Object.freeze({tools: Object.freeze({})})

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
  let message: unknown
  try {
    message = JSON.parse(line)
  } catch {
    return undefined
  }
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== 'initialize') return undefined
  const {id, params} = message
  if (!(typeof id === 'string' || Number.isInteger(id)) || !isObject(params)) return undefined
  const {protocolVersion, capabilities, clientInfo} = params
  if (typeof protocolVersion !== 'string' || !isObject(capabilities) || !isObject(clientInfo)) return undefined
  if (typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') return undefined
  const supported = (PROTOCOL_VERSIONS as readonly string[]).includes(protocolVersion)
  return {
    jsonrpc: '2.0',
    id: id as string | number,
    result: {protocolVersion: supported ? protocolVersion : PROTOCOL_VERSIONS[0], capabilities: SERVER_CAPABILITIES, serverInfo: {name: serverInfo.name, version: serverInfo.version}},
  }
}

/** What came in before the server was ready: every byte read so far, and its first line. */
export interface FirstLine {
  readonly received: Buffer
  /** Undefined when the input ended (or failed) before a whole line. */
  readonly line: string | undefined
  /** Whether the input has ended: nothing more will come. */
  readonly ended: boolean
}

/** What was read from the input before the SDK loaded, the id of the request answered then, if any, and as which server. */
export interface EarlyStart {
  readonly first: FirstLine
  readonly answered: string | number | undefined
  readonly serverInfo: ServerInfo
}

/** Answers `first.line` on `output` when it is a well-formed initialize request (see answerInitialize). */
export function answerFirstLine(first: FirstLine, output: Writable, serverInfo: ServerInfo): EarlyStart {
  const early = first.line === undefined ? undefined : answerInitialize(first.line, serverInfo)
  if (early !== undefined) output.write(`${JSON.stringify(early)}\n`)
  return {first, answered: early?.id, serverInfo}
}

// An initialize request is a few hundred bytes: past this, the line is left to the SDK's own limits.
const FIRST_LINE_LIMIT = 1 << 20

/**
 * Reads `input` up to its first newline (or FIRST_LINE_LIMIT bytes) and pauses it there,
 * keeping every byte read, so that the rest can be handed on unread.
 */
export function readFirstLine(input: Readable): Promise<FirstLine> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const finish = (line: string | undefined, ended: boolean) => {
      input.off('data', onData).off('end', onEnd).off('error', onEnd)
      input.pause()
      resolve({received: Buffer.concat(chunks), line, ended})
    }
    const onData = (chunk: Buffer | string) => {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
      const received = Buffer.concat(chunks)
      const end = received.indexOf('\n')
      if (end !== -1) finish(received.toString('utf8', 0, end).replace(/\r$/, ''), false)
      else if (received.length > FIRST_LINE_LIMIT) finish(undefined, false)
    }
    const onEnd = () => finish(undefined, true)
    input.on('data', onData).once('end', onEnd).once('error', onEnd)
  })
}
