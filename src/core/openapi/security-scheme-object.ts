// https://spec.openapis.org/oas/v3.1.0#security-scheme-object
import {childPointer} from '../json/index.js'
import {type ObjectModel, STRING, object, oneOf} from './object-model.js'

/** The fields each type of scheme needs. */
const NEEDS: Readonly<Record<string, readonly string[]>> = {apiKey: ['name', 'in'], http: ['scheme'], oauth2: ['flows'], openIdConnect: ['openIdConnectUrl']}

export const SECURITY_SCHEME_OBJECT: ObjectModel = {
  name: 'SecurityScheme',
  fields: {
    type: oneOf('apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'),
    description: STRING,
    name: STRING,
    in: oneOf('query', 'header', 'cookie'),
    scheme: STRING,
    bearerFormat: STRING,
    flows: object('OAuthFlows'),
    openIdConnectUrl: STRING,
  },
  required: ['type'],
  rules(value, pointer, report) {
    for (const field of NEEDS[String(value.type)] ?? []) {
      if (!(field in value)) report(childPointer(pointer, field), `A security scheme of type ${String(value.type)} needs \`${field}\`. Add it.`)
    }
  },
}
