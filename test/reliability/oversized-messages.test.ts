import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {MAX_MESSAGE_BYTES} from '../../src/core/mcp/stdio/message-lines.js'
import {CLI, PROJECT_ROOT, runCli} from '../helpers/cli.js'
import {tally} from './counts.js'
import {scaled} from './soak.js'

// Defect 12 (round three): a line past the largest message `tama-dex mcp` reads is
// answered -32600 and dropped as it streams in, with memory bounded, and the session goes on.

const MiB = 1024 * 1024
const CHUNK = 64 * 1024
const INITIALIZE = JSON.stringify({jsonrpc: '2.0', id: 0, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '0'}}})
const TOO_LONG = {jsonrpc: '2.0', error: {code: -32600, message: `Invalid request: the line is longer than ${MAX_MESSAGE_BYTES} bytes, the most a message may be; it was not read. Send a shorter message.`}}
const NOT_JSON = {jsonrpc: '2.0', error: {code: -32700, message: 'Parse error: the line is not JSON.'}}
const listTools = (id: number): string => JSON.stringify({jsonrpc: '2.0', id, method: 'tools/list'})

let dir: string
let index: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-oversized-'))
  index = join(dir, 'index.sqlite3')
  const loaded = await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', index])
  expect(loaded.code, loaded.stderr).toBe(0)
}, 60_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** `tama-dex mcp` as a child on real pipes: what it answers, line by line, and how it ends. */
class Session {
  readonly child: ChildProcessWithoutNullStreams
  readonly answers: Array<Record<string, unknown>> = []
  stderr = ''
  private stdout = ''
  private readonly exited: Promise<number | null>

  constructor() {
    this.child = spawn(process.execPath, [CLI, 'mcp', '--index', index, '--scope', 'incus.read'], {cwd: PROJECT_ROOT, env: {...process.env, NO_COLOR: '1'}})
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk))
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk
      const lines = this.stdout.split('\n')
      this.stdout = lines.pop()!
      for (const line of lines) this.answers.push(JSON.parse(line) as Record<string, unknown>)
    })
    this.exited = new Promise((resolve) => this.child.on('close', resolve))
  }

  /** Writes `bytes` in chunks of at most `chunk` bytes, waiting for each to drain: the child reads as it comes. */
  async write(bytes: Buffer | string, chunk = CHUNK, pause = 0): Promise<void> {
    const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes
    for (let at = 0; at < data.length; at += chunk) {
      if (!this.child.stdin.write(data.subarray(at, at + chunk))) await new Promise((resolve) => this.child.stdin.once('drain', resolve))
      if (pause > 0) await sleep(pause)
    }
  }

  /** Writes `size` bytes of one line, without its newline, made of `fill`. */
  async stream(size: number, fill = 'x'): Promise<void> {
    const block = Buffer.alloc(Math.min(size, MiB), fill)
    for (let left = size; left > 0; left -= block.length) await this.write(block.subarray(0, Math.min(left, block.length)))
  }

  async answered(count: number): Promise<Array<Record<string, unknown>>> {
    for (let waited = 0; this.answers.length < count; waited += 20) {
      if (waited > 30_000 || this.child.exitCode !== null) throw new Error(`${this.answers.length} of ${count} answers; exit ${this.child.exitCode}; stderr: ${this.stderr}`)
      await sleep(20)
    }
    return this.answers
  }

  /** The child's peak resident memory so far, in bytes (Linux's VmHWM). */
  peakRss(): number {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'))
    return Number(match![1]) * 1024
  }

  async end(): Promise<number | null> {
    this.child.stdin.end()
    return this.exited
  }
}

/** A tools/list request padded with spaces to exactly `bytes` bytes: valid JSON-RPC of that length. */
function paddedListTools(id: number, bytes: number): string {
  const request = listTools(id)
  return `${request.slice(0, -1)}${' '.repeat(bytes - request.length)}}`
}

describe('tama-dex mcp answers a line longer than a message may be, and goes on (defect 12)', () => {
  it('reads a request of exactly the limit, and refuses one byte more', async (context) => {
    const session = new Session()
    await session.write(`${INITIALIZE}\n${paddedListTools(1, MAX_MESSAGE_BYTES)}\n`)
    await session.write(`${paddedListTools(2, MAX_MESSAGE_BYTES + 1)}\n${listTools(3)}\n`)
    // JSON-RPC answers need not come in the order asked: tools/list looks up the caller's
    // reach, while the refusal of a line too long is answered as it is read.
    const answers = (await session.answered(4)).slice(1)
    const tools = {tools: [{name: 'search'}, {name: 'execute'}]}
    expect(answers.find((answer) => answer.id === 1)).toMatchObject({result: tools})
    expect(answers.filter((answer) => !('id' in answer))).toEqual([TOO_LONG])
    expect(answers.find((answer) => answer.id === 3)).toMatchObject({result: tools})
    expect(await session.end()).toBe(0)
    expect(session.stderr).toBe('')
    tally(context, 'oversized messages tried', 2)
  }, 60_000)

  it('counts the limit in bytes of UTF-8, whatever chunks split its characters', async (context) => {
    const session = new Session()
    // 3-byte characters, written in 7-byte chunks: every other chunk ends inside one.
    const euros = '€'.repeat(Math.floor(MAX_MESSAGE_BYTES / 3))
    const exact = euros + 'x'.repeat(MAX_MESSAGE_BYTES - Buffer.byteLength(euros))
    await session.write(`${INITIALIZE}\n${exact}\n${exact}x\n`)
    const query = JSON.stringify({jsonrpc: '2.0', id: 4, method: 'tools/call', params: {name: 'search', arguments: {query: 'liste les instances €’ 日本'}}})
    await session.write(`${query}\n`, 7, 1)
    const answers = await session.answered(4)
    // Exactly the limit is read (and is not JSON); one byte more is not read at all.
    expect(answers.slice(1, 3)).toEqual([NOT_JSON, TOO_LONG])
    expect(answers[3]).toMatchObject({id: 4, result: {structuredContent: {results: expect.any(Array)}}})
    expect(await session.end()).toBe(0)
    tally(context, 'oversized messages tried', 2)
  }, 60_000)

  it('answers a huge line that never ends, then ends with the input', async (context) => {
    const session = new Session()
    await session.write(`${INITIALIZE}\n`)
    await session.stream(MAX_MESSAGE_BYTES + 3 * MiB)
    await session.answered(2)
    expect(await session.end()).toBe(0)
    expect(session.answers.slice(1)).toEqual([TOO_LONG])
    expect(session.stderr).toBe('')
    tally(context, 'oversized messages tried', 1)
  }, 60_000)

  it('answers an oversized first line, before initialize, on the fast start-up path, and then initialize', async (context) => {
    const session = new Session()
    await session.stream(MAX_MESSAGE_BYTES + MiB)
    await session.write(`\n${INITIALIZE}\n${listTools(1)}\n`)
    const answers = await session.answered(3)
    expect(answers[0]).toEqual(TOO_LONG)
    expect(answers[1]).toMatchObject({id: 0, result: {serverInfo: {name: 'tama-dex'}}})
    expect(answers[2]).toMatchObject({id: 1, result: {tools: [{name: 'search'}, {name: 'execute'}]}})
    expect(await session.end()).toBe(0)
    tally(context, 'oversized messages tried', 1)
  }, 60_000)

  it('answers an oversized first line that never ends', async (context) => {
    const session = new Session()
    await session.stream(MAX_MESSAGE_BYTES + MiB)
    await session.answered(1)
    expect(await session.end()).toBe(0)
    expect(session.answers).toEqual([TOO_LONG])
    tally(context, 'oversized messages tried', 1)
  }, 60_000)

  it('answers each of many oversized lines in a row, with bounded memory, and the request after them', async (context) => {
    const lines = scaled(6, 40)
    const session = new Session()
    await session.write(`${INITIALIZE}\n${listTools(1)}\n`)
    await session.answered(2)
    const before = session.peakRss()
    for (let line = 0; line < lines; line++) {
      await session.stream(MAX_MESSAGE_BYTES + 1 + line * 997)
      await session.write('\n')
    }
    await session.write(`${listTools(2)}\n`)
    const answers = await session.answered(lines + 3)
    expect(answers.slice(2, -1)).toEqual(Array.from({length: lines}, () => TOO_LONG))
    expect(answers.at(-1)).toMatchObject({id: 2, result: {tools: [{name: 'search'}, {name: 'execute'}]}})
    // What one line may hold, and one chunk, with room for the garbage collector's lag.
    expect(session.peakRss() - before).toBeLessThan(MAX_MESSAGE_BYTES + 32 * MiB)
    expect(await session.end()).toBe(0)
    tally(context, 'oversized messages tried', lines)
  }, 180_000)

  it('holds at most about a message while 50 MiB of one line stream in', async (context) => {
    const size = scaled(50, 500) * MiB
    const session = new Session()
    await session.write(`${INITIALIZE}\n${listTools(1)}\n`)
    await session.answered(2)
    const before = session.peakRss()
    await session.stream(size)
    await session.write(`\n${listTools(2)}\n`)
    const answers = await session.answered(4)
    const growth = session.peakRss() - before
    context.annotate(`peak RSS ${(before / MiB).toFixed(1)} MiB before, +${(growth / MiB).toFixed(1)} MiB while ${size / MiB} MiB of one line streamed in`)
    expect(answers.slice(2)).toEqual([TOO_LONG, expect.objectContaining({id: 2})])
    expect(growth).toBeLessThan(MAX_MESSAGE_BYTES + 32 * MiB)
    expect(await session.end()).toBe(0)
    tally(context, 'oversized messages tried', 1)
  }, 180_000)
})
