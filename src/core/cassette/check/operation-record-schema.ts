import {PART_MEDIA_TYPE} from '../../profile/normalise/form-body.js'

const TEXT = {type: 'string'}
const TEXTS = {type: 'array', items: TEXT}
// Stored only when not empty (format/operation-row.ts), so a cassette built before they existed reads as before.
const OPTIONAL_TEXTS = {type: 'array', items: TEXT, minItems: 1}
const SCHEMA = {type: ['object', 'boolean']}

/**
 * The shape of an OperationRecord (src/core/profile/operation-record.ts) as JSON Schema:
 * what a stored record must be, checked by Ajv (read/prebuilt-records.ts) or, for a copy, by
 * compileShape (record-shape.ts, which reads only the keywords used here).
 */
export const OPERATION_RECORD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['operationId', 'method', 'path', 'summary', 'description', 'tags', 'scopes', 'destructive', 'confirmation', 'inputSchema', 'outputSchema', 'parameters', 'body'],
  properties: {
    operationId: TEXT,
    method: TEXT,
    path: TEXT,
    summary: TEXT,
    description: TEXT,
    tags: TEXTS,
    keywords: OPTIONAL_TEXTS,
    examples: OPTIONAL_TEXTS,
    scopes: TEXTS,
    destructive: {type: 'boolean'},
    confirmation: {
      anyOf: [
        {type: 'null'},
        {
          type: 'object',
          additionalProperties: false,
          required: ['when', 'echo', 'message'],
          properties: {when: {anyOf: [{const: 'always'}, SCHEMA]}, echo: {type: ['string', 'null']}, message: TEXT},
        },
      ],
    },
    inputSchema: SCHEMA,
    outputSchema: {type: ['object', 'boolean', 'null']},
    parameters: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'in', 'required'],
        properties: {name: TEXT, in: {enum: ['path', 'query', 'header']}, required: {type: 'boolean'}},
      },
    },
    body: {
      anyOf: [
        {type: 'null'},
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'contentType', 'required'],
          properties: {
            mode: {enum: ['input', 'property']},
            contentType: TEXT,
            required: {type: 'boolean'},
            encoding: {
              type: 'object',
              additionalProperties: {
                type: 'object',
                additionalProperties: false,
                required: ['style', 'explode', 'contentType', 'binary'],
                properties: {style: {enum: ['form', 'deepObject']}, explode: {type: 'boolean'}, contentType: {anyOf: [{type: 'null'}, {type: 'string', pattern: PART_MEDIA_TYPE.source}]}, binary: {type: 'boolean'}},
              },
            },
          },
        },
      ],
    },
  },
} as const
