import {Ajv} from 'ajv'
import {describe, expect, it} from 'vitest'

import {OPERATION_RECORD_SCHEMA} from '../../../../src/core/cassette/check/operation-record-schema.js'
import {compileShape} from '../../../../src/core/cassette/check/record-shape.js'

const check = compileShape(OPERATION_RECORD_SCHEMA)
const ajv = new Ajv({allowUnionTypes: true}).compile(OPERATION_RECORD_SCHEMA)

const RECORD = {
  operationId: 'op',
  method: 'post',
  path: '/op',
  summary: 'Run',
  description: '',
  tags: ['a'],
  scopes: ['s'],
  destructive: false,
  confirmation: {when: 'always', echo: null, message: 'Sure?'},
  inputSchema: {},
  outputSchema: null,
  parameters: [{name: 'id', in: 'path', required: true}],
  body: {mode: 'input', contentType: 'multipart/form-data', required: true, encoding: {photo: {style: 'form', explode: true, contentType: 'image/png', binary: true}}},
}

describe('compileShape(OPERATION_RECORD_SCHEMA)', () => {
  describe.each([
    {name: 'a whole record', given: RECORD, want: null},
    {name: 'keywords and examples', given: {...RECORD, keywords: ['k'], examples: ['e']}, want: null},
    {name: 'no confirmation or body', given: {...RECORD, confirmation: null, body: null}, want: null},
    {name: 'a `when` schema', given: {...RECORD, confirmation: {when: {type: 'object'}, echo: 'id', message: 'Sure?'}}, want: null},
    {name: 'a missing member', given: (({path: _, ...rest}) => rest)(RECORD), want: '/path'},
    {name: 'an unknown member', given: {...RECORD, extra: 1}, want: '/extra'},
    {name: 'a wrong type', given: {...RECORD, destructive: 'no'}, want: '/destructive'},
    {name: 'empty keywords', given: {...RECORD, keywords: []}, want: '/keywords'},
    {name: 'a parameter in the body', given: {...RECORD, parameters: [{name: 'id', in: 'body', required: true}]}, want: '/parameters/0/in'},
    {name: 'a `when` that is neither "always" nor a schema', given: {...RECORD, confirmation: {when: 'sometimes', echo: null, message: 'Sure?'}}, want: '/confirmation'},
    {name: 'a part media type that would add a header', given: {...RECORD, body: {...RECORD.body, encoding: {photo: {...RECORD.body.encoding.photo, contentType: 'image/png\r\nX-Injected: 1'}}}}, want: '/body'},
    {name: 'an input schema that is a string', given: {...RECORD, inputSchema: 'x'}, want: '/inputSchema'},
    {name: 'not an object', given: [RECORD], want: ''},
  ])('$name', ({given, want}) => {
    it('is found where Ajv finds it, or passes as Ajv passes it', () => {
      expect(check(given)).toBe(want)
      expect(ajv(given)).toBe(want === null)
    })
  })

  it('refuses a keyword it cannot check', () => {
    expect(() => compileShape({type: 'string', format: 'uri'} as never)).toThrow(/cannot check the keyword format/)
  })
})
