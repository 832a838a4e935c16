import {isDeepStrictEqual} from 'node:util'

import {printable} from '../text/index.js'
import type {ConfirmationRule, OperationRecord} from '../profile/index.js'
import type {DetectedChange} from './diff-types.js'

/**
 * Changes to what guards an operation: the scopes a caller needs, the destructive flag
 * and the effective confirmation rule (the one execute enforces, so a destructive
 * operation without `x-tama-confirmation` counts as `when: always`).
 */
export function guardChanges(before: OperationRecord, after: OperationRecord): DetectedChange[] {
  return [...scopeChanges(before.scopes, after.scopes), ...destructiveChanges(before, after), ...confirmationChanges(before.confirmation, after.confirmation)]
}

function scopeChanges(before: readonly string[], after: readonly string[]): DetectedChange[] {
  const removed = before.filter((scope) => !after.includes(scope))
  const added = after.filter((scope) => !before.includes(scope))
  const changes: DetectedChange[] = []
  if (removed.length > 0) {
    // Fewer scopes widen who may see and run the operation: say so plainly.
    const who = after.length === 0 ? 'ANY caller can now run it, with no scope at all' : `callers holding only ${scopeList(after)} can now run it`
    changes.push(change('scopes', 'scopes_removed', `no longer needs ${scopeList(removed)}: ${who}`))
  }
  if (added.length > 0) changes.push(change('scopes', 'scopes_added', `now also needs ${scopeList(added)}: callers without it can no longer see or run it`))
  return changes
}

function destructiveChanges(before: OperationRecord, after: OperationRecord): DetectedChange[] {
  if (before.destructive === after.destructive) return []
  return after.destructive
    ? [change('destructive', 'destructive_marked', 'now marked destructive')]
    : [change('destructive', 'destructive_unmarked', 'no longer marked destructive: agents and hosts treat it as safe to undo')]
}

function confirmationChanges(before: ConfirmationRule | null, after: ConfirmationRule | null): DetectedChange[] {
  if (before === null && after === null) return []
  if (before === null) return [change('confirmation', 'confirmation_added', `now needs confirmation ${whenText(after!)}`)]
  if (after === null) return [change('confirmation', 'confirmation_removed', 'no longer needs confirmation: calls run without the caller confirming')]
  const changes: DetectedChange[] = []
  if (before.when === 'always' && after.when !== 'always') {
    changes.push(change('confirmation', 'confirmation_weakened', 'needed confirmation on every call; now only when the input matches its condition'))
  } else if (before.when !== 'always' && after.when === 'always') {
    changes.push(change('confirmation', 'confirmation_strengthened', 'needed confirmation only for some inputs; now on every call'))
  } else if (!isDeepStrictEqual(before.when, after.when)) {
    changes.push(change('confirmation', 'confirmation_changed', 'the condition for needing confirmation changed: review which inputs it covers now'))
  }
  if (before.echo !== null && after.echo === null) {
    changes.push(change('confirmation', 'confirmation_weakened', `the caller confirmed by repeating \`${printable(before.echo)}\`; now \`confirm: true\` is enough`))
  } else if (before.echo === null && after.echo !== null) {
    changes.push(change('confirmation', 'confirmation_strengthened', `the caller must now confirm by repeating \`${printable(after.echo)}\``))
  } else if (before.echo !== after.echo) {
    changes.push(change('confirmation', 'confirmation_changed', `the caller now confirms by repeating \`${printable(after.echo!)}\` instead of \`${printable(before.echo!)}\``))
  }
  if (before.message !== after.message) changes.push(change('confirmation', 'confirmation_message_changed', 'the confirmation message changed'))
  return changes
}

function whenText(rule: ConfirmationRule): string {
  const how = rule.echo === null ? '`confirm: true`' : `repeating \`${printable(rule.echo)}\``
  return `${rule.when === 'always' ? 'on every call' : 'when the input matches its condition'}, by ${how}`
}

function scopeList(scopes: readonly string[]): string {
  return scopes.map((scope) => printable(scope, 60)).join(', ')
}

function change(field: DetectedChange['field'], kind: DetectedChange['kind'], detail: string): DetectedChange {
  return {field, kind, at: null, detail}
}
