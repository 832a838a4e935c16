import {beforeAll, describe, expect, it} from 'vitest'

import type {OperationRecord} from '../../../src/core/profile/operation-record.js'
import {type CassetteDiff, diffOperations} from '../../../src/core/release/index.js'
import {fixtureOperations} from './release-fixture.js'

let before: readonly OperationRecord[]
let after: readonly OperationRecord[]
let diff: CassetteDiff

beforeAll(async () => {
  before = await fixtureOperations('diff-old.yaml')
  after = await fixtureOperations('diff-new.yaml')
  diff = diffOperations(before, after)
})

// What each operation of diff-old.yaml → diff-new.yaml must report: [field, kind, at, breaking, security].
type Want = ReadonlyArray<readonly [string, string, string | null, boolean, boolean]>

const CASES: ReadonlyArray<{given: string; want: Want}> = [
  // Inputs: accepting less is breaking, accepting more is not.
  {given: 'required_added', want: [['input_schema', 'required_added', 'size', true, false]]},
  {given: 'new_required_property', want: [['input_schema', 'required_added', 'zone', true, false]]},
  {given: 'property_removed', want: [['input_schema', 'property_removed', 'size', true, false]]},
  {given: 'property_added', want: [['input_schema', 'property_added', 'size', false, false]]},
  {given: 'required_removed', want: [['input_schema', 'required_removed', 'size', false, false]]},
  {given: 'type_narrowed', want: [['input_schema', 'type_narrowed', 'size', true, false]]},
  {given: 'type_widened', want: [['input_schema', 'type_widened', 'size', false, false]]},
  {given: 'type_changed', want: [['input_schema', 'type_changed', 'size', true, false]]},
  {given: 'enum_narrowed', want: [['input_schema', 'enum_narrowed', 'mode', true, false]]},
  {given: 'enum_widened', want: [['input_schema', 'enum_widened', 'mode', false, false]]},
  {given: 'additional_forbidden', want: [['input_schema', 'additional_properties_forbidden', '', true, false]]},
  {given: 'additional_allowed', want: [['input_schema', 'additional_properties_allowed', '', false, false]]},
  {given: 'bound_narrowed', want: [['input_schema', 'constraint_narrowed', 'name', true, false]]},
  {given: 'bound_widened', want: [['input_schema', 'constraint_widened', 'name', false, false]]},
  {given: 'pattern_changed', want: [['input_schema', 'constraint_changed', 'name', true, false]]},
  {given: 'annotation_changed', want: [['input_schema', 'annotation_changed', 'name', false, false]]},
  {given: 'referenced_change', want: [['input_schema', 'enum_widened', 'source.kind', false, false]]},
  {
    given: 'recursive_change',
    want: [
      ['input_schema', 'constraint_narrowed', 'children[].name', true, false],
      ['input_schema', 'constraint_narrowed', 'name', true, false],
    ],
  },
  {given: 'alternative_added', want: [['input_schema', 'constraint_widened', 'size', false, false]]},
  // Outputs: returning more, or less than promised, is breaking; promising more is not.
  {given: 'output_property_removed', want: [['output_schema', 'property_removed', 'size', true, false]]},
  {given: 'output_enum_widened', want: [['output_schema', 'enum_widened', 'status', true, false]]},
  {given: 'output_required_added', want: [['output_schema', 'required_added', 'id', false, false]]},
  {given: 'output_removed', want: [['output_schema', 'output_schema_removed', '', true, false]]},
  // The call an executor makes.
  {given: 'method_changed', want: [['method', 'method_changed', null, true, false]]},
  {given: 'path_changed', want: [['path', 'path_changed', null, true, false]]},
  {given: 'binding_changed', want: [['binding', 'binding_changed', null, true, false]]},
  // Guards: every change is security-relevant; fewer scopes and weaker confirmation are not breaking.
  {given: 'fewer_scopes', want: [['scopes', 'scopes_removed', null, false, true]]},
  {given: 'no_scopes', want: [['scopes', 'scopes_removed', null, false, true]]},
  {given: 'more_scopes', want: [['scopes', 'scopes_added', null, true, true]]},
  {
    given: 'marked_destructive',
    want: [
      ['destructive', 'destructive_marked', null, false, true],
      ['confirmation', 'confirmation_added', null, true, true],
    ],
  },
  {given: 'unmarked_destructive', want: [['destructive', 'destructive_unmarked', null, false, true]]},
  {given: 'confirmation_removed', want: [['confirmation', 'confirmation_removed', null, false, true]]},
  {given: 'confirmation_conditional', want: [['confirmation', 'confirmation_weakened', null, false, true]]},
  {given: 'confirmation_echo', want: [['confirmation', 'confirmation_strengthened', null, true, true]]},
  {given: 'confirmation_message', want: [['confirmation', 'confirmation_message_changed', null, false, false]]},
  // Text.
  {given: 'summary_changed', want: [['summary', 'summary_changed', null, false, false]]},
  {given: 'description_changed', want: [['description', 'description_changed', null, false, false]]},
  {given: 'tags_changed', want: [['tags', 'tags_changed', null, false, false]]},
  // Findability: words for search, which no caller sends or reads.
  {given: 'keywords_changed', want: [['keywords', 'keywords_changed', null, false, false]]},
  {given: 'examples_changed', want: [['examples', 'examples_changed', null, false, false]]},
]

describe('diffOperations classifies each kind of change', () => {
  it.each(CASES)('$given', ({given, want}) => {
    const changed = diff.changed.find((operation) => operation.operation_id === given)
    expect(changed, `${given} is not reported as changed`).toBeDefined()
    expect(changed!.changes.map((change) => [change.field, change.kind, change.at, change.breaking, change.security])).toEqual(want)
    expect(changed!.breaking).toBe(want.some(([, , , breaking]) => breaking))
    expect(changed!.security).toBe(want.some(([, , , , security]) => security))
  })

  it('reports no other changed operation: reordered anyOf alternatives and untouched operations are no change', () => {
    expect(diff.changed.map((operation) => operation.operation_id)).toEqual(CASES.map((c) => c.given).sort())
    expect(before.map((record) => record.operationId)).toEqual(expect.arrayContaining(['alternatives_reordered', 'keywords_recased', 'unchanged']))
  })

  it.each([
    {given: 'keywords_changed', want: 'added container, vm'},
    {given: 'examples_changed', want: 'added "reboot a vm"'},
  ])('says which words $given added and removed', ({given, want}) => {
    expect(diff.changed.find((operation) => operation.operation_id === given)!.changes[0]!.detail).toBe(want)
  })

  it.each([
    {given: 'added', want: {breaking: false, security: false}},
    {given: 'added_open', want: {breaking: false, security: true}},
    {given: 'added_unguarded', want: {breaking: false, security: true}},
  ])('flags the added operation $given as security-relevant only when anyone may run it or it runs destructive unconfirmed', ({given, want}) => {
    expect(diff.added.find((operation) => operation.operation_id === given)).toMatchObject(want)
  })

  it('reports a removed operation as breaking', () => {
    expect(diff.removed).toEqual([{operation_id: 'removed', summary: 'Go away', scopes: ['ops.read'], destructive: false, breaking: true, security: false, detail: expect.stringContaining('removed')}])
  })

  it('says in words when an operation is opened to any caller', () => {
    const change = diff.changed.find((operation) => operation.operation_id === 'no_scopes')!.changes[0]!
    expect(change.detail).toBe('no longer needs ops.read: ANY caller can now run it, with no scope at all')
  })

  it('counts operations and changes in the summary', () => {
    const changes = diff.changed.flatMap((operation) => operation.changes)
    expect(diff.summary).toEqual({
      added: 3,
      removed: 1,
      changed: CASES.length,
      breaking: 1 + changes.filter((change) => change.breaking).length,
      security: 2 + changes.filter((change) => change.security).length,
    })
    expect(diff.identical).toBe(false)
  })

  it('finds two copies of the same operations identical, whatever their order', () => {
    expect(diffOperations(before, [...before].reverse())).toEqual({identical: true, added: [], removed: [], changed: [], summary: {added: 0, removed: 0, changed: 0, breaking: 0, security: 0}})
  })
})
