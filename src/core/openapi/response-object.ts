// https://spec.openapis.org/oas/v3.1.0#response-object
import {type ObjectModel, SCHEMA, STRING, map, object, refOr} from './object-model.js'

export const RESPONSE_OBJECT: ObjectModel = {
  name: 'Response',
  fields: {description: STRING, headers: map(refOr('Header')), content: map(object('MediaType')), links: map(refOr('Link'))},
  required: ['description'],
  // A Swagger 2.0 response holds its schema itself (https://swagger.io/specification/v2/#response-object).
  swagger2: {schema: SCHEMA},
}
