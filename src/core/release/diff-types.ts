/** The parts of an operation a change can be in (docs/release.md#what-cassette-diff-reports). */
export type ChangeField =
  | 'method'
  | 'path'
  | 'scopes'
  | 'destructive'
  | 'confirmation'
  | 'summary'
  | 'description'
  | 'tags'
  | 'keywords'
  | 'examples'
  | 'binding'
  | 'input_schema'
  | 'output_schema'

/** What happened, one kind per finding; classify-change.ts says which kinds are breaking or security-relevant. */
export type ChangeKind =
  | 'method_changed'
  | 'path_changed'
  | 'scopes_added'
  | 'scopes_removed'
  | 'destructive_marked'
  | 'destructive_unmarked'
  | 'confirmation_added'
  | 'confirmation_removed'
  | 'confirmation_weakened'
  | 'confirmation_strengthened'
  | 'confirmation_changed'
  | 'confirmation_message_changed'
  | 'summary_changed'
  | 'description_changed'
  | 'tags_changed'
  | 'keywords_changed'
  | 'examples_changed'
  | 'binding_changed'
  | 'output_schema_added'
  | 'output_schema_removed'
  | SchemaChangeKind

/** Changes found inside an input or output schema. */
export type SchemaChangeKind =
  | 'property_added'
  | 'property_removed'
  | 'required_added'
  | 'required_removed'
  | 'type_narrowed'
  | 'type_widened'
  | 'type_changed'
  | 'enum_narrowed'
  | 'enum_widened'
  | 'enum_changed'
  | 'additional_properties_forbidden'
  | 'additional_properties_allowed'
  | 'constraint_narrowed'
  | 'constraint_widened'
  | 'constraint_changed'
  | 'annotation_changed'

/** A change as found, before it is classified. */
export interface DetectedChange {
  readonly field: ChangeField
  readonly kind: ChangeKind
  /**
   * Where in the input or output the change is, as a path of property names (`body.config`,
   * `tags[]` for array items, `config.*` for additional properties; '' for the whole
   * value); null outside the schemas.
   */
  readonly at: string | null
  readonly detail: string
}

/** A classified change. */
export interface Change extends DetectedChange {
  /** A caller, host or executor built for the old release may fail with the new one. */
  readonly breaking: boolean
  /** Changes who may run the operation or what guards it (scopes, destructive, confirmation). */
  readonly security: boolean
}

/** An operation only the new release has. */
export interface AddedOperation {
  readonly operation_id: string
  readonly summary: string
  readonly scopes: readonly string[]
  readonly destructive: boolean
  readonly breaking: false
  /** Any caller may run it, or it is destructive and needs no confirmation. */
  readonly security: boolean
  readonly detail: string
}

/** An operation only the old release has: always breaking. */
export interface RemovedOperation {
  readonly operation_id: string
  readonly summary: string
  readonly scopes: readonly string[]
  readonly destructive: boolean
  readonly breaking: true
  readonly security: false
  readonly detail: string
}

/** An operation both releases have, and what differs. */
export interface ChangedOperation {
  readonly operation_id: string
  readonly breaking: boolean
  readonly security: boolean
  readonly changes: readonly Change[]
}

export interface DiffSummary {
  readonly added: number
  readonly removed: number
  readonly changed: number
  /** Removed operations plus breaking changes. */
  readonly breaking: number
  /** Security-relevant changes plus security-relevant added operations. */
  readonly security: number
}

/** What differs between two releases' operations, matched by operationId; each list in operationId order. */
export interface CassetteDiff {
  readonly identical: boolean
  readonly added: readonly AddedOperation[]
  readonly removed: readonly RemovedOperation[]
  readonly changed: readonly ChangedOperation[]
  readonly summary: DiffSummary
}
