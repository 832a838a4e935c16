// https://spec.openapis.org/oas/v3.1.0#components-object
import {type KeyRule, type ObjectModel, SCHEMA, map, refOr} from './object-model.js'

const COMPONENT_NAME: KeyRule = {pattern: /^[a-zA-Z0-9._-]+$/, message: 'Component names may use only letters, digits, `.`, `_` and `-`.'}

export const COMPONENTS_OBJECT: ObjectModel = {
  name: 'Components',
  fields: {
    schemas: map(SCHEMA, COMPONENT_NAME),
    responses: map(refOr('Response'), COMPONENT_NAME),
    parameters: map(refOr('Parameter'), COMPONENT_NAME),
    examples: map(refOr('Example'), COMPONENT_NAME),
    requestBodies: map(refOr('RequestBody'), COMPONENT_NAME),
    headers: map(refOr('Header'), COMPONENT_NAME),
    securitySchemes: map(refOr('SecurityScheme'), COMPONENT_NAME),
    links: map(refOr('Link'), COMPONENT_NAME),
    callbacks: map(refOr('Callback'), COMPONENT_NAME),
    pathItems: map(refOr('PathItem'), COMPONENT_NAME),
  },
  since31: ['pathItems'],
}
