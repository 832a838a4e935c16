// https://spec.openapis.org/oas/v3.1.0#schema-object
import {BOOLEAN, BOUND, COUNT, NUMBER, type ObjectModel} from './object-model.js'

/**
 * A JSON Schema: its keywords are its own, and only those typed as booleans or numbers are
 * listed (https://json-schema.org/draft/2020-12/json-schema-validation), with OpenAPI 3.0's
 * `nullable`; `exclusiveMaximum` and `exclusiveMinimum` are booleans in 3.0, numbers in 3.1.
 */
export const SCHEMA_OBJECT: ObjectModel = {
  name: 'Schema',
  open: true,
  fields: {
    multipleOf: NUMBER,
    maximum: NUMBER,
    minimum: NUMBER,
    exclusiveMaximum: BOUND,
    exclusiveMinimum: BOUND,
    maxLength: COUNT,
    minLength: COUNT,
    maxItems: COUNT,
    minItems: COUNT,
    maxContains: COUNT,
    minContains: COUNT,
    maxProperties: COUNT,
    minProperties: COUNT,
    uniqueItems: BOOLEAN,
    nullable: BOOLEAN,
    readOnly: BOOLEAN,
    writeOnly: BOOLEAN,
    deprecated: BOOLEAN,
  },
}
