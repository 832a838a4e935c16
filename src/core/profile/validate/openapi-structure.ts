import {METHODS} from '../collect-operations.js'
import {childPointer, isObject, jsonType, quoteJson} from '../../json/index.js'
import {LIMITS} from '../limits.js'
import type {RefResolver} from '../ref-resolver.js'

type Report = (pointer: string, message: string) => void

/** What a field may hold. */
type Shape =
  | {readonly is: 'string' | 'boolean' | 'any' | 'schema'}
  | {readonly is: 'enum'; readonly values: readonly string[]}
  | {readonly is: 'object'; readonly kind: Kind}
  /** The object, or a Reference Object naming one. */
  | {readonly is: 'refOr'; readonly kind: Kind}
  | {readonly is: 'array'; readonly items: Shape; readonly minItems?: number}
  | {readonly is: 'map'; readonly values: Shape; readonly keys?: KeyRule}

interface KeyRule {
  readonly pattern: RegExp
  readonly message: string
}

interface ObjectSpec {
  readonly fields: Readonly<Record<string, Shape>>
  readonly required?: readonly string[]
  /** Keys matching a pattern, for objects keyed by path, status code or expression. */
  readonly patterned?: {readonly key: RegExp; readonly value: Shape; readonly unknown: string}
  /** Rules across fields, for what a field table cannot say. */
  readonly rules?: (value: Record<string, unknown>, pointer: string, report: Report) => void
}

type Kind =
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

const STRING: Shape = {is: 'string'}
const BOOLEAN: Shape = {is: 'boolean'}
const ANY: Shape = {is: 'any'}
const SCHEMA: Shape = {is: 'schema'}
const object = (kind: Kind): Shape => ({is: 'object', kind})
const refOr = (kind: Kind): Shape => ({is: 'refOr', kind})
const array = (items: Shape, minItems?: number): Shape => ({is: 'array', items, minItems})
const map = (values: Shape, keys?: KeyRule): Shape => ({is: 'map', values, keys})
const oneOf = (...values: string[]): Shape => ({is: 'enum', values})

const COMPONENT_NAME: KeyRule = {pattern: /^[a-zA-Z0-9._-]+$/, message: 'Component names may use only letters, digits, `.`, `_` and `-`.'}
const CONTENT = map(object('MediaType'))
const EXAMPLES = map(refOr('Example'))

/** The fields a Parameter Object and a Header Object share (OAS 3.1 §4.8.12, §4.8.21). */
const PARAMETER_FIELDS = {
  description: STRING,
  required: BOOLEAN,
  deprecated: BOOLEAN,
  allowEmptyValue: BOOLEAN,
  explode: BOOLEAN,
  allowReserved: BOOLEAN,
  schema: SCHEMA,
  content: CONTENT,
  example: ANY,
  examples: EXAMPLES,
} as const
const PARAMETER_STYLES: Readonly<Record<string, readonly string[]>> = {
  path: ['matrix', 'label', 'simple'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
}

/**
 * The objects of OpenAPI 3.1 and their fields (https://spec.openapis.org/oas/v3.1.0#schema)
 * as a table one walk applies: the rules of the official OAS 3.1 JSON Schema, without
 * compiling it (which alone takes longer than this whole walk), and following the
 * specification's text where that schema (2021-04-15) is known to be wrong: a Path Item's
 * `$ref`, a Server Variable's `description`, a Link's `server`, a License with neither
 * `identifier` nor `url`, an Example with both `value` and `externalValue`, and Reference
 * Object fields beyond `$ref`, which are ignored.
 */
const OBJECTS: Readonly<Record<Kind, ObjectSpec>> = {
  OpenAPI: {
    fields: {
      openapi: STRING,
      info: object('Info'),
      jsonSchemaDialect: STRING,
      servers: array(object('Server')),
      paths: object('Paths'),
      webhooks: map(refOr('PathItem')),
      components: object('Components'),
      security: array(object('SecurityRequirement')),
      tags: array(object('Tag')),
      externalDocs: object('ExternalDocumentation'),
    },
    required: ['openapi', 'info'],
    rules(value, pointer, report) {
      if (!('paths' in value) && !('components' in value) && !('webhooks' in value)) {
        report(childPointer(pointer, 'paths'), 'The document has no `paths`. Add the operations under `paths`.')
      }
    },
  },
  Info: {
    fields: {title: STRING, summary: STRING, description: STRING, termsOfService: STRING, contact: object('Contact'), license: object('License'), version: STRING},
    required: ['title', 'version'],
  },
  Contact: {fields: {name: STRING, url: STRING, email: STRING}},
  License: {
    fields: {name: STRING, identifier: STRING, url: STRING},
    required: ['name'],
    rules: exclusive('identifier', 'url'),
  },
  Server: {fields: {url: STRING, description: STRING, variables: map(object('ServerVariable'))}, required: ['url']},
  ServerVariable: {fields: {enum: array(STRING, 1), default: STRING, description: STRING}, required: ['default']},
  Components: {
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
  },
  Paths: {
    fields: {},
    patterned: {key: /^\//, value: object('PathItem'), unknown: 'Paths must start with `/`.'},
  },
  PathItem: {
    fields: {
      $ref: STRING,
      summary: STRING,
      description: STRING,
      servers: array(object('Server')),
      parameters: array(refOr('Parameter')),
      ...Object.fromEntries(METHODS.map((method) => [method, object('Operation')])),
    },
  },
  Operation: {
    fields: {
      tags: array(STRING),
      summary: STRING,
      description: STRING,
      externalDocs: object('ExternalDocumentation'),
      operationId: STRING,
      parameters: array(refOr('Parameter')),
      requestBody: refOr('RequestBody'),
      responses: object('Responses'),
      callbacks: map(refOr('Callback')),
      deprecated: BOOLEAN,
      security: array(object('SecurityRequirement')),
      servers: array(object('Server')),
    },
  },
  ExternalDocumentation: {fields: {description: STRING, url: STRING}, required: ['url']},
  Parameter: {
    fields: {name: STRING, in: oneOf('query', 'header', 'path', 'cookie'), ...PARAMETER_FIELDS, style: STRING},
    required: ['name', 'in'],
    rules(value, pointer, report) {
      if (!('schema' in value) && !('content' in value)) report(childPointer(pointer, 'schema'), 'A parameter needs a `schema` (or a `content` map). Add one.')
      schemaOrContent(value, pointer, report)
      const styles = typeof value.in === 'string' ? PARAMETER_STYLES[value.in] : undefined
      if (value.in === 'path' && value.required !== true) {
        report(childPointer(pointer, 'required'), 'A path parameter must say `required: true`. Add it.')
      }
      if (styles !== undefined && typeof value.style === 'string' && !styles.includes(value.style)) {
        report(childPointer(pointer, 'style'), `\`style\` ${quoteJson(value.style)} is not allowed for \`in: ${String(value.in)}\`; use one of ${styles.join(', ')}.`)
      }
    },
  },
  RequestBody: {fields: {description: STRING, content: CONTENT, required: BOOLEAN}, required: ['content']},
  MediaType: {fields: {schema: SCHEMA, example: ANY, examples: EXAMPLES, encoding: map(object('Encoding'))}},
  Encoding: {
    fields: {
      contentType: STRING,
      headers: map(refOr('Header')),
      style: oneOf('form', 'spaceDelimited', 'pipeDelimited', 'deepObject'),
      explode: BOOLEAN,
      allowReserved: BOOLEAN,
    },
  },
  Responses: {
    fields: {default: refOr('Response')},
    patterned: {
      key: /^[1-5](?:[0-9]{2}|XX)$/,
      value: refOr('Response'),
      unknown: 'Response keys are `default`, a status code such as `200`, or a range such as `2XX`.',
    },
  },
  Response: {
    fields: {description: STRING, headers: map(refOr('Header')), content: CONTENT, links: map(refOr('Link'))},
    required: ['description'],
  },
  Callback: {
    fields: {},
    patterned: {key: /^/, value: refOr('PathItem'), unknown: ''},
  },
  Example: {
    fields: {summary: STRING, description: STRING, value: ANY, externalValue: STRING},
    rules: exclusive('value', 'externalValue'),
  },
  Link: {
    fields: {operationRef: STRING, operationId: STRING, parameters: map(ANY), requestBody: ANY, description: STRING, server: object('Server')},
    rules: exclusive('operationRef', 'operationId'),
  },
  // A Header Object is a Parameter Object without `name` and `in`, always in style simple.
  Header: {
    fields: {...PARAMETER_FIELDS, style: oneOf('simple')},
    rules: schemaOrContent,
  },
  Tag: {fields: {name: STRING, description: STRING, externalDocs: object('ExternalDocumentation')}, required: ['name']},
  SecurityScheme: {
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
      const needs: Readonly<Record<string, readonly string[]>> = {apiKey: ['name', 'in'], http: ['scheme'], oauth2: ['flows'], openIdConnect: ['openIdConnectUrl']}
      for (const field of needs[String(value.type)] ?? []) {
        if (!(field in value)) report(childPointer(pointer, field), `A security scheme of type ${String(value.type)} needs \`${field}\`. Add it.`)
      }
    },
  },
  OAuthFlows: {
    fields: {implicit: object('ImplicitFlow'), password: object('TokenFlow'), clientCredentials: object('TokenFlow'), authorizationCode: object('AuthorizationCodeFlow')},
  },
  ImplicitFlow: {fields: {authorizationUrl: STRING, refreshUrl: STRING, scopes: map(STRING)}, required: ['authorizationUrl', 'scopes']},
  TokenFlow: {fields: {tokenUrl: STRING, refreshUrl: STRING, scopes: map(STRING)}, required: ['tokenUrl', 'scopes']},
  AuthorizationCodeFlow: {
    fields: {authorizationUrl: STRING, tokenUrl: STRING, refreshUrl: STRING, scopes: map(STRING)},
    required: ['authorizationUrl', 'tokenUrl', 'scopes'],
  },
  SecurityRequirement: {fields: {}, patterned: {key: /^/, value: array(STRING), unknown: ''}},
}

/** Objects where `x-tama-*` keys are the profile's business (checked against docs/schema/x-tama.schema.json). */
const TAMA_OBJECTS: ReadonlySet<Kind> = new Set(['OpenAPI', 'Operation'])

export interface StructureHooks {
  readonly report: Report
  readonly resolver: RefResolver
  /** Called with every Schema Object position, once per position. */
  readonly schema: (value: unknown, pointer: string) => void
  /** The message for an `x-tama-*` key outside the root and operations. */
  readonly misplacedTamaKey: string
}

/**
 * Checks the document against the structure of OpenAPI 3.1, reporting every deviation
 * with its pointer, and hands each Schema Object position to `hooks.schema`.
 * Reference Objects must resolve inside the document; the object each names is checked
 * as the kind of object expected where the reference stands, once.
 */
export function checkStructure(document: Record<string, unknown>, hooks: StructureHooks): void {
  new StructureWalk(hooks).object('OpenAPI', document, '', 1)
}

class StructureWalk {
  /** Reference targets already checked, as kind and pointer. */
  private readonly visited = new Set<string>()

  constructor(private readonly hooks: StructureHooks) {}

  object(kind: Kind, value: unknown, pointer: string, depth: number): void {
    if (!isObject(value)) {
      this.hooks.report(pointer, `Expected ${objectName(kind)}, found ${jsonType(value)}.`)
      return
    }
    if (depth > LIMITS.depth) {
      this.hooks.report(pointer, `Objects are nested more than ${LIMITS.depth} deep here. Flatten the document.`)
      return
    }
    const spec: ObjectSpec = OBJECTS[kind]
    for (const field of spec.required ?? []) {
      if (!Object.hasOwn(value, field)) this.hooks.report(childPointer(pointer, field), `\`${field}\` is missing from ${objectName(kind)}. Add it.`)
    }
    for (const key of Object.keys(value)) {
      const shape = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined
      if (shape !== undefined) {
        this.shape(shape, value[key], pointer, key, key, depth)
      } else if (key.startsWith('x-')) {
        if (key.startsWith('x-tama-') && !TAMA_OBJECTS.has(kind)) this.hooks.report(childPointer(pointer, key), `\`${key}\` does not belong in ${objectName(kind)}: ${this.hooks.misplacedTamaKey}`)
      } else if (spec.patterned?.key.test(key)) {
        this.shape(spec.patterned.value, value[key], pointer, key, key, depth)
      } else {
        const hint = spec.patterned?.unknown ? ` ${spec.patterned.unknown}` : ''
        this.hooks.report(childPointer(pointer, key), `\`${key}\` is not a field of ${objectName(kind)}.${hint} Remove it, or name an extension \`x-${key}\`.`)
      }
    }
    spec.rules?.(value, pointer, this.hooks.report)
    // A Path Item may also stand for another one (https://spec.openapis.org/oas/v3.1.0#path-item-object).
    if (kind === 'PathItem' && Object.hasOwn(value, '$ref')) this.reference('PathItem', value, pointer, depth)
  }

  /**
   * Checks `value`, found at `token` inside the value at `parent`. The pointer is only
   * built when needed: most values are strings that are fine. `label` names the value in
   * messages: its field, or for an array item the array's field.
   */
  private shape(shape: Shape, value: unknown, parent: string, token: string | number, label: string, depth: number): void {
    switch (shape.is) {
      case 'any':
        return
      case 'string':
        if (typeof value !== 'string') this.mismatch(parent, token, label, 'a string', value)
        return
      case 'boolean':
        if (typeof value !== 'boolean') this.mismatch(parent, token, label, 'true or false', value)
        return
      case 'enum':
        if (typeof value !== 'string' || !shape.values.includes(value)) this.mismatch(parent, token, label, `one of ${shape.values.join(', ')}`, value)
        return
      case 'schema':
        this.hooks.schema(value, childPointer(parent, token))
        return
      case 'object':
        this.object(shape.kind, value, childPointer(parent, token), depth + 1)
        return
      case 'refOr':
        if (isObject(value) && Object.hasOwn(value, '$ref')) this.reference(shape.kind, value, childPointer(parent, token), depth)
        else this.object(shape.kind, value, childPointer(parent, token), depth + 1)
        return
      case 'array': {
        if (!Array.isArray(value)) return this.mismatch(parent, token, label, 'an array', value)
        if (shape.minItems !== undefined && value.length < shape.minItems) this.mismatch(parent, token, label, `an array of at least ${shape.minItems} item${shape.minItems === 1 ? '' : 's'}`, value)
        const pointer = childPointer(parent, token)
        for (let index = 0; index < value.length; index++) this.shape(shape.items, value[index], pointer, index, label, depth + 1)
        return
      }
      case 'map': {
        if (!isObject(value)) return this.mismatch(parent, token, label, 'an object', value)
        const pointer = childPointer(parent, token)
        for (const key of Object.keys(value)) {
          if (shape.keys && !shape.keys.pattern.test(key)) this.hooks.report(childPointer(pointer, key), `${quoteJson(key)} is not a valid name here. ${shape.keys.message}`)
          this.shape(shape.values, value[key], pointer, key, key, depth + 1)
        }
        return
      }
    }
  }

  private mismatch(parent: string, token: string | number, label: string, expected: string, value: unknown): void {
    const name = typeof token === 'number' ? `${label}/${token}` : label
    const found = typeof value === 'string' ? quoteJson(value) : jsonType(value)
    this.hooks.report(childPointer(parent, token), `\`${name}\` must be ${expected}, found ${found}.`)
  }

  /** A Reference Object where a `kind` object is expected: it must lead to one. */
  private reference(kind: Kind, value: Record<string, unknown>, pointer: string, depth: number): void {
    const target = this.hooks.resolver.follow(value, pointer)
    if ('error' in target) {
      this.hooks.report(childPointer(pointer, '$ref'), target.error)
      return
    }
    // Most targets are referenced many times (a shared parameter, say): check each once.
    const visit = `${kind}${target.pointer}`
    if (this.visited.has(visit)) return
    this.visited.add(visit)
    this.object(kind, target.value, target.pointer, depth + 1)
  }
}

function exclusive(first: string, second: string): NonNullable<ObjectSpec['rules']> {
  return (value, pointer, report) => {
    if (first in value && second in value) report(childPointer(pointer, second), `\`${first}\` and \`${second}\` exclude each other. Keep one.`)
  }
}

function schemaOrContent(value: Record<string, unknown>, pointer: string, report: Report): void {
  if ('schema' in value && 'content' in value) report(childPointer(pointer, 'content'), '`schema` and `content` exclude each other. Keep one.')
  if (isObject(value.content) && Object.keys(value.content).length !== 1) {
    report(childPointer(pointer, 'content'), `\`content\` must have exactly one media type here, found ${Object.keys(value.content).length}.`)
  }
}

/** The object's name with its article, as messages use it: "an Operation Object". */
function objectName(kind: Kind): string {
  const name = `${kind.replace(/(?<=[a-z])(?=[A-Z])/g, ' ')} Object`
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`
}
