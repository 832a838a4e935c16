// https://spec.openapis.org/oas/v3.1.0#tag-object
import {type ObjectModel, STRING, object} from './object-model.js'

export const TAG_OBJECT: ObjectModel = {name: 'Tag', fields: {name: STRING, description: STRING, externalDocs: object('ExternalDocumentation')}, required: ['name']}
