// https://spec.openapis.org/oas/v3.1.0#license-object
import {type ObjectModel, STRING, exclusive} from './object-model.js'

export const LICENSE_OBJECT: ObjectModel = {
  name: 'License',
  fields: {name: STRING, identifier: STRING, url: STRING},
  required: ['name'],
  rules: exclusive('identifier', 'url'),
  since31: ['identifier'],
}
