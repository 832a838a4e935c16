export {INPUT_LIMITS, LIMITS, PROFILE} from './limits.js'
export {documentSource, parseDocumentText, readDocumentFile} from './parse-document.js'
export {checkDocument, validateDocument} from './validate-document.js'
export type {CheckOptions, CheckResult} from './validate-document.js'
