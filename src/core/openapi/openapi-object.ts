// https://spec.openapis.org/oas/v3.1.0#openapi-object
import {childPointer} from '../json/index.js'
import {type ObjectModel, SCHEMA, STRING, array, map, object, refOr} from './object-model.js'

export const OPENAPI_OBJECT: ObjectModel = {
  name: 'OpenAPI',
  fields: {
    openapi: STRING,
    info: object('Info'),
    jsonSchemaDialect: STRING,
    servers: array(object('Server')),
    paths: object('Paths'),
    webhooks: map(refOr('PathItem')),
    components: object('Components'),
    security: array(object('SecurityRequirement')),
    tags: array(object('Tag')),
    externalDocs: object('ExternalDocumentation'),
  },
  required: ['openapi', 'info'],
  rules(value, pointer, report) {
    if (!('paths' in value) && !('components' in value) && !('webhooks' in value)) {
      report(childPointer(pointer, 'paths'), 'The document has no `paths`. Add the operations under `paths`.')
    }
  },
  since31: ['jsonSchemaDialect', 'webhooks'],
  // Swagger 2.0 keeps shared objects at the root (https://swagger.io/specification/v2/#swagger-object).
  swagger2: {definitions: map(SCHEMA), parameters: map(object('Parameter')), responses: map(object('Response'))},
}
