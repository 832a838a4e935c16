// https://spec.openapis.org/oas/v3.1.0#info-object
import {type ObjectModel, STRING, object} from './object-model.js'

export const INFO_OBJECT: ObjectModel = {
  name: 'Info',
  fields: {title: STRING, summary: STRING, description: STRING, termsOfService: STRING, contact: object('Contact'), license: object('License'), version: STRING},
  required: ['title', 'version'],
  since31: ['summary'],
}
