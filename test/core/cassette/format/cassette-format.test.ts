import {readFileSync} from 'node:fs'

import {describe, expect, it} from 'vitest'

import {CASSETTE_APPLICATION_ID, CASSETTE_NAME_PATTERN, CASSETTE_TABLES, META_KEYS} from '../../../../src/core/cassette/format/cassette-format.js'
import {carriedTables} from '../../../../src/core/search/search-rows.js'

const spec = readFileSync(new URL('../../../../docs/cassette-format.md', import.meta.url), 'utf8')

// The spec is the contract: what the code writes and accepts must be what it says, word for word.
describe('docs/cassette-format.md', () => {
  it.each(CASSETTE_TABLES.map((table) => ({given: table.name, want: table.sql})))('gives the exact DDL of $given', ({want}) => {
    expect(spec).toContain(`\`\`\`sql\n${want}\n\`\`\``)
  })

  it.each(carriedTables().map((table) => ({given: `search_${table.name}`, want: table.cassetteSql})))('gives the exact DDL of search-rows table $given', ({want}) => {
    expect(spec).toContain(`\`\`\`sql\n${want}\n\`\`\``)
  })

  it.each(META_KEYS.map((key) => ({given: key})))('documents the meta key $given', ({given}) => {
    expect(spec).toMatch(new RegExp(`^\\| \`${given}\` \\|`, 'm'))
  })

  it.each([
    {given: 'application_id', want: `0x${CASSETTE_APPLICATION_ID.toString(16).toUpperCase()}`},
    {given: 'name grammar', want: CASSETTE_NAME_PATTERN.source},
  ])('states the $given', ({want}) => {
    expect(spec.toUpperCase()).toContain(want.toUpperCase())
  })
})
