import {TamaError, type Problem} from '../../errors/index.js'
import {childPointer, findNonJson, isObject, jsonType, quoteJson} from '../../json/index.js'
import {collectOperations} from '../collect-operations.js'
import {normaliseOperation} from '../normalise/index.js'
import {LIMITS, PROFILE} from '../limits.js'
import {checkStructure} from './openapi-structure.js'
import type {OperationRecord, ValidatedDocument} from '../operation-record.js'
import {RefResolver} from '../../openapi/index.js'
import {SchemaBundler, SchemaObjectChecker} from '../schema/index.js'
import {checkDocumentExtensions, checkOperationExtensions, unknownTamaKeyMessage} from './tama-extensions.js'

export interface CheckOptions {
  /** The file or source name put on every problem, as the caller named it. */
  readonly source?: string
}

export interface CheckResult {
  /** null when there is any problem. */
  readonly document: ValidatedDocument | null
  readonly problems: Problem[]
}

/**
 * Every problem the document has against OpenAPI 3.1 and the `tama-operations/1` profile
 * (docs/profile.md), each with a JSON Pointer, and, when there is none, the normalised
 * document: its info and its operations in operationId order. Never throws for a bad
 * document; the same document always yields the same result.
 */
export function checkDocument(document: unknown, options: CheckOptions = {}): CheckResult {
  return check(document, options, false)
}

/**
 * checkDocument of a document the caller has found to be plain JSON data nested at most
 * LIMITS.depth deep, with no string or key longer than LIMITS.stringLength, as a cassette
 * build does while canonicalising it: it is not walked again to find that out. Not part of
 * the package's API, which must not take a caller's word for a hostile value.
 */
export function checkMeasuredDocument(document: unknown, options: CheckOptions = {}): CheckResult {
  return check(document, options, true)
}

function check(document: unknown, options: CheckOptions, withinDataLimits: boolean): CheckResult {
  const problems: Problem[] = []
  const seen = new Set<string>()
  const report = (pointer: string, message: string) => {
    // A schema reached along several paths would otherwise be reported once per path.
    const key = `${pointer}\n${message}`
    if (seen.has(key)) return
    seen.add(key)
    problems.push(options.source === undefined ? {pointer, message} : {source: options.source, pointer, message})
  }
  // A document given as a value (not text) has not met the parser's limits yet, and the
  // checks below must never walk a cycle or unbounded nesting. `undefined` is left to
  // canonicalisation, which drops it from objects as JSON.stringify does.
  const nonJson = withinDataLimits ? null : findNonJson(document, {maxStringLength: LIMITS.stringLength, ignoreUndefined: true})
  if (nonJson !== null) {
    report(nonJson.pointer, `This value ${nonJson.reason}. A document must be plain JSON data within the limits of docs/profile.md#limits: objects and arrays nested more than ${LIMITS.depth} deep, strings and keys longer than ${LIMITS.stringLength} characters and numbers that are not finite are refused.`)
    return {document: null, problems}
  }
  if (!isObject(document)) {
    report('', `The document root must be an object, an OpenAPI 3.1 document, but it is ${jsonType(document)}.`)
    return {document: null, problems}
  }
  const operations = checkVersion(document, report) ? checkOpenApi(document, report) : []
  if (problems.length > 0) return {document: null, problems}
  const info = document.info as Record<string, unknown>
  return {
    document: {
      info: {title: info.title as string, version: info.version as string, profile: PROFILE},
      operations: operations.sort((a, b) => (a.operationId < b.operationId ? -1 : a.operationId > b.operationId ? 1 : 0)),
    },
    problems,
  }
}

/** checkDocument, throwing TamaError('invalid_document') with every problem when there is any. */
export function validateDocument(document: unknown, options: CheckOptions = {}): ValidatedDocument {
  const {document: validated, problems} = checkDocument(document, options)
  if (validated !== null) return validated
  const source = options.source ?? 'The document'
  const first = problems[0]!
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  throw new TamaError('invalid_document', `${source}: ${count}, the first at #${first.pointer}: ${first.message}`, {problems, details: {problems: problems.length}})
}

/**
 * Only OpenAPI 3.1 is read (docs/profile.md#root); an older document gets one problem
 * that points to adoption, rather than a list of 3.1 rules it was never meant to meet.
 */
function checkVersion(document: Record<string, unknown>, report: (pointer: string, message: string) => void): boolean {
  if (Object.hasOwn(document, 'swagger')) {
    report('/swagger', `This is a Swagger ${quoteJson(document.swagger)} document; tama-dex reads OpenAPI 3.1. Convert it with document adoption (docs/adoption.md).`)
    return false
  }
  const version = document.openapi
  if (typeof version === 'string' && /^3\.1\.\d+(-.+)?$/.test(version)) return true
  if (typeof version === 'string' && /^3\.0\.\d+/.test(version)) {
    report('/openapi', `This is an OpenAPI ${version} document; tama-dex reads OpenAPI 3.1. Convert it with document adoption (docs/adoption.md).`)
  } else if (version === undefined) {
    report('/openapi', 'The document has no `openapi` version, so it is not an OpenAPI document. Write an OpenAPI 3.1 document (`openapi: 3.1.0`), or convert a Swagger 2.0 / OpenAPI 3.0 one with document adoption (docs/adoption.md).')
  } else {
    report('/openapi', `\`openapi\` is ${quoteJson(version)}; tama-dex reads OpenAPI 3.1 (\`openapi: 3.1.0\`).`)
  }
  return false
}

function checkOpenApi(document: Record<string, unknown>, report: (pointer: string, message: string) => void): OperationRecord[] {
  const resolver = new RefResolver(document)
  const schemas = new SchemaObjectChecker(resolver, report)
  checkStructure(document, {report, resolver, schema: (value, pointer) => schemas.check(value, pointer), misplacedTamaKey: unknownTamaKeyMessage()})
  checkDocumentExtensions(document, report)
  checkInfo(document.info, report)

  const collected = collectOperations(document, resolver)
  if (collected.length > LIMITS.operations) {
    report('/paths', `The document has ${collected.length} operations; the limit is ${LIMITS.operations}. Split it into several documents.`)
    return []
  }
  const bundler = new SchemaBundler(resolver)
  const context = {resolver, bundler, report, defaultScopes: document['x-tama-scopes'], documentKeywords: document['x-tama-keywords']}
  const firstUse = new Map<string, string>()
  return collected.map((operation) => {
    checkOperationExtensions(operation.operation, operation.pointer, report)
    const confirmation = operation.operation['x-tama-confirmation']
    if (isObject(confirmation) && isObject(confirmation.when)) schemas.check(confirmation.when, childPointer(childPointer(operation.pointer, 'x-tama-confirmation'), 'when'))
    const record = normaliseOperation(operation, context)
    const id = record.operationId
    const first = firstUse.get(id)
    if (id !== '' && first !== undefined) {
      report(childPointer(operation.pointer, 'operationId'), `operationId ${quoteJson(id)} is already used by the operation at #${first}. Give each operation its own operationId.`)
    } else if (first === undefined) {
      firstUse.set(id, operation.pointer)
    }
    return record
  })
}

/** docs/profile.md#root: `info.title` and `info.version` are non-empty. */
function checkInfo(info: unknown, report: (pointer: string, message: string) => void): void {
  if (!isObject(info)) return
  for (const field of ['title', 'version']) {
    if (typeof info[field] === 'string' && (info[field] as string).trim() === '') report(`/info/${field}`, `\`info.${field}\` is empty. Give the document a ${field}.`)
  }
}

