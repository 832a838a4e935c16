import {isObject} from '../../json/index.js'

/** A JSON-RPC request as the early start reads one: its id and its params. */
export interface RequestLine {
  readonly id: string | number
  readonly params: Readonly<Record<string, unknown>>
}

/** `line` when it is a JSON-RPC 2.0 request for `method` with an id and object params, else undefined (the SDK then answers it). */
export function requestLine(line: string, method: string): RequestLine | undefined {
  let message: unknown
  try {
    message = JSON.parse(line)
  } catch {
    return undefined
  }
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== method) return undefined
  const {id, params} = message
  if (!(typeof id === 'string' || Number.isInteger(id)) || !isObject(params)) return undefined
  return {id: id as string | number, params}
}
