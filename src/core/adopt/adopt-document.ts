import {setImmediate as yieldToEvents} from 'node:timers/promises'

import {TamaError, type Problem} from '../errors/index.js'
import {LIMITS, checkDocument} from '../profile/index.js'
import {traceSpan} from '../telemetry/index.js'
import {type AdoptOptions, hasScopeRule, resolveAdoptOptions} from './adopt-options.js'
import {type AdoptWarning, AdoptWarnings, PROFILE_LOSS_KINDS} from './adopt-warnings.js'
import {adoptDocumentObjects, convertSwagger2} from './convert/index.js'
import {RefResolver} from '../openapi/index.js'
import {mergeKeywords} from './merge-keywords.js'
import {type ProfileOutcome, addProfile, unmappedScopesError} from './add-profile/index.js'
import {convertSwagger2Leftovers, dropQueryTemplates, inlinePathRefs, liftNestedPathItems} from './repair/index.js'
import {isEmptySubset, selectOperations, tooManyOperations} from './subset/index.js'
import {isPlainObject} from '../json/index.js'
import {type SourceVersion, copySourceDocument, countOperations, declaresAllScopes, sourceVersion} from './source-document.js'

/** What adoption did, beyond the warnings. */
export interface AdoptReport extends ProfileOutcome {
  /** The OpenAPI generation of the input. */
  readonly from: SourceVersion
  /** Path+method operations in the input; `operations` is how many the output has. */
  readonly operationsIn: number
  /** Operations of the input the subset options (includeTags, excludeTags, includePaths) left out. */
  readonly subsetLeftOut: number
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
 * Mistakes with one meaning are repaired, each with a warning (docs/adoption.md#repairs);
 * with `strict` they refuse the input instead.
 * Throws TamaError: 'usage' for bad options, operations no scope rule covers or a subset
 * that takes nothing; 'invalid_document' for input that is not an OpenAPI description
 * adoption can read, has more operations than a profile document holds, or (with
 * `strict`) has a mistake adoption would repair.
 * docs/adoption.md
 */
export async function adoptDocument(input: unknown, options: AdoptOptions = {}): Promise<AdoptResult> {
  const settings = resolveAdoptOptions(options)
  const {source} = settings
  return traceSpan('adopt', {}, async (span) => {
    // Refused before it is copied when no subset can cut it: the copy of Microsoft Graph alone takes hundreds of MiB.
    if (isEmptySubset(settings.subset) && isPlainObject(input) && countOperations(input) > LIMITS.operations) throw tooManyOperations(input, countOperations(input), source)
    const copy = copySourceDocument(input, source)
    // Between long phases, timers (a spinner) and signal handlers are served.
    await yieldToEvents()
    const from = sourceVersion(copy, source)
    // Fail before any work when nothing can give the operations scopes.
    if (!hasScopeRule(settings) && !declaresAllScopes(copy)) throw unmappedScopesError([], settings)
    const warnings = new AdoptWarnings()
    // Before any path key changes, so that every reference into paths still leads somewhere.
    inlinePathRefs(copy, source)
    if (from !== '2.0') {
      liftNestedPathItems(copy, warnings)
      convertSwagger2Leftovers(copy, warnings)
      dropQueryTemplates(copy, warnings)
    }
    const operationsIn = countOperations(copy)
    const subsetLeftOut = selectOperations(copy, settings.subset, source)
    const selected = operationsIn - subsetLeftOut
    if (selected > LIMITS.operations) throw tooManyOperations(copy, selected, source)
    await yieldToEvents()
    const converted = from === '2.0' ? await convertSwagger2(copy, source, warnings) : copy
    await yieldToEvents()
    const refs = new RefResolver(converted, 'tolerant')
    adoptDocumentObjects(converted, {upgrade: from !== '3.1', refs, warnings})
    await yieldToEvents()
    const outcome = addProfile(converted, settings, refs, warnings)
    mergeKeywords(converted, settings.keywords, warnings)
    await yieldToEvents()
    const document = orderRoot(converted, from)
    if (settings.strict) refuseRepairs(warnings, source)
    const {problems} = checkDocument(document, {source})
    if (problems.length > 0) throw leftoverProblems(problems, source)
    span.set({operations: outcome.operations})
    return {document, warnings: warnings.list, report: {from, operationsIn, subsetLeftOut, ...outcome}}
  })
}

/** Under `strict`, every mistake adoption would repair refuses the input, each a problem at its pointer. */
function refuseRepairs(warnings: AdoptWarnings, source: string): void {
  const mistakes = warnings.list.filter((warning) => !PROFILE_LOSS_KINDS.has(warning.kind))
  if (mistakes.length === 0) return
  const count = mistakes.length === 1 ? '1 mistake' : `${mistakes.length} mistakes`
  const first = mistakes[0]!
  throw new TamaError('invalid_document', `${source}: strict adoption refuses the input: it has ${count} adoption would repair, the first at #${first.pointer}: ${warnings.finding(first)} Fix the input, or adopt without strict to repair them.`, {
    problems: mistakes.map((warning) => ({source, pointer: warning.pointer, message: warnings.finding(warning)})),
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
