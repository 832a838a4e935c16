// https://spec.openapis.org/oas/v3.1.0#header-object
import {type ObjectModel, oneOf} from './object-model.js'
import {PARAMETER_FIELDS, schemaOrContent} from './parameter-object.js'

/** A Parameter Object without `name` and `in`, always in style simple. */
export const HEADER_OBJECT: ObjectModel = {name: 'Header', fields: {...PARAMETER_FIELDS, style: oneOf('simple')}, rules: schemaOrContent}
