import {printable} from '../text/index.js'
import type {InputBody, OperationRecord} from '../profile/index.js'
import type {DetectedChange} from './diff-types.js'
import {guardChanges} from './guard-changes.js'
import {schemaChanges} from './schema-changes.js'

/**
 * Everything that differs between two versions of one operation (same operationId), in a
 * fixed order: the call itself, its guards, its text, then its input and output.
 */
export function operationChanges(before: OperationRecord, after: OperationRecord): DetectedChange[] {
  const changes: DetectedChange[] = []
  if (before.method !== after.method) changes.push(change('method', 'method_changed', `${before.method.toUpperCase()} → ${after.method.toUpperCase()}`))
  if (before.path !== after.path) changes.push(change('path', 'path_changed', `${printable(before.path)} → ${printable(after.path)}`))
  changes.push(...guardChanges(before, after))
  if (before.summary !== after.summary) changes.push(change('summary', 'summary_changed', `${quoted(before.summary)} → ${quoted(after.summary)}`))
  if (before.description !== after.description) changes.push(change('description', 'description_changed', 'the description changed'))
  if (!sameList(before.tags, after.tags)) changes.push(change('tags', 'tags_changed', `${list(before.tags)} → ${list(after.tags)}`))
  if (!sameList(before.keywords, after.keywords)) changes.push(change('keywords', 'keywords_changed', addedAndRemoved(before.keywords, after.keywords, (word) => printable(word, 40))))
  if (!sameList(before.examples, after.examples)) changes.push(change('examples', 'examples_changed', addedAndRemoved(before.examples, after.examples, quoted)))
  changes.push(...bindingChanges(before, after))
  changes.push(...schemaChanges('input_schema', before.inputSchema, after.inputSchema))
  if (before.outputSchema !== null && after.outputSchema === null) changes.push({field: 'output_schema', kind: 'output_schema_removed', at: '', detail: 'no JSON result is described any more'})
  else if (before.outputSchema === null && after.outputSchema !== null) changes.push({field: 'output_schema', kind: 'output_schema_added', at: '', detail: 'a JSON result is now described'})
  else if (before.outputSchema !== null && after.outputSchema !== null) changes.push(...schemaChanges('output_schema', before.outputSchema, after.outputSchema))
  return changes
}

/**
 * How the input reaches the real call: a parameter moved between path, query and header,
 * or the body changed mode or media type. Parameters added or removed show up as input
 * properties, so they are not repeated here.
 */
function bindingChanges(before: OperationRecord, after: OperationRecord): DetectedChange[] {
  const changes: DetectedChange[] = []
  const placed = new Map(before.parameters.map((parameter) => [parameter.name, parameter]))
  for (const parameter of after.parameters) {
    const old = placed.get(parameter.name)
    if (old !== undefined && old.in !== parameter.in) changes.push(change('binding', 'binding_changed', `parameter \`${printable(parameter.name)}\` moved from ${old.in} to ${parameter.in}`))
  }
  const body = (value: InputBody | null) => (value === null ? 'no body' : `${value.mode === 'input' ? 'the whole input' : 'input.body'} as ${printable(value.contentType)}`)
  const bodyChanged =
    before.body === null || after.body === null ? before.body !== after.body : before.body.mode !== after.body.mode || before.body.contentType !== after.body.contentType
  if (bodyChanged) changes.push(change('binding', 'binding_changed', `request body: ${body(before.body)} → ${body(after.body)}`))
  else if (before.body !== null && after.body !== null) {
    // Fields are recorded in name order, so equal encodings are equal JSON.
    const fields = (value: InputBody) => Object.keys(value.encoding ?? {})
    const changed = [...new Set([...fields(before.body), ...fields(after.body)])].filter((name) => JSON.stringify(before.body!.encoding?.[name]) !== JSON.stringify(after.body!.encoding?.[name]))
    if (changed.length > 0) changes.push(change('binding', 'binding_changed', `request body fields written differently: ${list(changed)}`))
  }
  return changes
}

function change(field: DetectedChange['field'], kind: DetectedChange['kind'], detail: string): DetectedChange {
  return {field, kind, at: null, detail}
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}

function list(items: readonly string[]): string {
  return items.length === 0 ? '(none)' : items.map((item) => printable(item, 40)).join(', ')
}

/** "added a, b; removed c", or "reordered" when both hold the same items. */
function addedAndRemoved(before: readonly string[], after: readonly string[], show: (item: string) => string): string {
  const added = after.filter((item) => !before.includes(item))
  const removed = before.filter((item) => !after.includes(item))
  const parts = [added.length > 0 ? `added ${added.map(show).join(', ')}` : '', removed.length > 0 ? `removed ${removed.map(show).join(', ')}` : ''].filter((part) => part !== '')
  return parts.length > 0 ? parts.join('; ') : 'reordered'
}

function quoted(text: string): string {
  return text === '' ? '(none)' : `"${printable(text, 60)}"`
}
