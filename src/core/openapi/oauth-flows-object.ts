// https://spec.openapis.org/oas/v3.1.0#oauth-flows-object
import {type ObjectModel, object} from './object-model.js'

export const OAUTH_FLOWS_OBJECT: ObjectModel = {
  name: 'OAuthFlows',
  fields: {implicit: object('ImplicitFlow'), password: object('TokenFlow'), clientCredentials: object('TokenFlow'), authorizationCode: object('AuthorizationCodeFlow')},
}
