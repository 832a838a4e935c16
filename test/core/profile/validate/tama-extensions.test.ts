import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {Ajv2020} from 'ajv/dist/2020.js'
import {describe, expect, it} from 'vitest'

import {LIMITS, PROFILE} from '../../../../src/core/profile/index.js'
import {SEARCH_TERM_PATTERN} from '../../../../src/core/profile/normalise/search-terms.js'
import {checkDocumentExtensions, checkOperationExtensions} from '../../../../src/core/profile/validate/tama-extensions.js'
import {PROJECT_ROOT} from '../../../helpers/cli.js'

const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'docs/schema/x-tama.schema.json'), 'utf8'))

/** `count` distinct words: `k0`, `k1`, ... */
function words(count: number, prefix: string): string[] {
  return Array.from({length: count}, (_, index) => `${prefix}${index}`)
}

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
    expect(defs.keywords.maxItems).toBe(LIMITS.keywordsPerOperation)
    expect(defs.documentKeywords.maxItems).toBe(LIMITS.keywordsPerOperation)
    expect(defs.keyword).toMatchObject({maxLength: LIMITS.keywordLength, pattern: SEARCH_TERM_PATTERN})
    expect(defs.examples.maxItems).toBe(LIMITS.examplesPerOperation)
    expect(defs.example).toMatchObject({maxLength: LIMITS.exampleLength, pattern: SEARCH_TERM_PATTERN})
  })
})

describe('checkDocumentExtensions', () => {
  it.each([
    {given: {'x-tama-profile': PROFILE}, want: []},
    {given: {'x-tama-profile': PROFILE, 'x-tama-scopes': ['a', 'read:org']}, want: []},
    {given: {}, want: [{pointer: '/x-tama-profile', message: expect.stringContaining('`x-tama-profile` is missing')}]},
    {given: {'x-tama-profile': PROFILE, 'x-tama-destructive': true}, want: [{pointer: '/x-tama-destructive', message: expect.stringContaining('is not part of the profile')}]},
    {given: {'x-tama-profile': PROFILE, 'x-other': 1, info: {}}, want: []},
    {given: {'x-tama-profile': PROFILE, 'x-tama-keywords': ['lxd', 'linux containers']}, want: []},
    {given: {'x-tama-profile': PROFILE, 'x-tama-keywords': 'lxd'}, want: [{pointer: '/x-tama-keywords', message: expect.stringContaining('must be an array, found a string "lxd"')}]},
    {given: {'x-tama-profile': PROFILE, 'x-tama-keywords': words(33, 'k')}, want: [{pointer: '/x-tama-keywords', message: expect.stringContaining('has more than 32 items')}]},
    {given: {'x-tama-profile': PROFILE, 'x-tama-examples': ['start a vm']}, want: [{pointer: '/x-tama-examples', message: expect.stringContaining('is not part of the profile')}]},
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
    {given: {'x-tama-keywords': ['container', 'vm', 'virtual machine'], 'x-tama-examples': ['start the web01 container', 'reboot a vm']}, want: []},
    {given: {'x-tama-keywords': words(32, 'k'), 'x-tama-examples': words(16, 'e')}, want: []},
    {given: {'x-tama-keywords': ['k'.repeat(64)], 'x-tama-examples': ['e'.repeat(200)]}, want: []},
    {given: {'x-tama-keywords': words(33, 'k')}, want: [{pointer: '/op/x-tama-keywords', message: expect.stringContaining('has more than 32 items. Keep at most 32.')}]},
    {given: {'x-tama-examples': words(17, 'e')}, want: [{pointer: '/op/x-tama-examples', message: expect.stringContaining('has more than 16 items. Keep at most 16.')}]},
    {given: {'x-tama-keywords': ['vm', 'k'.repeat(65)]}, want: [{pointer: '/op/x-tama-keywords/1', message: expect.stringContaining('is 65 characters; the limit is 64')}]},
    {given: {'x-tama-examples': ['e'.repeat(201)]}, want: [{pointer: '/op/x-tama-examples/0', message: expect.stringContaining('is 201 characters; the limit is 200')}]},
    {given: {'x-tama-keywords': 'vm'}, want: [{pointer: '/op/x-tama-keywords', message: expect.stringContaining('must be an array, found a string "vm"')}]},
    {given: {'x-tama-examples': [{request: 'start it'}]}, want: [{pointer: '/op/x-tama-examples/0', message: expect.stringContaining('must be a string, found an object')}]},
    {given: {'x-tama-keywords': ['vm', 'vm']}, want: [{pointer: '/op/x-tama-keywords', message: expect.stringContaining('lists the same value twice')}]},
    {given: {'x-tama-keywords': ['']}, want: [{pointer: '/op/x-tama-keywords/0', message: expect.stringContaining('is not valid, found a string "". A keyword is 1-64 characters on one line, with at least one letter or digit')}]},
    {given: {'x-tama-keywords': ['  ']}, want: [{pointer: '/op/x-tama-keywords/0', message: expect.stringContaining('is not valid, found a string "  "')}]},
    {given: {'x-tama-examples': ['?!']}, want: [{pointer: '/op/x-tama-examples/0', message: expect.stringContaining('is not valid, found a string "?!". An example request is 1-200 characters on one line')}]},
    {given: {'x-tama-examples': ['start\nthe vm']}, want: [{pointer: '/op/x-tama-examples/0', message: expect.stringContaining('An example request is 1-200 characters on one line')}]},
    {given: {'x-tama-keywords': ['máquina virtual', '容器', 'ipv6']}, want: []},
    {given: {'x-tama-example': ['start a vm']}, want: [{pointer: '/op/x-tama-example', message: expect.stringContaining('is not part of the profile')}]},
  ])('$given', ({given, want}) => {
    expect(problems((report) => checkOperationExtensions(given, '/op', report))).toEqual(want)
  })
})
