// https://spec.openapis.org/oas/v3.1.0#callback-object
import {type ObjectModel, refOr} from './object-model.js'

export const CALLBACK_OBJECT: ObjectModel = {name: 'Callback', fields: {}, patterned: {key: /^/, value: refOr('PathItem'), unknown: ''}}
