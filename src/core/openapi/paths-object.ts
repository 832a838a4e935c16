// https://spec.openapis.org/oas/v3.1.0#paths-object
import {type ObjectModel, object} from './object-model.js'

export const PATHS_OBJECT: ObjectModel = {
  name: 'Paths',
  fields: {},
  patterned: {key: /^\//, value: object('PathItem'), unknown: 'Paths must start with `/`.'},
}
