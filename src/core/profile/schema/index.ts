/** Schema objects: their keywords, references, reach and size, checked and bundled. */
export {OPENAPI_ANNOTATIONS, SUBSCHEMA_PLACES, entries, isSchemaKeyword, keywordRefusal, namesListed} from './schema-keywords.js'
export {SchemaGraphFold} from './schema-graph-fold.js'
export {REFERENCE_DEPTH} from './reference-depth.js'
export {SchemaObjectChecker} from './schema-objects.js'
export {DocumentPatterns, compileLinearPattern} from './linear-pattern.js'
export {countSubschemas, subschemaLimitProblem} from './schema-size.js'
export {SchemaBundler} from './schema-bundler.js'
export type {SchemaAt} from './schema-bundler.js'
