// https://spec.openapis.org/oas/v3.1.0#operation-object
import {BOOLEAN, type ObjectModel, STRING, array, map, object, refOr} from './object-model.js'

export const OPERATION_OBJECT: ObjectModel = {
  name: 'Operation',
  fields: {
    tags: array(STRING),
    summary: STRING,
    description: STRING,
    externalDocs: object('ExternalDocumentation'),
    operationId: STRING,
    parameters: array(refOr('Parameter')),
    requestBody: refOr('RequestBody'),
    responses: object('Responses'),
    callbacks: map(refOr('Callback')),
    deprecated: BOOLEAN,
    security: array(object('SecurityRequirement')),
    servers: array(object('Server')),
  },
}
