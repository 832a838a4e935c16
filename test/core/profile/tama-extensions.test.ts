import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {Ajv2020} from 'ajv/dist/2020.js'
import {describe, expect, it} from 'vitest'

import {LIMITS, PROFILE} from '../../../src/core/profile/index.js'
import {checkDocumentExtensions, checkOperationExtensions} from '../../../src/core/profile/tama-extensions.js'
import {PROJECT_ROOT} from '../../helpers/cli.js'

const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'docs/schema/x-tama.schema.json'), 'utf8'))

function problems(check: (report: (pointer: string, message: string) => void) => void): Array<{pointer: string; message: string}> {
  const found: Array<{pointer: string; message: string}> = []
  check((pointer, message) => found.push({pointer, message}))
  return found
}

describe('docs/schema/x-tama.schema.json', () => {
  it('is a valid JSON Schema 2020-12 that compiles', () => {
    const ajv = new Ajv2020({strict: true})
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true)
    expect(() => ajv.compile(schema)).not.toThrow()
  })

  it('says what the profile and its limits say', () => {
    const defs = schema.$defs
    expect(defs.profile.const).toBe(PROFILE)
    expect(defs.scopes.maxItems).toBe(LIMITS.scopesPerOperation)
    expect(defs.scope.pattern).toBe(`^[!-~]{1,${LIMITS.scopeLength}}$`)
    expect(defs.confirmation.properties.message.maxLength).toBe(LIMITS.confirmationMessageLength)
  })
})

describe('checkDocumentExtensions', () => {
  it.each([
    {given: {'x-tama-profile': PROFILE}, want: []},
    {given: {'x-tama-profile': PROFILE, 'x-tama-scopes': ['a', 'read:org']}, want: []},
    {given: {}, want: [{pointer: '/x-tama-profile', message: expect.stringContaining('`x-tama-profile` is missing')}]},
    {given: {'x-tama-profile': PROFILE, 'x-tama-destructive': true}, want: [{pointer: '/x-tama-destructive', message: expect.stringContaining('is not part of the profile')}]},
    {given: {'x-tama-profile': PROFILE, 'x-other': 1, info: {}}, want: []},
  ])('$given', ({given, want}) => {
    expect(problems((report) => checkDocumentExtensions(given, report))).toEqual(want)
  })
})

describe('checkOperationExtensions', () => {
  it.each([
    {given: {'x-tama-scopes': [], 'x-tama-destructive': false, 'x-tama-confirmation': {when: {required: ['force']}, echo: 'name', message: 'Sure?'}}, want: []},
    {given: {'x-tama-confirmation': {when: 'never'}}, want: []},
    {given: {'x-tama-scopes': Array.from({length: 65}, (_, index) => `s${index}`)}, want: [{pointer: '/op/x-tama-scopes', message: expect.stringContaining('has more than 64 items')}]},
    {given: {'x-tama-confirmation': {echo: ''}}, want: [{pointer: '/op/x-tama-confirmation/echo', message: expect.stringContaining('is not valid, found a string ""')}]},
    {given: {'x-tama-profile': PROFILE}, want: [{pointer: '/op/x-tama-profile', message: expect.stringContaining('is not part of the profile')}]},
  ])('$given', ({given, want}) => {
    expect(problems((report) => checkOperationExtensions(given, '/op', report))).toEqual(want)
  })
})
