/** A Swagger 2.0 document converted, and every object of a document walked and adopted. */
export {convertSwagger2} from './swagger-2.js'
export {KEYED_OBJECTS, OBJECT_CHILDREN, SWAGGER_2_CHILDREN, adoptDocumentObjects} from './walk-document.js'
