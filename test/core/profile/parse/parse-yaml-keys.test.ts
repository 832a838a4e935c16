import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {parseDocumentText} from '../../../../src/core/profile/index.js'

function refusal(text: string): TamaError {
  try {
    parseDocumentText(text, 'keys.yaml')
  } catch (error) {
    if (error instanceof TamaError) return error
    throw error
  }
  throw new Error(`accepted: ${text}`)
}

// Two keys of one mapping that YAML, or a reader of the value, takes for one property.
describe.each([
  {first: '1', second: '"1"', name: '1'},
  {first: '"1"', second: "'1'", name: '1'},
  {first: '1', second: '!!str 1', name: '1'},
  {first: 'true', second: '"true"', name: 'true'},
  {first: 'false', second: "'false'", name: 'false'},
  {first: 'null', second: '"null"', name: 'null'},
  {first: 'null', second: '~', name: '~'},
  {first: 'null', second: 'Null', name: 'Null'},
  {first: '"null"', second: 'NULL', name: 'NULL'},
  {first: '1', second: '0x1', name: '0x1'},
  {first: '1', second: '0o1', name: '0o1'},
  {first: '1', second: '01', name: '01'},
  {first: '1', second: '+1', name: '+1'},
  {first: '1', second: '1.0', name: '1.0'},
  {first: '100', second: '1e2', name: '1e2'},
  {first: '0', second: '-0', name: '-0'},
  {first: '".inf"', second: '.inf', name: '.inf'},
  {first: 'true', second: 'True', name: 'True'},
  {first: 'a', second: '"\\x61"', name: 'a'},
  {first: 'a', second: '"\\u0061"', name: 'a'},
  {first: '"a\\n"', second: '? |\n    a\n  ', name: 'a\n'},
  {first: '<<', second: '<<', name: '<<'},
])('$first then $second', ({first, second, name}) => {
  const text = `openapi: 3.1.0\ninfo:\n  title: t\n  version: '1'\nx:\n  ${first}: {maxLength: 3}\n  ${second}: {}\n`

  it('is refused as invalid_document, at the second key', () => {
    const error = refusal(text)
    expect(error.kind).toBe('invalid_document')
    const pointers = error.problems.map((problem) => problem.pointer)
    expect(pointers).toContain(`/x/${name.replaceAll('~', '~0')}`)
    // The second key is on line 7: its line and column are named.
    expect(error.problems.map((problem) => problem.message).join('\n')).toMatch(/ at line 7, column [3-9]\b/)
  })

  it('is refused in a flow mapping too', () => {
    const flow = `{openapi: 3.1.0, x: {${first.includes('\n') ? '"a\\n"' : first}: 1, ${second.includes('\n') ? '"a\\n"' : second}: 2}}\n`
    expect(refusal(flow).kind).toBe('invalid_document')
  })
})

describe('keys that have no text of their own', () => {
  it.each([
    {given: 'a collection', text: 'x:\n  ? [a]\n  : 1\n', what: 'collection'},
    {given: 'a mapping', text: 'x:\n  ? {a: 1}\n  : 1\n', what: 'collection'},
    {given: 'an alias', text: 'a: &k foo\nx:\n  foo: 1\n  *k : 2\n', what: 'alias'},
    {given: 'an alias to a collection', text: 'a: &k [b]\nx:\n  *k : 2\n', what: 'alias'},
  ])('$given as a key is refused', ({text, what}) => {
    const error = refusal(text)
    expect(error.kind).toBe('invalid_document')
    expect(error.problems[0]!.message).toContain(`is a YAML ${what}; a key must be text`)
  })

  it.each(['!!null ~', '!!int 0x1', '!!bool yes', '!!binary aGk=', '!custom k'])('a key tagged %s other than a string is refused', (key) => {
    expect(refusal(`x:\n  ${key}: 1\n`).problems[0]!.message).toMatch(/has the tag .*Remove the tag/)
  })

  it('an empty key is refused, since YAML reads it as null', () => {
    expect(refusal('x:\n  ? \n  : 1\n').problems[0]!.message).toContain('is read by YAML as null')
  })
})

describe('keys that mean their text are read as written', () => {
  it.each([
    {given: '200: a\n"201": b\ndefault: c', want: {200: 'a', 201: 'b', default: 'c'}},
    {given: 'null: a\ntrue: b\nfalse: c\n0: d\n-1: e', want: {null: 'a', true: 'b', false: 'c', 0: 'd', '-1': 'e'}},
    {given: '"0x1": a\n!!str 0o1: b\n"~": c\n"1.0": d', want: {'0x1': 'a', '0o1': 'b', '~': 'c', '1.0': 'd'}},
    {given: '"<<": {a: 1}\nb: 2', want: {'<<': {a: 1}, b: 2}},
  ])('$given', ({given, want}) => {
    expect(parseDocumentText(`${given}\n`, 'keys.yaml')).toEqual(want)
  })
})
