export {ERROR_KINDS, TamaError, formatProblem, isTamaError} from './core/errors/index.js'
export type {ErrorKind, Problem, TamaErrorOptions} from './core/errors/index.js'
export {SPAN_NAMES, EVENT_NAMES, channelNames} from './core/telemetry/telemetry.js'
export type {SpanName, EventName, TelemetryField, TelemetryFields} from './core/telemetry/telemetry.js'
export type {
  ConfirmationRule,
  DocumentInfo,
  InputBody,
  InputParameter,
  JsonSchema,
  OperationRecord,
  ValidatedDocument,
} from './core/profile/operation-record.js'
