import type {OperationRecord} from '../profile/index.js'
import type {Change, ChangeKind, DetectedChange} from './diff-types.js'

/** Breaking for everyone, or depending on whether the schema is what callers send (input) or get (output). */
type Breaking = boolean | {readonly input: boolean; readonly output: boolean}

interface Rule {
  readonly breaking: Breaking
  readonly security: boolean
}

// Inputs: accepting less breaks callers. Outputs: returning more (a wider type or enum, a
// property no longer guaranteed) breaks callers that relied on the old shape; extra
// properties do not, since readers ignore what they do not know.
const NARROWED: Rule = {breaking: {input: true, output: false}, security: false}
const WIDENED: Rule = {breaking: {input: false, output: true}, security: false}
const BOTH_WAYS: Rule = {breaking: true, security: false}
const HARMLESS: Rule = {breaking: false, security: false}

/**
 * Which changes break callers and which are security-relevant, one rule per kind; the
 * table in docs/release.md#how-changes-are-classified is this table.
 */
const CHANGE_RULES: Readonly<Record<ChangeKind, Rule>> = {
  // The HTTP call an executor makes: the new cassette only works against the new server.
  method_changed: BOTH_WAYS,
  path_changed: BOTH_WAYS,
  binding_changed: BOTH_WAYS,
  // Fewer scopes widen who may run the operation; more scopes lock callers out.
  scopes_removed: {breaking: false, security: true},
  scopes_added: {breaking: true, security: true},
  destructive_marked: {breaking: false, security: true},
  destructive_unmarked: {breaking: false, security: true},
  // A new or stronger rule makes callers confirm where they did not have to.
  confirmation_added: {breaking: true, security: true},
  confirmation_strengthened: {breaking: true, security: true},
  confirmation_changed: {breaking: true, security: true},
  confirmation_removed: {breaking: false, security: true},
  confirmation_weakened: {breaking: false, security: true},
  confirmation_message_changed: HARMLESS,
  summary_changed: HARMLESS,
  description_changed: HARMLESS,
  tags_changed: HARMLESS,
  // Words that help search find the operation; no caller sends or reads them.
  keywords_changed: HARMLESS,
  examples_changed: HARMLESS,
  annotation_changed: HARMLESS,
  output_schema_added: HARMLESS,
  output_schema_removed: {breaking: true, security: false},
  property_added: HARMLESS,
  property_removed: BOTH_WAYS,
  required_added: NARROWED,
  required_removed: WIDENED,
  type_narrowed: NARROWED,
  type_widened: WIDENED,
  type_changed: BOTH_WAYS,
  enum_narrowed: NARROWED,
  enum_widened: WIDENED,
  enum_changed: BOTH_WAYS,
  additional_properties_forbidden: NARROWED,
  additional_properties_allowed: HARMLESS,
  constraint_narrowed: NARROWED,
  constraint_widened: WIDENED,
  constraint_changed: BOTH_WAYS,
}

/** A detected change with its `breaking` and `security` flags from CHANGE_RULES. */
export function classifyChange(change: DetectedChange): Change {
  const rule = CHANGE_RULES[change.kind]
  const breaking = typeof rule.breaking === 'boolean' ? rule.breaking : change.field === 'output_schema' ? rule.breaking.output : rule.breaking.input
  return {...change, breaking, security: rule.security}
}

/**
 * Whether a new operation deserves a security review: any caller may run it (no scopes),
 * or it is destructive and runs without confirmation (`when: never`).
 */
export function addedOperationRisk(record: OperationRecord): {security: boolean; detail: string} {
  const open = record.scopes.length === 0
  const unguarded = record.destructive && record.confirmation === null
  const reasons = [open ? 'ANY caller can run it, with no scope at all' : '', unguarded ? 'it is destructive and needs no confirmation' : ''].filter((reason) => reason !== '')
  return {security: reasons.length > 0, detail: reasons.length > 0 ? `new operation: ${reasons.join('; ')}` : 'new operation'}
}
