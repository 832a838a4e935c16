import {Ajv2020} from 'ajv/dist/2020.js'
import {RE2JS} from 're2js'
import {afterEach, describe, expect, it, vi} from 'vitest'

import {MAX_PROBLEMS, SchemaValidator} from '../../../src/core/execute/schema-validator.js'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('SchemaValidator', () => {
  it('compiles a schema once, however many equal copies it is given', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile')
    const validator = new SchemaValidator()
    const schema = () => ({type: 'object', properties: {b: {type: 'string'}, a: {type: 'integer'}}})
    for (let i = 0; i < 5; i++) validator.problems(schema(), {a: i})
    // The same content with keys in another order is the same schema (RFC 8785).
    validator.problems({properties: {a: {type: 'integer'}, b: {type: 'string'}}, type: 'object'}, {})
    expect(compile).toHaveBeenCalledTimes(1)
  })

  it('forgets the least recently used schema beyond its bound', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile')
    const validator = new SchemaValidator(2)
    const schemas = [1, 2, 3].map((n) => () => ({const: n}))
    for (const index of [0, 1, 0, 2, 0, 1]) validator.matches(schemas[index]!(), 0)
    // 0, 1 compiled; 0 hit; 2 evicts 1; 0 hit; 1 compiled again.
    expect(compile).toHaveBeenCalledTimes(4)
  })

  it.each([
    {given: {schema: true, value: 'x'}, want: []},
    {given: {schema: false, value: 'x'}, want: [{pointer: '', message: 'boolean schema is false'}]},
    {given: {schema: {$defs: {n: {type: 'integer'}}, items: {$ref: '#/$defs/n'}}, value: [1, 'x']}, want: [{pointer: '/1', message: 'must be integer'}]},
    {given: {schema: {type: 'object', discriminator: {propertyName: 'k'}, example: {}, xml: {}}, value: {}}, want: []},
    // Patterns match anywhere, on code points, with ECMAScript's `.` and `\s`.
    {given: {schema: {pattern: '^.$'}, value: '😀'}, want: []},
    {given: {schema: {pattern: 'b\\s'}, value: 'ab\u3000c'}, want: []},
    {given: {schema: {pattern: '^a.$'}, value: 'a\r'}, want: [{pointer: '', message: 'must match pattern "^a.$"'}]},
    {
      given: {schema: {patternProperties: {'^x-': {type: 'string'}}, additionalProperties: false}, value: {'x-a': 1, b: 2}},
      want: [
        {pointer: '/b', message: 'is not an allowed property: remove it'},
        {pointer: '/x-a', message: 'must be string'},
      ],
    },
  ])('validates $given.schema against $given.value', ({given, want}) => {
    expect(new SchemaValidator().problems(given.schema, given.value)).toEqual(want)
  })

  it('summarises problems beyond the bound', () => {
    const problems = new SchemaValidator().problems({items: {type: 'string'}}, Array.from({length: MAX_PROBLEMS + 7}, () => 0))
    expect(problems).toHaveLength(MAX_PROBLEMS + 1)
    expect(problems.at(-1)).toEqual({pointer: '', message: 'and 7 more problems'})
  })

  it('reports a schema Ajv cannot compile as verification_failed, not a crash', () => {
    expect(() => new SchemaValidator().problems({$ref: '#/$defs/missing'}, 1)).toThrow(expect.objectContaining({kind: 'verification_failed'}))
  })

  it('reports a stored pattern the linear-time engine refuses as verification_failed, saying why', () => {
    expect(() => new SchemaValidator().problems({type: 'string', pattern: '^(?!x)'}, 'a')).toThrow(
      expect.objectContaining({kind: 'verification_failed', message: expect.stringContaining('at #/pattern: `pattern` "^(?!x)" uses a negative lookahead `(?!`, which tama-dex cannot check in linear time')}),
    )
  })

  it.each([
    {name: '`$async`', schema: {$async: true, type: 'string'}, says: 'at #/$async: `$async` is not allowed'},
    {name: '`nullable`', schema: {type: 'string', nullable: true}, says: 'at #/nullable'},
    {name: 'a schema applying itself', schema: {$ref: '#/$defs/A', $defs: {A: {anyOf: [{$ref: '#/$defs/A'}]}}}, says: 'at #/$defs/A/anyOf/0/$ref'},
    {name: 'nesting past the document limit', schema: JSON.parse(`${'{"items":'.repeat(200)}true${'}'.repeat(200)}`), says: 'nests deeper than 128 levels'},
  ])('refuses a stored schema with $name as verification_failed, before Ajv compiles it', ({schema, says}) => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile')
    expect(() => new SchemaValidator().problems(schema, 'x')).toThrow(expect.objectContaining({kind: 'verification_failed', message: expect.stringContaining(says)}))
    expect(compile).not.toHaveBeenCalled()
  })

  it('treats a validator answering anything but true or false as internal, leaving no rejection unhandled', async () => {
    const rejected = Promise.reject(new Error('validation failed'))
    const answer = Object.assign(() => rejected, {errors: null})
    vi.spyOn(Ajv2020.prototype, 'compile').mockReturnValue(answer as never)
    const validator = new SchemaValidator()
    expect(() => validator.problems({type: 'string'}, 1)).toThrow(expect.objectContaining({kind: 'internal', message: expect.stringContaining('answered something other than true or false')}))
    expect(() => validator.matches({type: 'number'}, 1)).toThrow(expect.objectContaining({kind: 'internal'}))
    // Handled: vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 10))
  })

  it.each([
    {given: {schema: {uniqueItems: true}, value: [{a: 1, b: [1, {c: null}]}, {b: [1, {c: null}], a: 1}]}, want: [{pointer: '', message: 'must NOT have duplicate items (items ## 0 and 1 are identical)'}]},
    {given: {schema: {uniqueItems: true}, value: [1, 1.0]}, want: [{pointer: '', message: 'must NOT have duplicate items (items ## 0 and 1 are identical)'}]},
    {given: {schema: {uniqueItems: true}, value: [0, -0, '0']}, want: [{pointer: '', message: 'must NOT have duplicate items (items ## 0 and 1 are identical)'}]},
    {given: {schema: {uniqueItems: true}, value: [{a: 1}, {a: '1'}, [1], ['1'], '1', 1, true, 'true', null, 'null', {}, []]}, want: []},
    {given: {schema: {uniqueItems: true}, value: [[1, 2], [2, 1], {a: [1, 2]}, {a: [2, 1]}]}, want: []},
    {given: {schema: {uniqueItems: false}, value: [1, 1]}, want: []},
    {given: {schema: {items: {uniqueItems: true}}, value: [[1], [2, 2]]}, want: [{pointer: '/1', message: 'must NOT have duplicate items (items ## 0 and 1 are identical)'}]},
    // Own properties only: an inherited name is not present.
    {given: {schema: {required: ['constructor', 'toString']}, value: {}}, want: [{pointer: '/constructor', message: 'is required but missing'}, {pointer: '/toString', message: 'is required but missing'}]},
    {given: {schema: {required: ['__proto__']}, value: {}}, want: [{pointer: '/__proto__', message: 'is required but missing'}]},
    {given: {schema: {required: ['__proto__']}, value: JSON.parse('{"__proto__": 1}')}, want: []},
    // Valid JSON Schema that Ajv's strict mode would otherwise refuse, and annotations it does not know.
    {given: {schema: {if: {type: 'string'}, minContains: 2, $schema: 'https://spec.openapis.org/oas/3.1/dialect/base'}, value: 1}, want: []},
    {given: {schema: {type: 'integer', format: 'unix-time', 'x-stripe': {a: 1}, properties: {a: {'x-b': 1}}}, value: 1}, want: []},
  ])('validates $given.schema against $given.value (uniqueItems, own properties, strict mode)', ({given, want}) => {
    expect(new SchemaValidator().problems(given.schema, given.value)).toEqual(want)
  })

  it('compiles a pattern once for Ajv, however many schemas and places use it, and once per schema the profile checks', () => {
    const compile = vi.spyOn(RE2JS, 'compile')
    const validator = new SchemaValidator()
    const name = {type: 'string', pattern: '^[a-z]+$'}
    validator.problems({properties: {a: name, b: {...name}}, patternProperties: {'^[a-z]+$': true}}, {})
    validator.problems({items: {...name}}, ['x'])
    // Two schemas checked by the profile, one matcher for Ajv; the meta-schema's own patterns compile too.
    expect(compile.mock.calls.filter(([source]) => source === '^[a-z]+$')).toHaveLength(3)
  })
})
