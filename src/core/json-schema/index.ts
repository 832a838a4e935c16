export {schemaProblems} from './schema-problems.js'
export type {SchemaProblem} from './schema-problems.js'
export {shippedSchema} from './shipped-schema.js'
