import {Readable} from 'node:stream'

import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {readInput} from '../../../src/core/execute/index.js'

const FILE = 'test/fixtures/execute/input-instance.json'

describe('readInput', () => {
  it.each<{name: string; given: {json?: string; file?: string; stdin?: string}; want: unknown}>([
    {name: 'nothing given', given: {}, want: {}},
    {name: 'json', given: {json: '{"name":"web1"}'}, want: {name: 'web1'}},
    {name: 'any JSON value (execute checks the shape)', given: {json: '[1]'}, want: [1]},
    {name: 'a file', given: {file: FILE}, want: {name: 'web1', project: 'default'}},
    {name: 'stdin', given: {file: '-', stdin: '{"name":"from-stdin"}'}, want: {name: 'from-stdin'}},
  ])('reads $name', async ({given, want}) => {
    await expect(readInput(given, Readable.from([given.stdin ?? '']))).resolves.toEqual(want)
  })

  it.each<{name: string; given: {json?: string; file?: string; stdin?: string}; want: {kind: string; message: RegExp}}>([
    {name: 'invalid JSON in json', given: {json: '{name: web1}'}, want: {kind: 'usage', message: /^The input is not valid JSON \(.*\)\. Pass `json` with a JSON object/}},
    {name: 'invalid JSON on stdin', given: {file: '-', stdin: 'nope'}, want: {kind: 'usage', message: /stdin is not valid JSON/}},
    {name: 'a missing file', given: {file: 'test/fixtures/execute/nope.json'}, want: {kind: 'not_found', message: /^test\/fixtures\/execute\/nope.json: No such file/}},
    {name: 'a directory', given: {file: 'test/fixtures/execute'}, want: {kind: 'usage', message: /Not a regular file \(a directory\)/}},
  ])('refuses $name', async ({given, want}) => {
    const error = (await readInput(given, Readable.from([given.stdin ?? ''])).catch((e: unknown) => e)) as TamaError
    expect(error).toBeInstanceOf(TamaError)
    expect(error.kind).toBe(want.kind)
    expect(error.message).toMatch(want.message)
  })
})
