// https://spec.openapis.org/oas/v3.1.0#path-item-object
import {type ObjectModel, STRING, array, object, refOr} from './object-model.js'

/** The HTTP methods of a Path Item, in the specification's order. */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

export const PATH_ITEM_OBJECT: ObjectModel = {
  name: 'PathItem',
  fields: {
    $ref: STRING,
    summary: STRING,
    description: STRING,
    servers: array(object('Server')),
    parameters: array(refOr('Parameter')),
    ...Object.fromEntries(METHODS.map((method) => [method, object('Operation')])),
  },
}
