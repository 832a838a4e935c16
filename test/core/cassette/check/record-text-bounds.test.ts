import {describe, expect, it} from 'vitest'

import {scanRecordText} from '../../../../src/core/cassette/check/record-text-bounds.js'

const OPAQUE = new Set(['inputSchema', 'outputSchema'])
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

describe('scanRecordText', () => {
  describe.each([
    {given: '{"a":1,"inputSchema":{"type":"object"},"z":true}', want: '{"a":1,"inputSchema":{},"z":true}'},
    {given: '{"inputSchema":true,"outputSchema":null}', want: '{"inputSchema":true,"outputSchema":null}'},
    {given: '{"b":"x","outputSchema":{"properties":{"a":{"type":"string"}}}}', want: '{"b":"x","outputSchema":{}}'},
    {given: '{ "inputSchema" : [1,2] , "outputSchema": "s" }', want: '{ "inputSchema" : [] , "outputSchema": ""}'},
    {given: '{"a":{"inputSchema":{"kept":1}}}', want: '{"a":{"inputSchema":{"kept":1}}}'},
    {given: `{"a":${nested(127)}}`, want: `{"a":${nested(127)}}`},
    {given: '{"a":"\\"","b":"\\\\"}', want: '{"a":"\\"","b":"\\\\"}'},
    {given: '{"\\u0061":1,"b":2}', want: '{"\\u0061":1,"b":2}'},
    {given: '{"ab":1,"ab!":2}', want: '{"ab":1,"ab!":2}'},
    {given: '{"inputSchem\\u0061":{"a":1}}', want: '{"inputSchem\\u0061":{}}'},
  ])('keeps $given', ({given, want}) => {
    it('with stand-ins for the opaque members', () => {
      const scan = scanRecordText(given, OPAQUE) as {standIn: string}
      expect(scan).toMatchObject({standIn: want})
      // A stand-in is JSON with the record's own keys, in its order: only the opaque values shrink.
      expect(Object.keys(JSON.parse(scan.standIn))).toEqual(Object.keys(JSON.parse(given)))
    })
  })

  describe.each([
    {name: 'nesting past 128 levels', given: `{"a":${nested(128)}}`, want: /nests deeper than 128 levels/},
    {name: 'nesting past 128 levels inside an opaque member', given: `{"outputSchema":${nested(128)}}`, want: /nests deeper than 128 levels/},
    {name: 'a string past 1 MiB', given: `{"a":"${'x'.repeat(1024 * 1024 + 1)}"}`, want: /string of 1048577 characters, longer than 1048576/},
    {name: 'a key past 1 MiB', given: `{"${'k'.repeat(1024 * 1024 + 1)}":1}`, want: /string of 1048577 characters/},
    {name: 'a repeated key', given: '{"a":1,"a":2}', want: /key "a" is out of order or repeated/},
    {name: 'a key repeated through an escape', given: '{"a":1,"\\u0061":2}', want: /out of order or repeated/},
    {name: 'keys out of order', given: '{"b":1,"a":2}', want: /key "a" is out of order/},
    {name: 'keys out of order inside an opaque member', given: '{"inputSchema":{"type":"object","properties":{}}}', want: /key "properties" is out of order/},
    {name: 'an input schema of 2,001 subschemas', given: `{"inputSchema":{"anyOf":[${Array.from({length: 2000}, () => 'true').join(',')}]}}`, want: /at \/inputSchema: the schema holds more than 2000 subschemas/},
    {name: 'an input schema of 2,001 subschemas under an escaped key', given: `{"input\\u0053chema":{"anyOf":[${Array.from({length: 2000}, () => 'true').join(',')}]}}`, want: /at \/inputSchema: the schema holds more than 2000 subschemas/},
    {name: 'a `when` schema of 2,001 subschemas', given: `{"confirmation":{"when":{"anyOf":[${Array.from({length: 2000}, () => '{}').join(',')}]}}}`, want: /at \/confirmation\/when: the schema holds more than 2000 subschemas/},
  ])('refuses $name', ({given, want}) => {
    it('with the reason', () => {
      const scan = scanRecordText(given, OPAQUE)
      expect(scan).toHaveProperty('problem')
      expect((scan as {problem: string}).problem).toMatch(want)
    })
  })

  describe.each([
    {given: '{"a":1,"inputSchema":{"type":"object"},"z":true}', record: '{"a":1,"z":true}', member: '{"type":"object"}'},
    {given: '{"a":"é😀","inputSchema":true,"outputSchema":null}', record: '{"a":"é😀","outputSchema":null}', member: 'true'},
    {given: '{ "a" : 1 , "inputSchema" : [1,2] }', record: '{ "a" : 1  }', member: '[1,2]'},
  ])('finds where the opaque member of $given lies', ({given, record, member}) => {
    it('so it can be cut out', () => {
      const scan = scanRecordText(given, OPAQUE) as Extract<ReturnType<typeof scanRecordText>, {spans: unknown}>
      const span = scan.spans.get('inputSchema')!
      expect({record: given.slice(0, span.from) + given.slice(span.end), member: given.slice(span.start, span.end)}).toEqual({record, member})
    })
  })

  it('keeps an input schema of many objects that are values, not subschemas', () => {
    const values = `{"inputSchema":{"enum":[${Array.from({length: 2500}, () => '{}').join(',')}]}}`
    expect(scanRecordText(values, OPAQUE)).toMatchObject({standIn: '{"inputSchema":{}}'})
  })

  it.each(['{"a":"unterminated', '{"a":"\\', '"', '{{{{'])('ends on text that is not JSON: %s', (text) => {
    expect(() => scanRecordText(text, OPAQUE)).not.toThrow()
  })
})
