// https://spec.openapis.org/oas/v3.1.0#media-type-object
import {ANY, type ObjectModel, SCHEMA, map, object, refOr} from './object-model.js'

export const MEDIA_TYPE_OBJECT: ObjectModel = {name: 'MediaType', fields: {schema: SCHEMA, example: ANY, encoding: map(object('Encoding')), examples: map(refOr('Example'))}}
