// https://spec.openapis.org/oas/v3.1.0#server-variable-object
import {type ObjectModel, STRING, array} from './object-model.js'

export const SERVER_VARIABLE_OBJECT: ObjectModel = {name: 'ServerVariable', fields: {enum: array(STRING, 1), default: STRING, description: STRING}, required: ['default']}
