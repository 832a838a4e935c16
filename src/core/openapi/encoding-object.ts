// https://spec.openapis.org/oas/v3.1.0#encoding-object
import {BOOLEAN, type ObjectModel, STRING, map, oneOf, refOr} from './object-model.js'

export const ENCODING_OBJECT: ObjectModel = {
  name: 'Encoding',
  fields: {
    contentType: STRING,
    headers: map(refOr('Header')),
    style: oneOf('form', 'spaceDelimited', 'pipeDelimited', 'deepObject'),
    explode: BOOLEAN,
    allowReserved: BOOLEAN,
  },
}
