import {TamaError} from '../../errors/index.js'
import {childPointer} from '../../json/index.js'
import {LIMITS} from '../../profile/index.js'
import type {AdoptSettings} from '../adopt-options.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {OperationSite} from './operation-sites.js'
import {summaryFromDescription, truncateText} from './summary-text.js'

/**
 * Drops callbacks: they are requests the API makes, not operations a caller runs.
 * https://spec.openapis.org/oas/v3.1.0#callback-object
 */
export function dropCallbacks(site: OperationSite, warnings: AdoptWarnings): void {
  const {callbacks} = site.operation
  if (callbacks === undefined) return
  const names = callbacks !== null && typeof callbacks === 'object' ? Object.keys(callbacks) : []
  const pointer = childPointer(site.pointer, 'callbacks')
  for (const name of names) warnings.add('callback-dropped', childPointer(pointer, name), `callback "${name}" is a request the API makes, not an operation a caller runs`, 'it was dropped.', id(site))
  if (names.length === 0) warnings.add('callback-dropped', pointer, 'the "callbacks" field is not an object', 'it was dropped.', id(site))
  delete site.operation.callbacks
}

/** Keeps the tags the profile accepts (non-empty strings, within the limits); warns about each other. */
export function adoptTags(site: OperationSite, warnings: AdoptWarnings): void {
  const {tags} = site.operation
  if (tags === undefined) return
  const pointer = childPointer(site.pointer, 'tags')
  if (!Array.isArray(tags)) {
    warnings.add('tag-dropped', pointer, '"tags" is not an array', 'it was dropped.', id(site))
    delete site.operation.tags
    return
  }
  const kept: string[] = []
  tags.forEach((tag, index) => {
    const why =
      typeof tag !== 'string' || tag === ''
        ? 'is not a non-empty string'
        : tag.length > LIMITS.tagLength
          ? `is longer than ${LIMITS.tagLength} characters`
          : kept.length >= LIMITS.tagsPerOperation
            ? `is past the ${LIMITS.tagsPerOperation} tags an operation may have`
            : null
    if (why === null) kept.push(tag as string)
    else warnings.add('tag-dropped', childPointer(pointer, index), `tag ${JSON.stringify(tag)} ${why}`, 'it was dropped.', id(site))
  })
  if (kept.length !== tags.length) site.operation.tags = kept
}

/**
 * Summary and description within the profile (at least one non-empty, each within its
 * limit). An operation without a summary gets one from its description's first sentence,
 * or its operationId; overlong texts are cut with a warning. Returns true when the
 * summary was derived.
 */
export function adoptTexts(site: OperationSite, settings: AdoptSettings, warnings: AdoptWarnings): boolean {
  const operation = site.operation
  const limits = [['description', LIMITS.descriptionLength], ['summary', LIMITS.summaryLength]] as const
  for (const [field, limit] of limits) {
    const value = operation[field]
    const pointer = childPointer(site.pointer, field)
    if (typeof value === 'string' && value.length > limit) {
      operation[field] = truncateText(value, limit)
      warnings.add('text-cut', pointer, `the ${field} has ${value.length} characters, more than the profile's ${limit}`, `it was cut to ${limit}.`, id(site))
    } else if (value !== undefined && typeof value !== 'string') {
      warnings.add('field-dropped', pointer, `"${field}" is not a string`, 'it was dropped.', id(site))
      delete operation[field]
    }
  }
  if (typeof operation.summary === 'string' && operation.summary.trim() !== '') return false
  const description = typeof operation.description === 'string' ? operation.description : ''
  operation.summary = summaryFromDescription(description, settings.summaryLength) || id(site)
  return true
}

/** Marks the operation destructive by its method, unless the document already says. */
export function adoptDestructive(site: OperationSite, settings: AdoptSettings): boolean {
  const declared = site.operation['x-tama-destructive']
  if (declared === undefined) {
    if (!settings.destructiveMethods.has(site.method)) return false
    site.operation['x-tama-destructive'] = true
    return true
  }
  if (typeof declared === 'boolean') return declared
  const pointer = childPointer(site.pointer, 'x-tama-destructive')
  const message = 'x-tama-destructive must be true or false.'
  throw new TamaError('invalid_document', `${settings.source}#${pointer}: ${message}`, {problems: [{source: settings.source, pointer, message}]})
}

// The profile's fields first, so a reader sees who may run an operation at a glance.
const LEADING_FIELDS = ['operationId', 'summary', 'description', 'tags', 'x-tama-scopes', 'x-tama-destructive', 'x-tama-confirmation']

/** The operation with the profile's fields first and every other field after them, in document order. */
export function orderOperation(operation: Record<string, unknown>): Record<string, unknown> {
  const rank = (field: string): number => {
    const index = LEADING_FIELDS.indexOf(field)
    return index < 0 ? LEADING_FIELDS.length : index
  }
  return Object.fromEntries(Object.entries(operation).sort(([a], [b]) => rank(a) - rank(b)))
}

function id(site: OperationSite): string {
  return site.operation.operationId as string
}
