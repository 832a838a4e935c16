import {Transform, type TransformCallback} from 'node:stream'

/** The longest message the server reads: bytes of one line of UTF-8, before its newline (the MCP SDK's own stdio limit). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024

const NEWLINE = 0x0a
const NEWLINE_BYTES = Buffer.from('\n')

/**
 * Cuts the input into whole lines, each passed on as one chunk, newline included, so that
 * what reads them never holds a partial line. A line longer than `limit` bytes is dropped
 * as it streams in, and `onOversized` is told once for it: at most `limit` bytes and one
 * chunk are held, however long the line, and the next line is read as usual. A line that
 * is not JSON is dropped and `onNotJson` told (an empty one silently). A last line without
 * a newline is dropped at the end of the input, as the SDK would.
 */
export class MessageLines extends Transform {
  private parts: Buffer[] = []
  private bytes = 0
  /** Whether the current line went past the limit: the rest of it is skipped. */
  private skipping = false

  constructor(
    private readonly limit: number,
    private readonly onOversized: () => void,
    private readonly onNotJson: () => void,
  ) {
    // One line per chunk out: a reader never sees two lines merged past its own limit.
    super({readableObjectMode: true})
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    let start = 0
    while (start < data.length) {
      const newline = data.indexOf(NEWLINE, start)
      const end = newline === -1 ? data.length : newline
      if (!this.skipping) this.keep(data.subarray(start, end))
      if (newline === -1) break
      if (!this.skipping) this.pushJson(Buffer.concat([...this.parts, NEWLINE_BYTES]))
      this.startLine()
      start = newline + 1
    }
    done()
  }

  override _flush(done: TransformCallback): void {
    this.startLine()
    done()
  }

  /** The SDK skips a line that is not JSON without a word: it is answered here instead. */
  private pushJson(line: Buffer): void {
    const text = line.toString('utf8')
    try {
      JSON.parse(text)
    } catch {
      if (text.trim() !== '') this.onNotJson()
      return
    }
    this.push(line)
  }

  private keep(part: Buffer): void {
    if (this.bytes + part.length > this.limit) {
      this.parts = []
      this.skipping = true
      this.onOversized()
      return
    }
    if (part.length > 0) this.parts.push(part)
    this.bytes += part.length
  }

  private startLine(): void {
    this.parts = []
    this.bytes = 0
    this.skipping = false
  }
}
