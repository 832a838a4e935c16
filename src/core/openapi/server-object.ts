// https://spec.openapis.org/oas/v3.1.0#server-object
import {type ObjectModel, STRING, map, object} from './object-model.js'

export const SERVER_OBJECT: ObjectModel = {name: 'Server', fields: {url: STRING, description: STRING, variables: map(object('ServerVariable'))}, required: ['url']}
