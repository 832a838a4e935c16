import type {CollectedOperation} from '../collect-operations.js'
import {deriveConfirmation} from './confirmation.js'
import {deriveInput} from './input-schema.js'
import {childPointer, quoteJson} from '../../json/index.js'
import {LIMITS} from '../limits.js'
import type {OperationRecord} from '../operation-record.js'
import {deriveOutput} from './output-schema.js'
import {RefResolver} from '../../openapi/index.js'
import {REFERENCE_DEPTH, type SchemaBundler, SchemaGraphFold, countSubschemas} from '../schema/index.js'
import {normaliseExamples, normaliseKeywords} from './search-terms.js'

type Report = (pointer: string, message: string) => void

export interface NormaliseContext {
  readonly resolver: RefResolver
  readonly bundler: SchemaBundler
  readonly report: Report
  /** The document-level `x-tama-scopes`, undefined when the root has none. */
  readonly defaultScopes: unknown
  /** The document-level `x-tama-keywords`, merged into every operation's keywords. */
  readonly documentKeywords: unknown
}

const OPERATION_ID = new RegExp(`^[A-Za-z_][A-Za-z0-9_./-]{0,${LIMITS.operationIdLength - 1}}$`)

/**
 * Turns one operation into its normalised record (docs/profile.md#the-normalised-operation),
 * reporting every profile rule of docs/profile.md#operations it breaks. Values of the
 * wrong JSON type are left to the structure and extension checks, which report them.
 */
export function normaliseOperation(collected: CollectedOperation, context: NormaliseContext): OperationRecord {
  const {operation, pointer} = collected
  const {report} = context
  const operationId = checkOperationId(operation.operationId, pointer, report)
  const summary = text(operation.summary)
  const description = text(operation.description)
  if (summary.trim() === '' && description.trim() === '') {
    report(childPointer(pointer, 'summary'), 'The operation has neither a `summary` nor a `description`. Add a one-line summary of what it does (callers search by it).')
  }
  if (summary.length > LIMITS.summaryLength) report(childPointer(pointer, 'summary'), `The summary is ${summary.length} characters; the limit is ${LIMITS.summaryLength}. Shorten it and move details to \`description\`.`)
  if (description.length > LIMITS.descriptionLength) report(childPointer(pointer, 'description'), `The description is ${description.length} characters; the limit is ${LIMITS.descriptionLength}. Shorten it.`)
  const tags = checkTags(operation.tags, childPointer(pointer, 'tags'), report)
  const scopes = Object.hasOwn(operation, 'x-tama-scopes') ? operation['x-tama-scopes'] : context.defaultScopes
  if (scopes === undefined) {
    report(
      childPointer(pointer, 'x-tama-scopes'),
      'The operation declares no scopes and the document sets no default, so no caller may run it. Add `x-tama-scopes` to the operation ([] lets any caller run it), or a default `x-tama-scopes` at the document root.',
    )
  }
  const input = deriveInput(collected, context)
  const confirmation = deriveConfirmation({operationId, operation, pointer, inputProperties: input.properties}, context.bundler, report)
  checkCompiledSize(input.inputSchema, pointer, 'input schema', report)
  if (confirmation !== null && confirmation.when !== 'always') checkCompiledSize(confirmation.when, childPointer(pointer, 'x-tama-confirmation'), '`when` schema', report)
  // Members in code-unit order, as the record's canonical JSON holds them.
  return {
    body: input.body,
    confirmation,
    description,
    destructive: operation['x-tama-destructive'] === true,
    examples: normaliseExamples(operation['x-tama-examples']),
    inputSchema: input.inputSchema,
    keywords: normaliseKeywords(operation['x-tama-keywords'], context.documentKeywords),
    method: collected.method,
    operationId,
    outputSchema: deriveOutput(operation.responses, childPointer(pointer, 'responses'), context.resolver, context.bundler),
    parameters: input.parameters,
    path: collected.path,
    scopes: isStringArray(scopes) ? [...scopes] : [],
    summary,
    tags,
  }
}

function checkOperationId(value: unknown, pointer: string, report: Report): string {
  const at = childPointer(pointer, 'operationId')
  if (value === undefined) {
    report(at, 'The operation has no `operationId`. Add one, unique in the document, such as `instances_get`: callers name the operation by it.')
    return ''
  }
  if (typeof value !== 'string') return ''
  if (!OPERATION_ID.test(value)) {
    report(at, `operationId ${quoteJson(value)} is not allowed: use 1-${LIMITS.operationIdLength} letters, digits, \`_\`, \`.\`, \`/\` and \`-\`, starting with a letter or \`_\`.`)
  }
  return value
}

function checkTags(value: unknown, pointer: string, report: Report): string[] {
  if (!Array.isArray(value)) return []
  if (value.length > LIMITS.tagsPerOperation) report(pointer, `The operation has ${value.length} tags; the limit is ${LIMITS.tagsPerOperation}. Keep the most useful.`)
  value.forEach((tag, index) => {
    if (typeof tag !== 'string') return
    if (tag.trim() === '') report(childPointer(pointer, index), 'A tag must not be empty. Remove it or name it.')
    else if (tag.length > LIMITS.tagLength) report(childPointer(pointer, index), `A tag is ${tag.length} characters; the limit is ${LIMITS.tagLength}. Shorten it.`)
  })
  return value.filter((tag): tag is string => typeof tag === 'string')
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/**
 * docs/profile.md#limits: execute compiles the operation's input and `when` schemas, and
 * compiling takes time in proportion to their subschemas, all of them at once, and goes
 * as deep as they nest once bundled (the input schema wraps the document's schemas in
 * properties of its own, so a schema within the limit in the document may not be here).
 */
function checkCompiledSize(schema: unknown, pointer: string, what: string, report: Report): void {
  const count = countSubschemas(schema, LIMITS.operationSubschemas)
  if (count > LIMITS.operationSubschemas) {
    report(pointer, `The operation's ${what} holds more than ${LIMITS.operationSubschemas} subschemas once its references are copied in (each place a schema is used counts); execute compiles it whole. Split the operation, or share fewer schemas across its input.`)
  }
  let deepAt: string | undefined
  new SchemaGraphFold(new RefResolver(schema), REFERENCE_DEPTH, (at) => (deepAt ??= at)).check(schema, '')
  if (deepAt !== undefined) {
    report(pointer, `The operation's ${what} goes more than ${LIMITS.referenceDepth} schemas deep once its references are bundled (${deepAt === '' ? 'from its root' : `from #${deepAt} of it`}), counting each subschema and each \`$ref\` followed as a level; execute could not compile it. Shorten the chain of references and nested schemas it uses.`)
  }
}
