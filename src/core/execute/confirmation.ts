import canonicalizeModule from 'canonicalize'

import {TamaError} from '../errors/index.js'
import type {ConfirmationRule} from '../profile/index.js'
import type {SchemaValidator} from './schema-validator.js'

const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default

/**
 * Throws confirmation_required unless `confirm` satisfies the operation's rule for this
 * input, a JSON object of plain data within the input limits (execute checks it first). A
 * rule whose `when` is a schema applies when the input is valid against it.
 */
export function checkConfirmation(
  name: string,
  operationId: string,
  rule: ConfirmationRule | null,
  input: Record<string, unknown>,
  confirm: boolean | string | undefined,
  validator: SchemaValidator,
): void {
  if (rule === null) return
  if (rule.when !== 'always' && !validator.matches(rule.when, input)) return
  if (rule.echo === null) {
    if (confirm === true) return
    throw required(name, operationId, rule, false)
  }
  const expected = echoedValue(input, rule.echo)
  if (expected !== undefined && confirm === expected) return
  throw required(name, operationId, rule, expected === undefined)
}

/**
 * The operation's confirmation rule; with `destructive`, a destructive operation without
 * one is confirmed with true, saying why (its effect cannot be undone).
 */
export function confirmationRule(operation: {readonly confirmation: ConfirmationRule | null; readonly destructive: boolean}, destructive: boolean): ConfirmationRule | null {
  if (operation.confirmation !== null || !destructive || !operation.destructive) return operation.confirmation
  return DESTRUCTIVE_RULE
}

const DESTRUCTIVE_RULE: ConfirmationRule = Object.freeze({when: 'always', echo: null, message: 'Its effect cannot be undone.'})

/** The string the caller must send to confirm: the echoed property's value, as text. */
export function echoedValue(input: Record<string, unknown>, echo: string): string | undefined {
  if (!Object.hasOwn(input, echo)) return undefined
  const value = input[echo]
  return typeof value === 'string' ? value : canonicalize(value)
}

/**
 * The rule's message as the sentence after "NAME needs confirmation.": without its own
 * "OPERATION needs confirmation" (the default message is only that), so no message says it twice.
 */
function confirmationReason(message: string, operationId: string): string {
  const text = message.trim()
  const said = `${operationId} needs confirmation`
  const rest = text.startsWith(said) ? text.slice(said.length).replace(/^[.!:]?\s*/, '') : text
  const reason = rest.charAt(0).toUpperCase() + rest.slice(1)
  return reason === '' || /[.!?]$/.test(reason) ? reason : `${reason}.`
}

/** `missing`: the echoed input field was not sent, so the caller must add it too. */
function required(name: string, operationId: string, rule: ConfirmationRule, missing: boolean): TamaError {
  const reason = confirmationReason(rule.message, operationId)
  return new TamaError('confirmation_required', `${name} needs confirmation.${reason === '' ? '' : ` ${reason}`}`, {
    details: {echo: rule.echo, message: rule.message},
    remedy: {kind: 'confirm', echo: rule.echo, missing},
  })
}
