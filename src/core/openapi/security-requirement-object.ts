// https://spec.openapis.org/oas/v3.1.0#security-requirement-object
import {type ObjectModel, STRING, array} from './object-model.js'

export const SECURITY_REQUIREMENT_OBJECT: ObjectModel = {name: 'SecurityRequirement', fields: {}, patterned: {key: /^/, value: array(STRING), unknown: ''}}
