// https://spec.openapis.org/oas/v3.1.0#oauth-flow-object
import {type ObjectModel, STRING, map} from './object-model.js'

// One OAuth Flow Object, whose required fields depend on the flow that holds it.
export const IMPLICIT_FLOW_OBJECT: ObjectModel = {name: 'ImplicitFlow', fields: {authorizationUrl: STRING, refreshUrl: STRING, scopes: map(STRING)}, required: ['authorizationUrl', 'scopes']}
export const TOKEN_FLOW_OBJECT: ObjectModel = {name: 'TokenFlow', fields: {tokenUrl: STRING, refreshUrl: STRING, scopes: map(STRING)}, required: ['tokenUrl', 'scopes']}
export const AUTHORIZATION_CODE_FLOW_OBJECT: ObjectModel = {
  name: 'AuthorizationCodeFlow',
  fields: {authorizationUrl: STRING, tokenUrl: STRING, refreshUrl: STRING, scopes: map(STRING)},
  required: ['authorizationUrl', 'tokenUrl', 'scopes'],
}
