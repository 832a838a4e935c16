// https://spec.openapis.org/oas/v3.1.0#external-documentation-object
import {type ObjectModel, STRING} from './object-model.js'

export const EXTERNAL_DOCUMENTATION_OBJECT: ObjectModel = {name: 'ExternalDocumentation', fields: {description: STRING, url: STRING}, required: ['url']}
