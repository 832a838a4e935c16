import {CALLBACK_OBJECT} from './callback-object.js'
import {COMPONENTS_OBJECT} from './components-object.js'
import {CONTACT_OBJECT} from './contact-object.js'
import {ENCODING_OBJECT} from './encoding-object.js'
import {EXAMPLE_OBJECT} from './example-object.js'
import {EXTERNAL_DOCUMENTATION_OBJECT} from './external-documentation-object.js'
import {HEADER_OBJECT} from './header-object.js'
import {INFO_OBJECT} from './info-object.js'
import {LICENSE_OBJECT} from './license-object.js'
import {LINK_OBJECT} from './link-object.js'
import {MEDIA_TYPE_OBJECT} from './media-type-object.js'
import {AUTHORIZATION_CODE_FLOW_OBJECT, IMPLICIT_FLOW_OBJECT, TOKEN_FLOW_OBJECT} from './oauth-flow-object.js'
import {OAUTH_FLOWS_OBJECT} from './oauth-flows-object.js'
import type {ObjectModel, ObjectName} from './object-model.js'
import {OPENAPI_OBJECT} from './openapi-object.js'
import {OPERATION_OBJECT} from './operation-object.js'
import {PARAMETER_OBJECT} from './parameter-object.js'
import {PATH_ITEM_OBJECT} from './path-item-object.js'
import {PATHS_OBJECT} from './paths-object.js'
import {REQUEST_BODY_OBJECT} from './request-body-object.js'
import {RESPONSE_OBJECT} from './response-object.js'
import {RESPONSES_OBJECT} from './responses-object.js'
import {SCHEMA_OBJECT} from './schema-object.js'
import {SECURITY_REQUIREMENT_OBJECT} from './security-requirement-object.js'
import {SECURITY_SCHEME_OBJECT} from './security-scheme-object.js'
import {SERVER_OBJECT} from './server-object.js'
import {SERVER_VARIABLE_OBJECT} from './server-variable-object.js'
import {TAG_OBJECT} from './tag-object.js'

/**
 * The objects of OpenAPI 3.1 (and 3.0, and Swagger 2.0 where it differs) by name, one file
 * each. They follow the specification's text where the official OAS 3.1 JSON Schema
 * (2021-04-15) is known to be wrong: a Path Item's `$ref`, a Server Variable's
 * `description`, a Link's `server`, a License with neither `identifier` nor `url`, an
 * Example with both `value` and `externalValue`, and Reference Object fields beyond
 * `$ref`, which are ignored.
 */
export const OPENAPI_OBJECTS: Readonly<Record<ObjectName, ObjectModel>> = {
  OpenAPI: OPENAPI_OBJECT,
  Info: INFO_OBJECT,
  Contact: CONTACT_OBJECT,
  License: LICENSE_OBJECT,
  Server: SERVER_OBJECT,
  ServerVariable: SERVER_VARIABLE_OBJECT,
  Components: COMPONENTS_OBJECT,
  Paths: PATHS_OBJECT,
  PathItem: PATH_ITEM_OBJECT,
  Operation: OPERATION_OBJECT,
  ExternalDocumentation: EXTERNAL_DOCUMENTATION_OBJECT,
  Parameter: PARAMETER_OBJECT,
  RequestBody: REQUEST_BODY_OBJECT,
  MediaType: MEDIA_TYPE_OBJECT,
  Encoding: ENCODING_OBJECT,
  Responses: RESPONSES_OBJECT,
  Response: RESPONSE_OBJECT,
  Callback: CALLBACK_OBJECT,
  Example: EXAMPLE_OBJECT,
  Link: LINK_OBJECT,
  Header: HEADER_OBJECT,
  Tag: TAG_OBJECT,
  SecurityScheme: SECURITY_SCHEME_OBJECT,
  OAuthFlows: OAUTH_FLOWS_OBJECT,
  ImplicitFlow: IMPLICIT_FLOW_OBJECT,
  TokenFlow: TOKEN_FLOW_OBJECT,
  AuthorizationCodeFlow: AUTHORIZATION_CODE_FLOW_OBJECT,
  SecurityRequirement: SECURITY_REQUIREMENT_OBJECT,
  Schema: SCHEMA_OBJECT,
}
