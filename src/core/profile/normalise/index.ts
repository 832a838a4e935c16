/** A validated operation made into its record: input and output schemas, confirmation, search terms. */
export {normaliseOperation} from './normalise-operation.js'
export {requestContent} from './input-schema.js'
export type {BodyContent} from './input-schema.js'
export {formFields, isObjectSchema} from './form-body.js'
export {isExampleRequest, isKeyword, normaliseExamples, normaliseKeyword} from './search-terms.js'
export {exampleInput} from './example-input.js'
export {operationSummary} from './operation-summary.js'
