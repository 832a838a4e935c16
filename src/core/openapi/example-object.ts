// https://spec.openapis.org/oas/v3.1.0#example-object
import {ANY, type ObjectModel, STRING, exclusive} from './object-model.js'

export const EXAMPLE_OBJECT: ObjectModel = {
  name: 'Example',
  fields: {summary: STRING, description: STRING, value: ANY, externalValue: STRING},
  rules: exclusive('value', 'externalValue'),
}
