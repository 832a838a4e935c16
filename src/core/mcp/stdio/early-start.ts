import type {Readable, Writable} from 'node:stream'

import {type ServerInfo, answerDiscover, answerInitialize} from '../revisions/index.js'

// stdio's fast start: the first line read and, when it is an initialize, answered before the SDK loads.

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

/** Answers `first.line` on `output` when it is a well-formed initialize (2025) or server/discover (2026-07-28) request. */
export function answerFirstLine(first: FirstLine, output: Writable, serverInfo: ServerInfo): EarlyStart {
  const early = first.line === undefined ? undefined : (answerInitialize(first.line, serverInfo) ?? answerDiscover(first.line, serverInfo))
  if (early !== undefined) output.write(`${JSON.stringify(early)}\n`)
  return {first, answered: early?.id as string | number | undefined, serverInfo}
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
