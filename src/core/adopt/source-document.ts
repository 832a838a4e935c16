import {TamaError} from '../errors/index.js'
import {findNonJson, isPlainObject} from '../json/index.js'
import {HTTP_METHODS} from './adopt-options.js'

/** The OpenAPI generation an input is written in. */
export type SourceVersion = '2.0' | '3.0' | '3.1'

/**
 * A private copy of the input that adoption may change freely: the input is never
 * mutated, and shared objects (YAML aliases) become separate, so a fix made for one
 * operation never leaks into another.
 */
export function copySourceDocument(input: unknown, source: string): Record<string, unknown> {
  if (!isPlainObject(input)) {
    throw new TamaError('invalid_document', `${source}: not an OpenAPI description: the root must be an object with "openapi" or "swagger".`, {
      problems: [{source, pointer: '', message: 'expected an object'}],
    })
  }
  const nonJson = findNonJson(input)
  if (nonJson !== null) {
    throw new TamaError('invalid_document', `${source}: the value at ${nonJson.pointer || 'the root'} ${nonJson.reason}; a document must be plain JSON data.`, {
      problems: [{source, pointer: nonJson.pointer, message: nonJson.reason}],
    })
  }
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>
}

/** Which OpenAPI generation the document is, from its `swagger` or `openapi` field. */
export function sourceVersion(document: Record<string, unknown>, source: string): SourceVersion {
  const {swagger, openapi} = document
  if (swagger === '2.0') return '2.0'
  if (typeof openapi === 'string' && /^3\.0\.\d+(-.+)?$/.test(openapi)) return '3.0'
  if (typeof openapi === 'string' && /^3\.1\.\d+(-.+)?$/.test(openapi)) return '3.1'
  const [pointer, found] = openapi === undefined ? ['/swagger', swagger] : ['/openapi', openapi]
  const hint = typeof found === 'number' ? ` Write the version as a string: "${found.toFixed(1)}".` : ''
  const message =
    found === undefined
      ? 'not an OpenAPI description: the root has neither "openapi" nor "swagger".'
      : `${JSON.stringify(found)} is not a version adoption reads: Swagger "2.0", OpenAPI "3.0.x" or "3.1.x".${hint}`
  throw new TamaError('invalid_document', `${source}: ${message}`, {problems: [{source, pointer: found === undefined ? '' : pointer, message}]})
}

/** Path+method operations in a document's `paths`, counted before anything is changed. */
export function countOperations(document: Record<string, unknown>): number {
  return operationValues(document).length
}

/** True when the document itself says who may run every operation (`x-tama-scopes`). */
export function declaresAllScopes(document: Record<string, unknown>): boolean {
  if (document['x-tama-scopes'] !== undefined) return true
  return operationValues(document).every((operation) => !isPlainObject(operation) || operation['x-tama-scopes'] !== undefined)
}

function operationValues(document: Record<string, unknown>): unknown[] {
  const {paths} = document
  if (!isPlainObject(paths)) return []
  return Object.entries(paths).flatMap(([path, item]) =>
    path.startsWith('x-') || !isPlainObject(item) ? [] : HTTP_METHODS.flatMap((method) => (item[method] === undefined ? [] : [item[method]])),
  )
}
