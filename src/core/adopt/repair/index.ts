/** Repairs of mistakes common in published descriptions, each with its warning. */
export {liftNestedPathItems} from './nested-path-items.js'
export {repairFields} from './object-fields.js'
export {inlinePathRefs} from './path-refs.js'
export {dropQueryTemplates} from './query-in-path-keys.js'
export {convertSwagger2Leftovers} from './swagger-2-leftovers.js'
