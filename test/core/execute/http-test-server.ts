import {type IncomingHttpHeaders, type Server, createServer} from 'node:http'
import type {AddressInfo} from 'node:net'

import {afterAll, beforeAll, beforeEach} from 'vitest'

export interface RecordedRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  /** The body as UTF-8 text. */
  readonly body: string
  /** The body's exact bytes. */
  readonly bytes: Buffer
}

/** What the server answers next: a status, content type and body, or never answering. */
export type Reply = {status: number; type?: string; body?: string} | 'hang'

/**
 * A real HTTP server on 127.0.0.1 (an ephemeral port) that records every request and
 * answers with `reply`, for testing executors end to end.
 */
const DEFAULT_REPLY: Reply = {status: 200, type: 'application/json', body: '{"ok":true}'}

export class HttpTestServer {
  readonly requests: RecordedRequest[] = []
  reply: Reply = DEFAULT_REPLY
  private readonly server: Server

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const bytes = Buffer.concat(chunks)
        this.requests.push({method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: bytes.toString('utf8'), bytes})
        const reply = this.reply
        if (reply === 'hang') return
        response.writeHead(reply.status, reply.type === undefined ? {} : {'content-type': reply.type})
        response.end(reply.body ?? '')
      })
    })
  }

  static async start(): Promise<HttpTestServer> {
    const server = new HttpTestServer()
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve))
    return server
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }
}

/**
 * One server for a test file, started before its tests and closed after them, with no
 * recorded requests and the default reply at the start of each test.
 */
export function useHttpTestServer(): () => HttpTestServer {
  let server: HttpTestServer | undefined
  beforeAll(async () => {
    server = await HttpTestServer.start()
  })
  afterAll(async () => {
    await server?.close()
  })
  beforeEach(() => {
    server!.requests.length = 0
    server!.reply = DEFAULT_REPLY
  })
  return () => server!
}
