import {TamaError, type Problem} from '../errors/tama-error.js'
import {checkDocument} from '../profile/index.js'
import {traceSpan} from '../telemetry/telemetry.js'
import {type AdoptOptions, hasScopeRule, resolveAdoptOptions} from './adopt-options.js'
import {type AdoptWarning, AdoptWarnings} from './adopt-warnings.js'
import {convertSwagger2} from './convert/swagger-2.js'
import {adoptDocumentObjects} from './convert/walk-document.js'
import {InternalRefs} from './internal-refs.js'
import {mergeKeywords} from './merge-keywords.js'
import {type ProfileOutcome, addProfile} from './profile/add-profile.js'
import {unmappedScopesError} from './profile/scopes.js'
import {type SourceVersion, copySourceDocument, countOperations, declaresAllScopes, sourceVersion} from './source-document.js'

/** What adoption did, beyond the warnings. */
export interface AdoptReport extends ProfileOutcome {
  /** The OpenAPI generation of the input. */
  readonly from: SourceVersion
  /** Path+method operations in the input; `operations` is how many the output has. */
  readonly operationsIn: number
}

export interface AdoptResult {
  /** The tama-operations/1 document, keys in a stable order; it passes validateDocument. */
  readonly document: Record<string, unknown>
  readonly warnings: AdoptWarning[]
  readonly report: AdoptReport
}

/**
 * Adopts an OpenAPI description — Swagger 2.0, OpenAPI 3.0.x or 3.1.x, already parsed —
 * as a tama-operations/1 document: converted to OpenAPI 3.1, given the profile's fields
 * by `options`, and validated. Deterministic (the same input and options give the same
 * document) and free of I/O; the input is never changed. Every loss is a warning.
 * Throws TamaError: 'usage' for bad options or operations no scope rule covers,
 * 'invalid_document' for input that is not an OpenAPI description adoption can read.
 * docs/adoption.md
 */
export async function adoptDocument(input: unknown, options: AdoptOptions = {}): Promise<AdoptResult> {
  const settings = resolveAdoptOptions(options)
  const {source} = settings
  return traceSpan('adopt', {}, async (span) => {
    const copy = copySourceDocument(input, source)
    const from = sourceVersion(copy, source)
    // Fail before any work when nothing can give the operations scopes.
    if (!hasScopeRule(settings) && !declaresAllScopes(copy)) throw unmappedScopesError([], settings)
    const operationsIn = countOperations(copy)
    const warnings = new AdoptWarnings()
    const converted = from === '2.0' ? await convertSwagger2(copy, source, warnings) : copy
    const refs = new InternalRefs(converted)
    adoptDocumentObjects(converted, {upgrade: from !== '3.1', refs, warnings})
    const outcome = addProfile(converted, settings, refs, warnings)
    mergeKeywords(converted, settings.keywords, warnings)
    const document = orderRoot(converted, from)
    const {problems} = checkDocument(document, {source})
    if (problems.length > 0) throw leftoverProblems(problems, source)
    span.set({operations: outcome.operations})
    return {document, warnings: warnings.list, report: {from, operationsIn, ...outcome}}
  })
}

// Where adoption writes; a problem anywhere else was in the input and passed through.
const WRITTEN_BY_ADOPTION = /^\/(openapi|x-tama-profile|x-tama-scopes)(\/|$)|^\/paths\/[^/]+\/[^/]+\/(operationId|summary|tags|x-tama-scopes|x-tama-destructive)(\/|$)/

/**
 * The problems the adopted document still has. Adoption writes only what the profile
 * accepts, so a problem in a field it writes is a tama-dex bug ('internal'); any other
 * was in the input, which adoption does not repair in full ('invalid_document').
 */
function leftoverProblems(problems: readonly Problem[], source: string): TamaError {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  if (problems.some((problem) => WRITTEN_BY_ADOPTION.test(problem.pointer))) {
    return new TamaError('internal', `${source}: the adopted document has ${count} in what adoption wrote. This is a tama-dex bug: please report it with the input document.`, {problems})
  }
  const first = problems[0]!
  return new TamaError('invalid_document', `${source}: the input has ${count} that adoption does not repair, the first at #${first.pointer} of the adopted document: ${first.message} Fix the input and adopt again.`, {problems})
}

// The root's identifying fields first, then the rest in document order.
const LEADING_FIELDS = ['openapi', 'x-tama-profile', 'x-tama-scopes', 'info']

function orderRoot(document: Record<string, unknown>, from: SourceVersion): Record<string, unknown> {
  const openapi = from === '3.1' ? document.openapi : '3.1.0'
  const rest = Object.entries(document).filter(([field]) => !LEADING_FIELDS.includes(field))
  const leading = LEADING_FIELDS.flatMap((field): Array<[string, unknown]> => {
    if (field === 'openapi') return [['openapi', openapi]]
    return document[field] === undefined ? [] : [[field, document[field]]]
  })
  return Object.fromEntries([...leading, ...rest])
}
