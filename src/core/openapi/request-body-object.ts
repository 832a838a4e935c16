// https://spec.openapis.org/oas/v3.1.0#request-body-object
import {BOOLEAN, type ObjectModel, STRING, map, object} from './object-model.js'

export const REQUEST_BODY_OBJECT: ObjectModel = {name: 'RequestBody', fields: {description: STRING, content: map(object('MediaType')), required: BOOLEAN}, required: ['content']}
