// https://spec.openapis.org/oas/v3.1.0#link-object
import {ANY, type ObjectModel, STRING, exclusive, map, object} from './object-model.js'

export const LINK_OBJECT: ObjectModel = {
  name: 'Link',
  fields: {operationRef: STRING, operationId: STRING, parameters: map(ANY), requestBody: ANY, description: STRING, server: object('Server')},
  rules: exclusive('operationRef', 'operationId'),
}
