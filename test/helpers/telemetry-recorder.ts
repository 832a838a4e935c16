import diagnosticsChannel from 'node:diagnostics_channel'

import {channelNames} from '../../src/core/telemetry/telemetry.js'

/** Every message published on any tama-dex channel, as JSON, with its channel. */
export interface TelemetryRecorder {
  readonly published: Array<{channel: string; message: unknown}>
  stop(): void
}

/** Subscribes to every tama-dex span (each of its tracing events) and event channel. */
export function recordTelemetry(): TelemetryRecorder {
  const {spans, events} = channelNames()
  const names = [...spans.flatMap((span) => ['start', 'end', 'asyncStart', 'asyncEnd', 'error'].map((sub) => `tracing:${span}:${sub}`)), ...events]
  const published: Array<{channel: string; message: unknown}> = []
  const unsubscribes = names.map((name) => {
    const handler = (message: unknown): void => {
      published.push({channel: name, message: JSON.parse(JSON.stringify(message))})
    }
    diagnosticsChannel.subscribe(name, handler)
    return () => diagnosticsChannel.unsubscribe(name, handler)
  })
  return {published, stop: () => unsubscribes.forEach((off) => off())}
}
