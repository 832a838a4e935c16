import diagnosticsChannel from 'node:diagnostics_channel'
import {performance} from 'node:perf_hooks'

import {isTamaError} from '../errors/index.js'

/**
 * Telemetry through node:diagnostics_channel, nothing else: tama-dex never sends data
 * anywhere itself. Spans use tracing channels named `tama-dex:<span>`; events use plain
 * channels named `tama-dex:<event>`. What is published is an allow-list of fields —
 * names, counts, durations and outcome kinds — never query text, inputs, results,
 * schemas, document contents or file paths. See docs/telemetry.md.
 */
export const SPAN_NAMES = ['validate', 'adopt', 'build', 'verify', 'load', 'import', 'remove', 'search', 'execute'] as const
export type SpanName = (typeof SPAN_NAMES)[number]

export const EVENT_NAMES = ['index.recreated', 'index.status'] as const
export type EventName = (typeof EVENT_NAMES)[number]

/** Every field that may ever be published, with the type its value must have. */
const FIELD_TYPES = {
  cassette: 'name',
  operation_id: 'name',
  mode: 'name',
  state: 'name',
  outcome: 'name',
  error_kind: 'name',
  match: 'name',
  changed: 'boolean',
  dispatched: 'boolean',
  destructive: 'boolean',
  documents: 'number',
  operations: 'number',
  problems: 'number',
  warnings: 'number',
  results: 'number',
  cassettes: 'number',
  limit: 'number',
  bytes: 'number',
  storage_version: 'number',
  duration_ms: 'number',
} as const

export type TelemetryField = keyof typeof FIELD_TYPES
export type TelemetryFields = Partial<Record<TelemetryField, string | number | boolean>>

// Names are identifiers from a grammar (cassette names, operation ids, enum values);
// anything else — a caller's free text — is dropped rather than published.
const NAME = /^[A-Za-z_][A-Za-z0-9_.\/-]{0,127}$/

function allowed(fields: Readonly<Record<string, unknown>>): TelemetryFields {
  const out: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(fields)) {
    const type = FIELD_TYPES[key as TelemetryField]
    if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) out[key] = value
    else if (type === 'boolean' && typeof value === 'boolean') out[key] = value
    else if (type === 'name' && typeof value === 'string' && NAME.test(value)) out[key] = value
  }
  return out
}

/** A span in progress: add allow-listed facts learnt while the work runs. */
export interface Span {
  set(fields: TelemetryFields): void
}

const tracingChannels = new Map<SpanName, diagnosticsChannel.TracingChannel<object, object>>()

function tracingChannel(name: SpanName): diagnosticsChannel.TracingChannel<object, object> {
  let channel = tracingChannels.get(name)
  if (channel === undefined) {
    channel = diagnosticsChannel.tracingChannel(`tama-dex:${name}`)
    tracingChannels.set(name, channel)
  }
  return channel
}

/**
 * Runs `fn` as a span. Publishes `start`, then `asyncEnd` or `error` on the tracing
 * channel `tama-dex:<name>` with one context object holding only allow-listed fields,
 * `duration_ms`, `outcome` ('ok' or 'error') and, on failure, `error_kind`. The error
 * object itself is never published: its message may carry paths or inputs.
 */
export async function traceSpan<T>(name: SpanName, fields: TelemetryFields, fn: (span: Span) => Promise<T> | T): Promise<T> {
  const span = openSpan(name, fields)
  if (span.silent) return fn(span)
  try {
    const result = await fn(span)
    span.close('asyncEnd')
    return result
  } catch (error) {
    span.close('asyncEnd', error)
    throw error
  }
}

/** The synchronous twin of traceSpan, for hot paths such as search that never await: `start`, then `end`. */
export function traceSpanSync<T>(name: SpanName, fields: TelemetryFields, fn: (span: Span) => T): T {
  const span = openSpan(name, fields)
  if (span.silent) return fn(span)
  try {
    const result = fn(span)
    span.close('end')
    return result
  } catch (error) {
    span.close('end', error)
    throw error
  }
}

interface OpenSpan extends Span {
  /** No subscriber: nothing is published and nothing is timed. */
  readonly silent: boolean
  close(last: 'end' | 'asyncEnd', error?: unknown): void
}

function openSpan(name: SpanName, fields: TelemetryFields): OpenSpan {
  const channel = tracingChannel(name)
  const context: Record<string, unknown> = allowed(fields)
  const silent = !channel.hasSubscribers
  const started = silent ? 0 : performance.now()
  if (!silent) channel.start.publish(context)
  return {
    silent,
    set: (more) => Object.assign(context, allowed(more)),
    close(last, error) {
      context.duration_ms = performance.now() - started
      context.outcome = error === undefined ? 'ok' : 'error'
      if (error !== undefined) {
        context.error_kind = isTamaError(error) ? error.kind : 'internal'
        if (isTamaError(error)) context.dispatched = error.dispatched
        channel.error.publish(context)
      }
      channel[last].publish(context)
    },
  }
}

/** Publishes one event on `tama-dex:<name>` with allow-listed fields only. */
export function publishEvent(name: EventName, fields: TelemetryFields): void {
  const channel = diagnosticsChannel.channel(`tama-dex:${name}`)
  if (channel.hasSubscribers) channel.publish(allowed(fields))
}

/** Every channel name tama-dex may publish on, for hosts wiring up subscribers. */
export function channelNames(): {spans: string[]; events: string[]} {
  return {
    spans: SPAN_NAMES.map((name) => `tama-dex:${name}`),
    events: EVENT_NAMES.map((name) => `tama-dex:${name}`),
  }
}
