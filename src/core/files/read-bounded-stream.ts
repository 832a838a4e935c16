import type {TamaError} from '../errors/index.js'

/** Reads a stream (standard input) whole, failing with `tooLarge()` as soon as it passes `maxBytes`. */
export async function readBoundedStream(stream: NodeJS.ReadableStream, maxBytes: number, tooLarge: (bytes: number) => TamaError): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += buffer.length
    if (size > maxBytes) throw tooLarge(size)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}
