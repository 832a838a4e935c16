/** A document checked against the profile, structure and extensions, and its files validated. */
export {checkDocument, checkMeasuredDocument, validateDocument} from './validate-document.js'
export type {CheckOptions, CheckResult} from './validate-document.js'
export {validateFiles} from './validate-files.js'
export type {ValidationReport} from './validate-files.js'
