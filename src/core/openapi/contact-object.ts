// https://spec.openapis.org/oas/v3.1.0#contact-object
import {type ObjectModel, STRING} from './object-model.js'

export const CONTACT_OBJECT: ObjectModel = {name: 'Contact', fields: {name: STRING, url: STRING, email: STRING}}
