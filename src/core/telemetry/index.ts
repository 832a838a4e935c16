export {EVENT_NAMES, SPAN_NAMES, channelNames, publishEvent, traceSpan, traceSpanSync} from './telemetry.js'
export type {EventName, SpanName, TelemetryField, TelemetryFields} from './telemetry.js'
