import diagnosticsChannel from 'node:diagnostics_channel'
import {afterEach, describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {publishEvent, traceSpan} from '../../../src/core/telemetry/telemetry.js'

const seen: Array<{channel: string; message: Record<string, unknown>}> = []
const unsubscribes: Array<() => void> = []

function listen(name: string): void {
  const handler = (message: unknown, channel: string | symbol) => seen.push({channel: String(channel), message: {...(message as object)}})
  diagnosticsChannel.subscribe(name, handler)
  unsubscribes.push(() => diagnosticsChannel.unsubscribe(name, handler))
}

afterEach(() => {
  for (const off of unsubscribes.splice(0)) off()
  seen.length = 0
})

describe('traceSpan', () => {
  it('publishes start and asyncEnd with allow-listed fields, duration and outcome', async () => {
    for (const sub of ['start', 'asyncEnd', 'error']) listen(`tracing:tama-dex:search:${sub}`)
    const value = await traceSpan('search', {cassette: 'incus', limit: 5}, (span) => {
      span.set({results: 3})
      return 42
    })
    expect(value).toBe(42)
    expect(seen.map((s) => s.channel)).toEqual(['tracing:tama-dex:search:start', 'tracing:tama-dex:search:asyncEnd'])
    expect(seen[1]!.message).toMatchObject({cassette: 'incus', limit: 5, results: 3, outcome: 'ok'})
    expect(typeof seen[1]!.message.duration_ms).toBe('number')
  })

  it('publishes the error kind, never the error or its message', async () => {
    for (const sub of ['error', 'asyncEnd']) listen(`tracing:tama-dex:execute:${sub}`)
    const failure = new TamaError('execution_failed', 'secret /home/canary/path', {dispatched: true})
    await expect(traceSpan('execute', {}, () => Promise.reject(failure))).rejects.toBe(failure)
    expect(seen).toHaveLength(2)
    for (const {message} of seen) {
      expect(message).toMatchObject({outcome: 'error', error_kind: 'execution_failed', dispatched: true})
      expect(JSON.stringify(message)).not.toContain('canary')
    }
  })

  it.each([
    {given: {cassette: 'list everything please'}, want: {}},
    {given: {cassette: '/home/user/x.tama-cassette'}, want: {}},
    {given: {query: 'canary'} as Record<string, string>, want: {}},
    {given: {results: Number.NaN}, want: {}},
    {given: {results: '3'} as Record<string, string>, want: {}},
    {given: {operation_id: 'instances_get', changed: true}, want: {operation_id: 'instances_get', changed: true}},
  ])('keeps only allow-listed, well-typed fields: $given', async ({given, want}) => {
    listen('tama-dex:index.status')
    publishEvent('index.status', given)
    expect(seen).toEqual([{channel: 'tama-dex:index.status', message: want}])
  })
})
