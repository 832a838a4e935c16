import {join} from 'node:path'

import {beforeAll, describe, expect, it} from 'vitest'

import type {ExecutorCall} from '../../src/core/execute/index.js'
import {readDocumentFile, validateDocument} from '../../src/core/profile/index.js'
import type {OperationRecord} from '../../src/core/profile/operation-record.js'
// @ts-expect-error: plain JavaScript, typed through JSDoc for hosts that copy it.
import {httpExecutor} from '../../examples/executors/http-executor.mjs'
import {type RecordedRequest, useHttpTestServer} from '../core/execute/http-test-server.js'
import {PROJECT_ROOT} from '../helpers/cli.js'

const server = useHttpTestServer()
let operations: Map<string, OperationRecord>

beforeAll(async () => {
  const document = validateDocument(await readDocumentFile(join(PROJECT_ROOT, 'test/fixtures/profile/valid/form-bodies.yaml')))
  operations = new Map(document.operations.map((operation) => [operation.operationId, operation]))
})

/** Runs one operation of the form-bodies fixture through the example executor against the test server. */
function execute(operationId: string, input: Record<string, unknown>): Promise<unknown> {
  const call: ExecutorCall = {
    cassette: 'forms',
    operationId,
    operation: operations.get(operationId)!,
    scopes: [],
    context: {},
    options: {baseUrl: server().url},
    signal: new AbortController().signal,
  }
  return (httpExecutor as {execute: (call: ExecutorCall, input: unknown) => Promise<unknown>}).execute(call, input)
}

/** `execute`, answered; the requests the server has received. */
async function send(operationId: string, input: Record<string, unknown>): Promise<readonly RecordedRequest[]> {
  await expect(execute(operationId, input)).resolves.toEqual({ok: true})
  return server().requests
}

describe('the example HTTP executor, application/x-www-form-urlencoded', () => {
  it.each<{name: string; given: {operation: string; input: Record<string, unknown>}; want: {url: string; type: string; body: string}}>([
    {
      name: 'writes deepObject fields in brackets (arrays by index), form fields by their explode, scalars as text',
      given: {
        operation: 'customers_post',
        input: {
          name: 'Jenny Rosen',
          active: true,
          metadata: {order_id: '6735', 'a b': 'x&y=z'},
          items: [{price: 'price_1', quantity: 2}, {price: 'price_2', quantity: 1}],
          expand: ['customer', 'invoice'],
          tags: ['a', 'b'],
          codes: [1, 2],
        },
      },
      want: {
        url: '/customers',
        type: 'application/x-www-form-urlencoded',
        body: [
          'name=Jenny+Rosen',
          'active=true',
          'metadata%5Border_id%5D=6735',
          'metadata%5Ba+b%5D=x%26y%3Dz',
          'items%5B0%5D%5Bprice%5D=price_1',
          'items%5B0%5D%5Bquantity%5D=2',
          'items%5B1%5D%5Bprice%5D=price_2',
          'items%5B1%5D%5Bquantity%5D=1',
          'expand%5B0%5D=customer',
          'expand%5B1%5D=invoice',
          'tags=a%2Cb',
          'codes=1',
          'codes=2',
        ].join('&'),
      },
    },
    {
      name: 'sends input.body beside a path parameter, an empty string as an empty value, with the media type as written',
      given: {operation: 'customer_update', input: {id: 'cus_1', body: {email: 'j@example.com', metadata: {plan: ''}}}},
      want: {url: '/customers/cus_1', type: 'application/x-www-form-urlencoded; charset=utf-8', body: 'email=j%40example.com&metadata%5Bplan%5D='},
    },
    {
      name: 'leaves null values out',
      given: {operation: 'customers_post', input: {name: null, metadata: {a: null, b: 'x'}, codes: [null, 3]}},
      want: {url: '/customers', type: 'application/x-www-form-urlencoded', body: 'metadata%5Bb%5D=x&codes=3'},
    },
    {
      name: 'sends JSON when the operation offers JSON beside forms',
      given: {operation: 'notes_post', input: {text: 'a&b'}},
      want: {url: '/notes', type: 'application/json', body: '{"text":"a&b"}'},
    },
  ])('$name', async ({given, want}) => {
    const requests = await send(given.operation, given.input)
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect({method: request!.method, url: request!.url, type: request!.headers['content-type'], body: request!.body}).toEqual({method: 'POST', ...want})
  })

  it.each<{operation: string; input: Record<string, unknown>}>([
    {operation: 'labels_post', input: {}},
    {operation: 'customers_post', input: {name: null, metadata: {}, items: [], codes: []}},
    {operation: 'files_post', input: {link: {}, pictures: []}},
  ])('sends no body and no content type for a form without fields: $operation $input', async ({operation, input}) => {
    const [request, ...more] = await send(operation, input)
    expect(more).toEqual([])
    expect({body: request!.body, type: request!.headers['content-type']}).toEqual({body: '', type: undefined})
  })
})

describe('the example HTTP executor, multipart/form-data', () => {
  it('sends each field as a part: binary ones decoded from base64 as files, deepObject ones in brackets, objects as JSON', async () => {
    const file = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d])
    const pictures = [Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from([0x00])]
    await send('files_post', {
      file: file.toString('base64'),
      pictures: pictures.map((picture) => picture.toString('base64')),
      purpose: 'dispute_evidence',
      link: {create: true, expires_at: 1_700_000_000},
      details: {source: 'scan'},
      note: 'aGk=',
      'x"y\r\nContent-Type: text/html': 'injected?',
      constructor: {plain: true},
    })
    expect(server().requests).toHaveLength(1)
    const [request] = server().requests
    const type = request!.headers['content-type'] ?? ''
    const boundary = /^multipart\/form-data; boundary=([A-Za-z0-9-]+)$/.exec(type)?.[1]
    expect(boundary, type).toBeDefined()
    const part = (head: string, content: Buffer | string) => [Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]
    const want = Buffer.concat([
      ...part('Content-Disposition: form-data; name="file"; filename="file"\r\nContent-Type: application/pdf', file),
      ...part('Content-Disposition: form-data; name="pictures"; filename="pictures"\r\nContent-Type: image/png', pictures[0]!),
      ...part('Content-Disposition: form-data; name="pictures"; filename="pictures"\r\nContent-Type: image/png', pictures[1]!),
      ...part('Content-Disposition: form-data; name="purpose"', 'dispute_evidence'),
      ...part('Content-Disposition: form-data; name="link[create]"', 'true'),
      ...part('Content-Disposition: form-data; name="link[expires_at]"', '1700000000'),
      ...part('Content-Disposition: form-data; name="details"\r\nContent-Type: application/json', '{"source":"scan"}'),
      ...part('Content-Disposition: form-data; name="note"', 'aGk='),
      ...part('Content-Disposition: form-data; name="x%22y%0D%0AContent-Type: text/html"', 'injected?'),
      ...part('Content-Disposition: form-data; name="constructor"\r\nContent-Type: application/json', '{"plain":true}'),
      Buffer.from(`--${boundary}--\r\n`),
    ])
    expect(request!.bytes.toString('latin1')).toBe(want.toString('latin1'))
  })

  it.each(['not base64!', 'aGk', 'aGk=x', 42])('refuses a file that is not base64 (%j) and sends nothing', async (file) => {
    await expect(execute('files_post', {file, purpose: 'identity_document'})).rejects.toThrow('form field file is not base64; nothing was sent')
    expect(server().requests).toEqual([])
  })

  it('draws a new boundary for each call', async () => {
    await send('files_post', {file: '', purpose: 'identity_document'})
    const [first, second] = (await send('files_post', {file: '', purpose: 'identity_document'})).map((request) => request.headers['content-type'])
    expect(first).toMatch(/^multipart\/form-data; boundary=/)
    expect(second).toMatch(/^multipart\/form-data; boundary=/)
    expect(first).not.toBe(second)
  })
})
