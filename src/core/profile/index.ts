export {INPUT_LIMITS, LIMITS, MIB, PROFILE} from './limits.js'
export type {ConfirmationRule, DocumentInfo, FormField, InputBody, InputParameter, JsonSchema, OperationRecord, ValidatedDocument} from './operation-record.js'
export {documentSource, locateProblems, parseDocumentText, pointerLocator, readDocumentFile} from './parse/index.js'
export {checkDocument, checkMeasuredDocument, validateDocument, validateFiles} from './validate/index.js'
export type {CheckOptions, CheckResult, ValidationReport} from './validate/index.js'
export {requestPath, templateNames} from './path-template.js'
export {
  exampleInput,
  formFields,
  isExampleRequest,
  isKeyword,
  isObjectSchema,
  normaliseExamples,
  normaliseKeyword,
  operationSummary,
  requestContent,
} from './normalise/index.js'
export type {BodyContent} from './normalise/index.js'
export {
  DocumentPatterns,
  OPENAPI_ANNOTATIONS,
  SUBSCHEMA_PLACES,
  SchemaObjectChecker,
  compileLinearPattern,
  entries,
  isSchemaKeyword,
  keywordRefusal,
  namesListed,
  subschemaLimitProblem,
} from './schema/index.js'
