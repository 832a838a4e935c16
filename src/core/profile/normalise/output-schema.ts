import {jsonContent} from './input-schema.js'
import {childPointer, isObject} from '../../json/index.js'
import type {JsonSchema} from '../operation-record.js'
import type {RefResolver} from '../../openapi/index.js'
import type {SchemaBundler} from '../schema/index.js'

/**
 * How many referenced schemas an output schema carries, nearest first. Output schemas
 * only describe results, and some catalogues' responses reach hundreds of schemas each.
 */
const OUTPUT_SCHEMA_DEFINITIONS = 8

/**
 * The schema of the first 2xx response, by status code (`200` … `299`, then `2XX`), that
 * offers a JSON media type; null when none does (docs/profile.md#the-output-schema).
 */
export function deriveOutput(responses: unknown, pointer: string, resolver: RefResolver, bundler: SchemaBundler): JsonSchema | null {
  if (!isObject(responses)) return null
  const codes = Object.keys(responses)
    .filter((code) => /^2(?:[0-9]{2}|XX)$/.test(code))
    .sort((a, b) => (a === '2XX' ? 1 : b === '2XX' ? -1 : Number(a) - Number(b)))
  for (const code of codes) {
    const response = resolver.follow(responses[code], childPointer(pointer, code))
    if (!('value' in response) || !isObject(response.value)) continue
    const content = jsonContent(response.value.content, childPointer(response.pointer, 'content'))
    if (content !== null) return bundler.bundleOne(content.schema, OUTPUT_SCHEMA_DEFINITIONS)
  }
  return null
}
