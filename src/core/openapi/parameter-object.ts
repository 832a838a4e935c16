// https://spec.openapis.org/oas/v3.1.0#parameter-object
import {childPointer, isObject, quoteJson} from '../json/index.js'
import {ANY, BOOLEAN, type ObjectModel, type Report, SCHEMA, STRING, map, object, oneOf, refOr} from './object-model.js'

/** The fields a Parameter Object and a Header Object share. */
export const PARAMETER_FIELDS = {
  description: STRING,
  required: BOOLEAN,
  deprecated: BOOLEAN,
  allowEmptyValue: BOOLEAN,
  explode: BOOLEAN,
  allowReserved: BOOLEAN,
  schema: SCHEMA,
  content: map(object('MediaType')),
  example: ANY,
  examples: map(refOr('Example')),
} as const

const STYLES: Readonly<Record<string, readonly string[]>> = {
  path: ['matrix', 'label', 'simple'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
}

export const PARAMETER_OBJECT: ObjectModel = {
  name: 'Parameter',
  fields: {name: STRING, in: oneOf('query', 'header', 'path', 'cookie'), ...PARAMETER_FIELDS, style: STRING},
  required: ['name', 'in'],
  rules(value, pointer, report) {
    if (!('schema' in value) && !('content' in value)) report(childPointer(pointer, 'schema'), 'A parameter needs a `schema` (or a `content` map). Add one.')
    schemaOrContent(value, pointer, report)
    const styles = typeof value.in === 'string' ? STYLES[value.in] : undefined
    if (value.in === 'path' && value.required !== true) {
      report(childPointer(pointer, 'required'), 'A path parameter must say `required: true`. Add it.')
    }
    if (styles !== undefined && typeof value.style === 'string' && !styles.includes(value.style)) {
      report(childPointer(pointer, 'style'), `\`style\` ${quoteJson(value.style)} is not allowed for \`in: ${String(value.in)}\`; use one of ${styles.join(', ')}.`)
    }
  },
}

/** A Parameter or Header Object has a `schema` or a `content` map of one media type, not both. */
export function schemaOrContent(value: Record<string, unknown>, pointer: string, report: Report): void {
  if ('schema' in value && 'content' in value) report(childPointer(pointer, 'content'), '`schema` and `content` exclude each other. Keep one.')
  if (isObject(value.content) && Object.keys(value.content).length !== 1) {
    report(childPointer(pointer, 'content'), `\`content\` must have exactly one media type here, found ${Object.keys(value.content).length}.`)
  }
}
