// https://spec.openapis.org/oas/v3.1.0#responses-object
import {type ObjectModel, refOr} from './object-model.js'

export const RESPONSES_OBJECT: ObjectModel = {
  name: 'Responses',
  fields: {default: refOr('Response')},
  patterned: {
    key: /^[1-5](?:[0-9]{2}|XX)$/,
    value: refOr('Response'),
    unknown: 'Response keys are `default`, a status code such as `200`, or a range such as `2XX`.',
  },
}
