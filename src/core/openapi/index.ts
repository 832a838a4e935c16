/** The OpenAPI object model, one file per object, and the one `$ref` resolver. */
export {OPENAPI_OBJECTS} from './openapi-model.js'
export {objectTitle} from './object-model.js'
export type {ObjectModel, ObjectName, Report, Shape} from './object-model.js'
export {METHODS} from './path-item-object.js'
export {RefResolver, isInternalRef} from './ref-resolver.js'
export type {RefMode, Resolution} from './ref-resolver.js'
