export {schemaProblems} from './schema-problems.js'
export {shippedSchema} from './shipped-schema.js'
