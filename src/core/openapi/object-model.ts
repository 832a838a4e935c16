import {childPointer} from '../json/index.js'

/** The OpenAPI objects the model describes, by the specification's names without "Object". */
export type ObjectName =
  | 'OpenAPI'
  | 'Info'
  | 'Contact'
  | 'License'
  | 'Server'
  | 'ServerVariable'
  | 'Components'
  | 'Paths'
  | 'PathItem'
  | 'Operation'
  | 'ExternalDocumentation'
  | 'Parameter'
  | 'RequestBody'
  | 'MediaType'
  | 'Encoding'
  | 'Responses'
  | 'Response'
  | 'Callback'
  | 'Example'
  | 'Link'
  | 'Header'
  | 'Tag'
  | 'SecurityScheme'
  | 'OAuthFlows'
  | 'ImplicitFlow'
  | 'TokenFlow'
  | 'AuthorizationCodeFlow'
  | 'SecurityRequirement'
  | 'Schema'

/** Reports a deviation at a JSON Pointer. */
export type Report = (pointer: string, message: string) => void

/**
 * What a field holds. 'bound' is OpenAPI 3.0's boolean or 3.1's number, 'count' a
 * non-negative integer, and 'schema' a Schema Object.
 */
export type Shape =
  | {readonly is: 'string' | 'boolean' | 'number' | 'count' | 'bound' | 'any' | 'schema'}
  | {readonly is: 'enum'; readonly values: readonly string[]}
  | {readonly is: 'object'; readonly kind: ObjectName}
  /** The object, or a Reference Object naming one. */
  | {readonly is: 'refOr'; readonly kind: ObjectName}
  | {readonly is: 'array'; readonly items: Shape; readonly minItems?: number}
  | {readonly is: 'map'; readonly values: Shape; readonly keys?: KeyRule}

export interface KeyRule {
  readonly pattern: RegExp
  readonly message: string
}

/** One OpenAPI object: its fields and what each holds, and the rules across them. */
export interface ObjectModel {
  readonly name: ObjectName
  readonly fields: Readonly<Record<string, Shape>>
  readonly required?: readonly string[]
  /** Keys matching a pattern, for objects keyed by path, status code or expression. */
  readonly patterned?: {readonly key: RegExp; readonly value: Shape; readonly unknown: string}
  /** Keys beyond `fields` are the object's own (a Schema Object's keywords), not only `x-` extensions. */
  readonly open?: true
  /** Rules across fields, for what a field table cannot say. */
  readonly rules?: (value: Record<string, unknown>, pointer: string, report: Report) => void
  /** Fields OpenAPI 3.1 added: a 3.0 document has none of them. */
  readonly since31?: readonly string[]
  /** Swagger 2.0's fields holding objects where OpenAPI 3 has none (https://swagger.io/specification/v2/). */
  readonly swagger2?: Readonly<Record<string, Shape>>
}

export const STRING: Shape = {is: 'string'}
export const BOOLEAN: Shape = {is: 'boolean'}
export const NUMBER: Shape = {is: 'number'}
export const COUNT: Shape = {is: 'count'}
export const BOUND: Shape = {is: 'bound'}
export const ANY: Shape = {is: 'any'}
export const SCHEMA: Shape = {is: 'schema'}
export const object = (kind: ObjectName): Shape => ({is: 'object', kind})
export const refOr = (kind: ObjectName): Shape => ({is: 'refOr', kind})
export const array = (items: Shape, minItems?: number): Shape => ({is: 'array', items, minItems})
export const map = (values: Shape, keys?: KeyRule): Shape => ({is: 'map', values, keys})
export const oneOf = (...values: string[]): Shape => ({is: 'enum', values})

/** A rule that two fields exclude each other. */
export function exclusive(first: string, second: string): NonNullable<ObjectModel['rules']> {
  return (value, pointer, report) => {
    if (first in value && second in value) report(childPointer(pointer, second), `\`${first}\` and \`${second}\` exclude each other. Keep one.`)
  }
}

/** The object's name as the specification writes it, without "Object": "Path Item". */
export function objectTitle(name: ObjectName): string {
  return name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ')
}
