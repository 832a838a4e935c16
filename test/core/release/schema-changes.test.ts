import {readFileSync} from 'node:fs'

import {describe, expect, it} from 'vitest'

import type {JsonSchema} from '../../../src/core/profile/operation-record.js'
import {schemaChanges} from '../../../src/core/release/schema-changes.js'
import {FIXTURES} from './release-fixture.js'

interface SchemaCase {
  readonly given: string
  readonly old: JsonSchema
  readonly new: JsonSchema
  /** [kind, at] of each change, in order. */
  readonly want: ReadonlyArray<readonly [string, string]>
}

const CASES = JSON.parse(readFileSync(`${FIXTURES}schema-cases.json`, 'utf8')) as SchemaCase[]

describe('schemaChanges', () => {
  it.each(CASES)('$given', ({old, new: current, want}) => {
    const changes = schemaChanges('input_schema', old, current)
    expect(changes.map((change) => [change.kind, change.at])).toEqual(want)
    expect(changes.every((change) => change.field === 'input_schema' && change.detail !== '')).toBe(true)
  })

  it('names the values an enum gained and lost', () => {
    const [change] = schemaChanges('output_schema', {enum: ['a', 'b']}, {enum: ['b', 'c']})
    expect(change).toEqual({field: 'output_schema', kind: 'enum_changed', at: '', detail: 'no longer allows "a"; now allows "c"'})
  })
})
